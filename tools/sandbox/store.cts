/**
 * The sandbox's state: every collection, the lookups over it, the four change
 * feeds, the job runner and a tiny scheduler for delayed effects (user removal).
 * Mutations that must show up in a feed call the `emit*` methods.
 */
import type { SandboxClock } from './clock.cjs';
import { FeedLog, type FeedName, type ServerTimestampMode } from './feeds.cjs';
import { JobRunner } from './jobs.cjs';
import { Rng } from './prng.cjs';
import { attendeeFeedRow, certificateFeedRow, enrollmentFeedRow, memberFeedRow } from './render.cjs';
import type {
	Attendee,
	Certificate,
	Club,
	Collection,
	CommunityEvent,
	ContentItem,
	ContentKind,
	Contribution,
	ContributionLog,
	Course,
	Enrollment,
	Member,
	OptOut,
	ProfileQuestion,
	Space,
	SubscriptionType,
	Tag,
} from './types.cjs';
import { type Json, iso } from './validate.cjs';

interface ScheduledTask {
	dueAt: number;
	run: () => void;
}

/**
 * The spec does not say what a create job does with a row whose email a member has. `fail-row`
 * (the default): the row fails when the job reaches it (`failed`, "a user with this email already
 * exists"), as a member can be created between the submission and the processing, so this must
 * be checked then anyway. `refuse-job`: the submission is refused whole with 400 naming the row,
 * the other reading of batch rule 1 ("if any user fails validation the whole batch is rejected").
 */
export const EXISTING_EMAIL_RULES = ['fail-row', 'refuse-job'] as const;
export interface CreateJobRules {
	existingEmail: (typeof EXISTING_EMAIL_RULES)[number];
	/** Emails for which a member is created when the next create job arrives, before it is checked (a race). */
	takeEmailsFirst: string[];
}

export class Store {
	/** The feed cursor format the API accepts; raising it makes every outstanding cursor "unsupported" (a server upgrade). */
	cursorVersion = 1;
	/** What a feed page with more rows waiting says as its serverTimestamp (see feeds.ts). */
	serverTimestampMode: ServerTimestampMode = 'last-row';
	/** How a create job treats a row whose email a member already has, and emails taken when the next create job arrives (see routes/batch.cts). */
	createJobRules: CreateJobRules = { existingEmail: 'fail-row', takeEmailsFirst: [] };
	readonly members = new Map<string, Member>();
	private readonly byEmail = new Map<string, Member>();
	questions: ProfileQuestion[] = [];
	spaces: Space[] = [];
	clubs: Club[] = [];
	events: CommunityEvent[] = [];
	readonly content: Record<ContentKind, ContentItem[]> = {
		video: [],
		blog: [],
		podcast: [],
		resource: [],
		externalContent: [],
	};
	collections: Collection[] = [];
	tags: Tag[] = [];
	subscriptionTypes: SubscriptionType[] = [];
	optOuts: OptOut[] = [];
	contributions: Contribution[] = [];
	contributionLogs: ContributionLog[] = [];
	courses: Course[] = [];
	enrollments: Enrollment[] = [];
	certificates: Certificate[] = [];
	readonly feeds: Record<FeedName, FeedLog> = {
		users: new FeedLog('users'),
		'event-attendees': new FeedLog('event-attendees'),
		'course-enrollments': new FeedLog('course-enrollments'),
		'course-certificates': new FeedLog('course-certificates'),
	};
	/** randomness for things created while running (ids, admin picks); separate from seeding */
	readonly rng: Rng;
	readonly jobs: JobRunner;
	private tasks: ScheduledTask[] = [];

	constructor(
		readonly clock: SandboxClock,
		seed: number,
	) {
		this.rng = new Rng(seed * 7919 + 17);
		this.jobs = new JobRunner(this.rng);
	}

	now(): number {
		return this.clock.now();
	}

	newId(): string {
		return this.rng.objectId();
	}

	/** Applies everything that has fallen due on the clock: job progress, scheduled removals. */
	tick(): void {
		const now = this.now();
		this.jobs.tick(now);
		if (!this.tasks.length) return;
		const due = this.tasks.filter((t) => t.dueAt <= now);
		this.tasks = this.tasks.filter((t) => t.dueAt > now);
		for (const task of due) task.run();
	}

	schedule(dueAt: number, run: () => void): void {
		this.tasks.push({ dueAt, run });
	}

	// ------------------------------------------------------------ members

	addMember(member: Member): void {
		this.members.set(member.id, member);
		if (member.email) this.byEmail.set(member.email.toLowerCase(), member);
	}

	/** Any stored member (archived included) with that email, case-insensitive. */
	memberByEmail(email: string): Member | undefined {
		return this.byEmail.get(email.toLowerCase());
	}

	activeMember(id: string): Member | undefined {
		const member = this.members.get(id);
		return member && !member.archived ? member : undefined;
	}

	activeMemberByEmail(email: string): Member | undefined {
		const member = this.memberByEmail(email);
		return member && !member.archived ? member : undefined;
	}

	activeMembers(): Member[] {
		const out: Member[] = [];
		for (const member of this.members.values()) if (!member.archived) out.push(member);
		return out;
	}

	/** Removes a member for good and emits the tombstone. */
	removeMember(member: Member): Json {
		this.members.delete(member.id);
		if (member.email && this.byEmail.get(member.email.toLowerCase()) === member) {
			this.byEmail.delete(member.email.toLowerCase());
		}
		for (const club of this.clubs) club.memberIds.delete(member.id);
		const now = this.now();
		return this.feeds.users.append(member.id, { id: member.id, removed: true, removedAt: iso(now) }, now);
	}

	// ------------------------------------------------------------ feed emitters

	emitMember(member: Member, at = this.now()): Json {
		return this.feeds.users.append(member.id, memberFeedRow(this, member), at);
	}

	emitAttendee(attendee: Attendee, at = this.now()): Json {
		return this.feeds['event-attendees'].append(attendee.id, attendeeFeedRow(attendee), at);
	}

	emitEnrollment(enrollment: Enrollment, at = this.now()): Json {
		return this.feeds['course-enrollments'].append(enrollment.id, enrollmentFeedRow(this, enrollment), at);
	}

	emitCertificate(certificate: Certificate, at = this.now()): Json {
		return this.feeds['course-certificates'].append(certificate.id, certificateFeedRow(certificate), at);
	}

	// ------------------------------------------------------------ lookups

	question(id: string): ProfileQuestion | undefined {
		return this.questions.find((q) => q.id === id);
	}

	club(id: string): Club | undefined {
		return this.clubs.find((c) => c.clubId === id);
	}

	event(id: string): CommunityEvent | undefined {
		return this.events.find((e) => e.id === id);
	}

	eventBySlug(slug: string): CommunityEvent | undefined {
		return this.events.find((e) => e.slug === slug);
	}

	activeTag(id: string): Tag | undefined {
		const tag = this.tags.find((t) => t.id === id);
		return tag && !tag.archived ? tag : undefined;
	}

	activeTagByName(name: string): Tag | undefined {
		return this.tags.find((t) => !t.archived && t.name === name);
	}

	tagNames(ids: readonly string[]): string[] {
		const names: string[] = [];
		for (const id of ids) {
			const tag = this.activeTag(id);
			if (tag) names.push(tag.name);
		}
		return names;
	}

	/** The active tag with that exact (case-sensitive) name, created when missing. */
	ensureTag(name: string): Tag {
		const existing = this.activeTagByName(name);
		if (existing) return existing;
		const now = this.now();
		const tag: Tag = {
			id: this.newId(),
			name,
			searchName: name,
			createdAt: now,
			updatedAt: now,
			archived: false,
			extra: { forumPosts: 0, forumTopics: 0, courses: 0, learningPaths: 0 },
			pinnedPost: false,
		};
		this.tags.push(tag);
		return tag;
	}

	contentItem(kind: ContentKind, id: string): ContentItem | undefined {
		return this.content[kind].find((c) => c.id === id);
	}

	clubNameOf(clubId: string | undefined): string {
		return (clubId && this.club(clubId)?.name) || 'Community';
	}
}
