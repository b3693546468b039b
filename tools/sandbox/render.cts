/** How stored entities look on the wire. One function per shape; routes, feeds and admin share them. */
import type { Store } from './store.cjs';
import type {
	ApplicationRequest,
	Attendee,
	Certificate,
	Club,
	Collection,
	CommunityEvent,
	ContentItem,
	Enrollment,
	Invitee,
	Member,
	OptOut,
	SubscriptionType,
	Tag,
} from './types.cjs';
import { type Json, iso, isoOrEmpty, optIso } from './validate.cjs';

/** Public web address used in rendered URLs. */
export const SITE_URL = 'https://community.example.com';

/** Drops keys whose value is undefined (optional fields are omitted, not null). */
function compact(obj: Json): Json {
	for (const key of Object.keys(obj)) if (obj[key] === undefined) delete obj[key];
	return obj;
}

export function displayName(member: Pick<Member, 'firstName' | 'lastName'>): string {
	return [member.firstName, member.lastName].filter(Boolean).join(' ');
}

/** Profile answers by question title; Secret questions are masked (left out). */
export function questionnaireOf(store: Store, member: Member): Record<string, string> {
	const out: Record<string, string> = {};
	for (const question of store.questions) {
		const answer = member.answers.get(question.id);
		if (answer !== undefined && question.visibility !== 'Secret') out[question.title] = answer;
	}
	return out;
}

export function memberView(store: Store, m: Member): Json {
	return compact({
		userId: m.id,
		userEmail: m.email,
		userFirstName: m.firstName,
		userLastName: m.lastName,
		displayName: displayName(m),
		userTitle: m.title,
		userCompany: m.company,
		userAvatarUrl: m.avatarUrl,
		userLinkedIn: m.linkedIn,
		userLocation: m.location,
		memberType: m.memberType,
		approvalStatus: m.approvalStatus,
		spaces: [...m.spaces],
		questionnaire: questionnaireOf(store, m),
		signUpAt: optIso(m.signUpAt),
		lastLoginAt: optIso(m.lastLoginAt),
		onboardingAt: optIso(m.onboardingAt),
		lifetimePoints: m.lifetimePoints,
		remainingPoints: m.remainingPoints,
		externalId: m.external?.id,
		externalDisplayId: m.external?.displayId,
		externalProfileUrl: m.external?.profileUrl,
	});
}

/** Full snapshot; the feed read strips questionnaire / spaces / points unless included. */
export function memberFeedRow(store: Store, m: Member): Json {
	return { id: m.id, ...memberView(store, m), archived: m.archived, removed: false };
}

export const MEMBER_INCLUDE_KEYS: Record<string, readonly string[]> = {
	questionnaire: ['questionnaire'],
	spaces: ['spaces'],
	points: ['lifetimePoints', 'remainingPoints'],
};

export function profileUpdateView(m: Member, updatedAnswers: Record<string, string>): Json {
	return {
		user: {
			id: m.id,
			firstName: m.firstName,
			lastName: m.lastName ?? '',
			position: m.title,
			company: m.company,
			pictureUrl: m.avatarUrl ?? '',
			bio: m.bio,
			memberType: m.memberType,
			// the spec warns that response casing may vary: this response capitalises it
			approvalStatus: m.approvalStatus[0].toUpperCase() + m.approvalStatus.slice(1),
		},
		updatedQuestionAnswers: updatedAnswers,
	};
}

export function clubEntry(club: Club): Json {
	return { clubId: club.clubId, name: club.name, slug: club.slug };
}

export function applicationView(store: Store, app: ApplicationRequest): Json {
	const applicant = store.activeMember(app.applicantId);
	return {
		id: app.id,
		status: app.status,
		operatedAt: app.operatedAt === null ? null : iso(app.operatedAt),
		createdAt: iso(app.createdAt),
		expiredAt: app.expiredAt === null ? null : iso(app.expiredAt),
		operator: app.operator,
		form: app.form,
		applicant: applicant ? memberView(store, applicant) : null,
	};
}

export function eventUrl(store: Store, e: CommunityEvent): string {
	const club = e.clubId ? store.club(e.clubId) : undefined;
	return club ? `${SITE_URL}/home/clubs/${club.slug}/events/${e.slug}` : `${SITE_URL}/home/events/${e.slug}`;
}

export function eventView(store: Store, e: CommunityEvent): Json {
	return {
		eventId: e.id,
		eventTitle: e.title,
		eventType: e.type,
		eventTimezone: e.timezone,
		eventStartTime: iso(e.start),
		eventEndTime: iso(e.end),
		eventCreatedTime: iso(e.createdAt),
		eventCreatedFrom: 'CommunityDashboard',
		eventSlug: e.slug,
		eventUrl: eventUrl(store, e),
		eventStatus: e.status,
		eventCoverUrl: e.coverUrl,
		eventTag: store.tagNames(e.tagIds),
		eventLocation: e.location,
		access: e.access,
		spaces: [...e.spaces],
		ownership: store.clubNameOf(e.clubId),
		unlisted: e.unlisted,
	};
}

export function attendeeView(a: Attendee): Json {
	return {
		attendeeId: a.id,
		userId: a.userId,
		attendeeFirstName: a.firstName,
		attendeeLastName: a.lastName,
		attendeeDisplayName: [a.firstName, a.lastName].filter(Boolean).join(' '),
		attendeeEmail: a.email,
		attendeeType: a.attendeeType,
		ticketType: a.ticketType,
		registeredAt: iso(a.registeredAt),
		joinedAt: isoOrEmpty(a.joinedAt),
		lastOnlineAt: isoOrEmpty(a.lastOnlineAt),
		checkedInAt: isoOrEmpty(a.checkedInAt),
		registrationSource: a.registrationSource,
		attendeeLinkedUrl: a.linkedUrl,
		attendeeCompanyName: a.company,
		attendeePosition: a.position,
		eventQuestions: a.eventQuestions,
	};
}

export function attendeeFeedRow(a: Attendee): Json {
	return { id: a.id, ...attendeeView(a), eventId: a.eventId, cancelledAt: isoOrEmpty(a.cancelledAt), removed: false };
}

export function inviteeView(store: Store, i: Invitee): Json {
	const admin = i.inviteAdminId ? store.members.get(i.inviteAdminId) : undefined;
	const usedBy = i.usedByUserId ? store.members.get(i.usedByUserId) : undefined;
	return {
		inviteeId: i.id,
		inviteeEmail: i.email,
		attendeeType: i.attendeeType,
		ticketType: i.ticketType,
		inviteAdmin: admin ? displayName(admin) : null,
		ccEmailAddresses: [...i.cc],
		note: i.note,
		createdAt: iso(i.createdAt),
		usedAt: i.usedAt === null ? null : iso(i.usedAt),
		usedBy: i.usedByUserId ? { userId: i.usedByUserId, displayName: usedBy ? displayName(usedBy) : null } : null,
	};
}

const CONTENT_PATH: Record<ContentItem['kind'], string> = {
	video: 'videos',
	blog: 'blogs',
	podcast: 'podcasts',
	resource: 'resources',
	externalContent: 'external-contents',
};

export function contentView(store: Store, c: ContentItem): Json {
	const p = c.kind;
	const common = { spaces: [...c.spaces], access: c.access, ownership: c.ownership };
	const tags = store.tagNames(c.tagIds);
	switch (c.kind) {
		case 'video':
			return {
				videoId: c.id,
				videoTitle: c.title,
				videoDescription: c.summary,
				videoCreatedAt: iso(c.createdAt),
				videoSlug: c.slug,
				videoUrl: c.videoUrl ?? `${SITE_URL}/home/videos/${c.slug}`,
				videoThumbnailUrl: c.coverUrl,
				videoDuration: c.duration ?? 0,
				videoTags: tags,
				...common,
			};
		case 'externalContent':
			return {
				externalContentId: c.id,
				externalContentTitle: c.title,
				externalContentSummary: c.summary,
				externalContentContent: c.content,
				externalContentCategory: c.category,
				externalContentCreatedAt: iso(c.createdAt),
				externalContentSlug: c.slug,
				externalContentCoverUrl: c.coverUrl,
				externalContentLink: c.link,
				externalContentTags: tags,
				...common,
			};
		default:
			return {
				[`${p}Id`]: c.id,
				[`${p}Title`]: c.title,
				[`${p}SubTitle`]: c.subTitle,
				[`${p}Author`]: c.author,
				[`${p}Summary`]: c.summary,
				[`${p}Content`]: c.content,
				[`${p}Category`]: c.category,
				[`${p}CreatedAt`]: iso(c.createdAt),
				[`${p}Slug`]: c.slug,
				[`${p}CoverUrl`]: c.coverUrl,
				[`${p}Tags`]: tags,
				...common,
			};
	}
}

export function contentUrl(c: ContentItem): string {
	return `${SITE_URL}/home/${CONTENT_PATH[c.kind]}/${c.slug}`;
}

export function collectionView(store: Store, c: Collection): Json {
	return {
		collectionId: c.id,
		collectionName: c.name,
		collectionVisibility: c.visibility,
		collectionUrl: `${SITE_URL}/home/collections/${c.slug}`,
		collectionCoverUrl: c.coverUrl,
		collectionSlug: c.slug,
		collectionUpdatedAt: iso(c.updatedAt),
		collectionContent: c.items.flatMap((ref) => {
			const item = store.contentItem(ref.kind, ref.id);
			return item ? [{ type: ref.kind, id: item.id, title: item.title }] : [];
		}),
	};
}

export function tagView(t: Tag): Json {
	return { tagId: t.id, tagName: t.name, tagCreatedAt: iso(t.createdAt), tagUpdatedAt: iso(t.updatedAt) };
}

export function tagUsage(store: Store, t: Tag): Record<string, number> {
	const count = (items: ReadonlyArray<{ tagIds: string[] }>) => items.filter((i) => i.tagIds.includes(t.id)).length;
	return {
		events: count(store.events),
		videos: count(store.content.video),
		blogs: count(store.content.blog),
		podcasts: count(store.content.podcast),
		resources: count(store.content.resource),
		externalContents: count(store.content.externalContent),
		forumPosts: t.extra.forumPosts,
		forumTopics: t.extra.forumTopics,
		courses: t.extra.courses,
		learningPaths: t.extra.learningPaths,
		collections: count(store.collections),
	};
}

export function tagDetailView(store: Store, t: Tag): Json {
	const usage = tagUsage(store, t);
	const total = Object.values(usage).reduce((a, b) => a + b, 0);
	return { ...tagView(t), tagInUse: total > 0 || t.pinnedPost, tagUsageTotal: total, tagUsage: usage };
}

export function optOutView(store: Store, row: OptOut): Json {
	const member = store.members.get(row.userId);
	const type = row.typeId ? store.subscriptionTypes.find((s) => s.id === row.typeId) : undefined;
	return {
		userId: row.userId,
		userEmail: member?.email ?? null,
		subscriptionTypeId: row.typeId,
		subscriptionTypeName: type ? type.name : null,
		scope: row.typeId ? 'specific' : 'all',
		unsubscribedAt: iso(row.unsubscribedAt),
	};
}

export function subscriptionTypeView(t: SubscriptionType): Json {
	return {
		id: t.id,
		name: t.name,
		description: t.description,
		hidden: t.hidden,
		createdAt: iso(t.createdAt),
		updatedAt: iso(t.updatedAt),
	};
}

export function enrollmentFeedRow(store: Store, e: Enrollment): Json {
	const m = store.members.get(e.userId);
	return {
		id: e.id,
		userId: e.userId,
		enrolleeFirstName: m?.firstName ?? '',
		enrolleeLastName: m?.lastName ?? '',
		enrolleeDisplayName: m ? displayName(m) : '',
		enrolleeEmail: m?.email ?? '',
		enrolleePosition: m?.title ?? '',
		enrolleeCompany: m?.company ?? '',
		courseId: e.courseId,
		enrolledAt: iso(e.enrolledAt),
		activeStatus: e.activeStatus,
		terminatedAt: isoOrEmpty(e.terminatedAt),
		progressStatus: e.progressStatus,
		completedAt: isoOrEmpty(e.completedAt),
		progress: `${e.progress}%`,
		score: e.score,
		removed: false,
	};
}

export function certificateFeedRow(c: Certificate): Json {
	return {
		id: c.id,
		certificateId: c.id,
		certificateName: c.name,
		userId: c.userId,
		recipientName: c.recipientName,
		recipientEmail: c.recipientEmail,
		recipientTitle: c.recipientTitle,
		recipientCompany: c.recipientCompany,
		certificateStatus: c.status,
		issuedAt: iso(c.issuedAt),
		expiryDate: isoOrEmpty(c.expiryDate),
		certificateUrl: `${SITE_URL}/certificates/${c.id}`,
		courseId: c.courseId,
		revokedAt: isoOrEmpty(c.revokedAt),
		revocationReason: c.revocationReason,
		removed: false,
	};
}
