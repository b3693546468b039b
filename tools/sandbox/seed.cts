/**
 * Deterministic seed data: the same seed and sizes give the same community (ids,
 * names, relations). Timestamps are laid out relative to the clock's start, so
 * feed history is always in the past and older than the hold-back.
 */
import type { SandboxClock } from './clock.cjs';
import { newCertificate } from './domain.cjs';
import { Rng } from './prng.cjs';
import { displayName } from './render.cjs';
import { Store } from './store.cjs';
import type {
	ApplicationRequest,
	ApplicationStatus,
	Attendee,
	AttendeeType,
	Certificate,
	CommunityEvent,
	ContentItem,
	ContentKind,
	Enrollment,
	EnrollmentStatus,
	EventAccess,
	Invitee,
	Member,
	MemberType,
	ProfileQuestion,
	Tag,
	TicketType,
} from './types.cjs';
import { CONTENT_KINDS, REGISTRATION_SOURCES } from './types.cjs';
import { slugify } from './validate.cjs';

export interface SeedSizes {
	/** members (default 300; raised automatically when `optOuts` needs more) */
	members: number;
	/** events (default 24) */
	events: number;
	/** items per content kind: videos, blogs, podcasts, resources, external contents (default 40) */
	contentPerType: number;
	/** email opt-out rows (default 300) */
	optOuts: number;
	/** rows in the members feed at start (default: every member); the most recently changed members */
	feedBacklog?: number;
}

export const DEFAULT_SIZES: SeedSizes = { members: 300, events: 24, contentPerType: 40, optOuts: 300 };

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** the newest seeded change is this far in the past (well beyond the 2-minute hold-back) */
const NEWEST_SEEDED_CHANGE = 10 * MIN;

const FIRST_NAMES = 'Ada Alan Grace Linus Margaret Dennis Barbara Ken Frances Edsger Radia Tim Katherine Donald Hedy John Sophie Lena Marco Yuki Priya Omar Chloe Mateo Amara Noah Ines Lucas Zara Elena Kofi Mei Diego Aisha Felix Nora Ravi Hana Oscar Leila Jonas Sara Tariq Emma Liam Olga Pablo Rosa Sven Tara Viktor Wen Ximena Yusuf Zoe Anika Bruno Carmen Dmitri Esther'.split(' ');
const LAST_NAMES = "Lovelace Turing Hopper Torvalds Hamilton Ritchie Liskov Thompson Allen Dijkstra Perlman Berners-Lee Johnson Knuth Lamarr McCarthy Wilson Fischer Rossi Tanaka Sharma Haddad Martin Garcia Okafor Schmidt Dubois Silva Khan Petrova Mensah Chen Lopez Bello Novak Larsen Patel Kim Nilsson Farah Weber Costa Aziz Brown Murphy Ivanova Ruiz Moreau Berg Singh Horvat Zhang Alvarez Yilmaz Evans Kowalski Romano Suzuki O'Brien Nakamura".split(' ');
const COMPANIES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Labs', 'Stark Industries', 'Wayne Enterprises', 'Hooli', 'Pied Piper', 'Vandelay Industries', 'Tyrell Systems', 'Massive Dynamic', 'Aperture Science', 'Wonka Industries', 'Nimbus Data', 'Bluebird Health', 'Northwind Traders', 'Contoso', 'Fabrikam', 'Tailspin Toys', 'Litware', 'Adventure Works', 'Proseware', 'Woodgrove Bank'];
const TITLES = ['Software Engineer', 'Senior Software Engineer', 'Product Manager', 'Product Designer', 'UX Researcher', 'Data Scientist', 'Engineering Manager', 'CTO', 'VP Marketing', 'Community Manager', 'Developer Advocate', 'Solutions Architect', 'Account Executive', 'Customer Success Manager', 'DevOps Engineer', 'Security Analyst', 'Founder', 'Head of Operations', 'Technical Writer', 'QA Engineer'];
const CITIES = ['Berlin, Germany', 'London, United Kingdom', 'New York, USA', 'San Francisco, USA', 'Paris, France', 'Tokyo, Japan', 'Lagos, Nigeria', 'São Paulo, Brazil', 'Toronto, Canada', 'Sydney, Australia', 'Bangalore, India', 'Amsterdam, Netherlands', 'Nairobi, Kenya', 'Madrid, Spain', 'Stockholm, Sweden', 'Singapore', 'Seoul, South Korea', 'Dublin, Ireland'];
const DOMAINS = ['example.com', 'example.org', 'mail.example.net', 'corp.example.com', 'example.io'];
const TIMEZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Europe/London', 'America/Los_Angeles', 'UTC'];
const TOPICS = ['AI', 'Cloud Security', 'Design Systems', 'Data Pipelines', 'Product Discovery', 'Developer Experience', 'Observability', 'Community Growth', 'Open Source', 'Mobile Apps', 'Accessibility', 'Remote Teams', 'APIs', 'Pricing', 'Onboarding'];
const TAG_NAMES = ['Design', 'design', 'AI', 'Machine Learning', 'Cloud', 'Security', 'DevOps', 'Product', 'Leadership', 'Community', 'Marketing', 'Sales', 'Data', 'Analytics', 'Open Source', 'Careers', 'Onboarding', 'Webinar', 'Workshop', 'Meetup', 'Announcements', 'Tutorial', 'Case Study', 'Best Practices', 'Roadmap', 'Release Notes', 'Hiring', 'Networking', 'Mentoring', 'Diversity', 'Remote Work', 'APIs', 'Integrations', 'Mobile', 'Web', 'Accessibility', 'Performance', 'Testing', 'UX Research', 'Strategy'];
/** tags [0, USED_TAGS) are attached to content; the rest are unused except for forum usage set below */
const USED_TAGS = 30;
const CLUBS: Array<[string, 'Open' | 'Private']> = [['Product Builders', 'Open'], ['Design Guild', 'Open'], ['Data & AI Circle', 'Private'], ['Founders Lounge', 'Private'], ['Berlin Chapter', 'Open'], ['Women in Tech', 'Open'], ['Customer Advisory Board', 'Private'], ['Open Source Crew', 'Open']];
const CLUB_QUESTIONS = ['Why do you want to join?', 'How did you hear about us?'];
const COURSES = ['Getting Started', 'Community Management 101', 'Advanced Analytics', 'Event Hosting', 'API Fundamentals', 'Moderation Basics', 'Content Strategy', 'Security Essentials', 'Product Onboarding', 'Leadership Skills'];
const CATEGORIES = ['Guides', 'News', 'Stories', 'Announcements', 'Research'];

export function seedStore(clock: SandboxClock, seed: number, sizes: SeedSizes): Store {
	const store = new Store(clock, seed);
	const rng = new Rng(seed);
	const t0 = clock.origin;
	const past = (t: number) => Math.min(t, t0 - NEWEST_SEEDED_CHANGE);

	seedReferenceData(store, rng, t0);
	const members = seedMembers(store, rng, t0, Math.max(1, sizes.members));
	const active = members.filter((m) => !m.archived && m.email);
	const admins = active.slice(0, 3);

	// members feed: the most recently changed `feedBacklog` members
	const changedAt = new Map(members.map((m) => [m.id, past(Math.max(m.createdAt, t0 - rng.int(NEWEST_SEEDED_CHANGE, 60 * DAY)))]));
	const backlog = members.slice().sort((a, b) => (changedAt.get(a.id) as number) - (changedAt.get(b.id) as number));
	const feedCount = Math.min(sizes.feedBacklog ?? backlog.length, backlog.length);
	for (const m of backlog.slice(backlog.length - feedCount)) store.emitMember(m, changedAt.get(m.id));

	seedClubs(store, rng, t0, active, admins, members);
	seedTags(store, rng, t0);
	seedContent(store, rng, t0, sizes.contentPerType, active);
	seedEvents(store, rng, t0, sizes.events, active, admins, past);
	seedOptOuts(store, rng, t0, members, sizes.optOuts);
	seedCourses(store, rng, t0, active, past);
	return store;
}

function ascii(name: string): string {
	return name.toLowerCase().replace(/[^a-z]/g, '');
}

function seedReferenceData(store: Store, rng: Rng, t0: number): void {
	const q = (spec: Omit<ProfileQuestion, 'id' | 'subtitle' | 'required' | 'visibility' | 'inUserProfileForm' | 'isUserEditable'> & Partial<ProfileQuestion>): ProfileQuestion => ({
		id: rng.objectId(),
		subtitle: '',
		required: false,
		visibility: 'Public',
		inUserProfileForm: true,
		isUserEditable: true,
		...spec,
	});
	store.questions = [
		q({ title: 'What is your job function?', type: 'Single Select', required: true, options: ['Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations'], withOtherOption: true }),
		q({ title: 'Which topics interest you?', type: 'Multi Select', subtitle: 'Pick up to three', options: ['AI', 'Cloud', 'Security', 'Data', 'DevOps', 'Mobile', 'Web'], withOtherOption: false, minNumOfSelection: 1, maxNumOfSelection: 3 }),
		q({ title: 'Tell us about yourself', type: 'Paragraph', maxLength: 2000, minLength: 10 }),
		q({ title: 'Where are you based?', type: 'Location', locationType: 'City' }),
		q({ title: 'Personal website', type: 'URL', visibility: 'MembersOnly' }),
		q({ title: 'Favourite programming language', type: 'Single Line Text', maxLength: 100 }),
		q({ title: 'Years of experience', type: 'Single Select', options: ['0-2', '3-5', '6-10', '10+'], withOtherOption: false, visibility: 'MembersOnly' }),
		q({ title: 'Internal account notes', type: 'Single Line Text', maxLength: 200, visibility: 'Secret', inUserProfileForm: false, isUserEditable: false }),
	];
	store.spaces = [
		{ name: 'Members', description: 'Everyone who joined the community' },
		{ name: 'Customers', description: 'Verified customers' },
		{ name: 'Partners' },
		{ name: 'Beta Testers', description: 'Early access programme' },
		{ name: 'Ambassadors', description: 'Community ambassadors' },
		{ name: 'Staff' },
	];
	const types: Array<[string, string, string | null, boolean]> = [
		['newsletter', 'Monthly newsletter', 'News and highlights from the community', false],
		['product_updates', 'Product updates', 'Release notes and feature announcements', false],
		['event_reminders', 'Event reminders', null, false],
		['weekly_digest', 'Weekly digest', 'The best discussions of the week', false],
		['announcements', 'Community announcements', null, false],
		['partner_offers', 'Partner offers', 'Retired in favour of the newsletter', true],
		['surveys', 'Surveys', 'Occasional research surveys', false],
		['beta_program', 'Beta programme', null, true],
	];
	store.subscriptionTypes = types.map(([systemKey, name, description, hidden], i) => {
		const createdAt = t0 - (800 - i * 40) * DAY;
		return { id: rng.objectId(), systemKey, name, description, hidden, createdAt, updatedAt: hidden ? t0 - rng.int(10, 100) * DAY : createdAt };
	});
	store.contributions = [
		{ name: 'Answered a question', points: 10 },
		{ name: 'Hosted an event', points: 100 },
		{ name: 'Wrote a blog post', points: 50 },
		{ name: 'Referred a member', points: 25 },
		{ name: 'Gave a talk', points: 75 },
		{ name: 'Reported a bug', points: 15 },
	];
	store.courses = COURSES.map((name) => ({ id: rng.objectId(), name }));
}

function seedAnswer(rng: Rng, question: ProfileQuestion, member: Member): string | undefined {
	switch (question.type) {
		case 'Single Select':
			return rng.pick(question.options ?? []);
		case 'Multi Select':
			return rng.sample(question.options ?? [], rng.int(1, question.maxNumOfSelection ?? 2)).join(';');
		case 'Paragraph':
			return `${member.title} at ${member.company}. Happy to talk about ${rng.pick(TOPICS)}.`;
		case 'Location':
			return member.location;
		case 'URL':
			return `https://${ascii(member.firstName)}.example.dev`;
		case 'Single Line Text':
			return question.visibility === 'Secret' ? `Account tier ${rng.int(1, 3)}` : rng.pick(['TypeScript', 'Go', 'Python', 'Rust', 'Kotlin']);
	}
}

function seedMembers(store: Store, rng: Rng, t0: number, count: number): Member[] {
	const taken = new Set<string>();
	const members: Member[] = [];
	for (let i = 0; i < count; i++) {
		const firstName = rng.pick(FIRST_NAMES);
		const lastName = rng.chance(0.03) ? undefined : rng.pick(LAST_NAMES);
		const domain = rng.pick(DOMAINS);
		let local = lastName ? `${ascii(firstName)}.${ascii(lastName)}` : ascii(firstName);
		if (i % 29 === 7) local += '+community';
		let email = `${local}@${domain}`;
		for (let n = 2; taken.has(email); n++) email = `${local}${n}@${domain}`;
		taken.add(email);
		const createdAt = t0 - rng.int(1, 730) * DAY - rng.int(0, DAY);
		const roll = rng.next();
		const approvalStatus = roll < 0.9 ? 'approved' : roll < 0.96 ? 'pending' : 'unapproved';
		const typeRoll = rng.next();
		const memberType: MemberType = typeRoll < 0.85 ? 'Standard' : typeRoll < 0.95 ? 'Guest' : 'Limited Approval';
		const recent = (t: number) => Math.min(t, t0 - 20 * MIN);
		const signUpAt = approvalStatus === 'pending' && rng.chance(0.5) ? undefined : recent(createdAt + rng.int(0, 2 * DAY));
		const member: Member = {
			id: rng.objectId(),
			// a few member records carry no address (opt-out rows then show userEmail null)
			email: i % 97 === 50 ? undefined : email,
			firstName,
			lastName,
			title: rng.pick(TITLES),
			company: rng.pick(COMPANIES),
			avatarUrl: rng.chance(0.7) ? `https://cdn.example.com/avatars/${rng.hex(12)}.png` : undefined,
			linkedIn: rng.chance(0.5) ? `https://www.linkedin.com/in/${local.replace('+community', '')}-${rng.hex(4)}` : undefined,
			location: rng.chance(0.6) ? rng.pick(CITIES) : undefined,
			bio: '',
			memberType,
			approvalStatus,
			spaces: rng.chance(0.8) ? ['Members', ...rng.sample(store.spaces.slice(1).map((s) => s.name), rng.int(0, 2))] : [],
			answers: new Map(),
			createdAt,
			signUpAt,
			onboardingAt: signUpAt !== undefined && rng.chance(0.8) ? recent(signUpAt + rng.int(5 * MIN, 3 * DAY)) : undefined,
			lastLoginAt: signUpAt !== undefined && rng.chance(0.9) ? rng.int(signUpAt, Math.max(signUpAt, t0 - 15 * MIN)) : undefined,
			lifetimePoints: 0,
			remainingPoints: 0,
			archived: i >= 10 && rng.chance(0.02),
		};
		member.lifetimePoints = rng.int(0, 5000);
		member.remainingPoints = rng.int(0, member.lifetimePoints);
		if (rng.chance(0.1)) {
			const ext = String(rng.int(100000, 999999));
			member.external = { id: ext, displayId: `HS-${ext}`, profileUrl: `https://crm.example.com/contacts/${ext}` };
		}
		for (const question of store.questions) {
			if (rng.chance(0.6)) {
				const answer = seedAnswer(rng, question, member);
				if (answer) member.answers.set(question.id, answer);
			}
		}
		store.addMember(member);
		members.push(member);
	}
	return members;
}

function seedClubs(store: Store, rng: Rng, t0: number, active: Member[], admins: Member[], all: Member[]): void {
	const statuses: ApplicationStatus[] = ['Pending', 'Pending', 'Accepted', 'Accepted', 'Declined', 'Expired'];
	store.clubs = CLUBS.map(([name, accessType]) => {
		const clubId = rng.objectId();
		const memberIds = new Set(rng.sample(active, Math.ceil(active.length * rng.int(5, 25) / 100)).map((m) => m.id));
		const applications: ApplicationRequest[] = [];
		const count = Math.min(rng.int(8, 30), active.length);
		for (let i = 0; i < count; i++) {
			const status = rng.pick(statuses);
			const createdAt = t0 - rng.int(1, 120) * DAY - rng.int(0, DAY);
			const decided = status === 'Accepted' || status === 'Declined';
			const historicalOperator = rng.chance(0.2);
			const admin = rng.pick(admins);
			applications.push({
				id: rng.objectId(),
				status,
				createdAt,
				operatedAt: decided ? createdAt + rng.int(HOUR, 5 * DAY) : null,
				expiredAt: status === 'Expired' || status === 'Pending' ? createdAt + 30 * DAY : null,
				operator: decided
					? historicalOperator
						? { id: rng.objectId(), displayName: rng.chance(0.5) ? null : 'Former Moderator' }
						: { id: admin.id, displayName: displayName(admin) }
					: null,
				form: rng.chance(0.8)
					? {
							id: rng.objectId(),
							questionnaire: rng.chance(0.2)
								? {}
								: { [CLUB_QUESTIONS[0]]: [`I want to learn about ${rng.pick(TOPICS)}`], [CLUB_QUESTIONS[1]]: rng.sample(['Newsletter', 'A friend', 'Conference', 'Search'], rng.int(1, 2)) },
						}
					: null,
				// a few applicants are no longer active members (applicant renders as null)
				applicantId: rng.chance(0.05) ? rng.objectId() : rng.pick(rng.chance(0.03) ? all : active).id,
			});
		}
		return { clubId, name, slug: slugify(name), accessType, memberIds, applications };
	});
}

function seedTags(store: Store, rng: Rng, t0: number): void {
	const tag = (name: string, archived = false): Tag => {
		const createdAt = t0 - rng.int(30, 900) * DAY - rng.int(0, DAY);
		return {
			id: rng.objectId(),
			name,
			searchName: name,
			createdAt,
			updatedAt: archived ? createdAt + rng.int(1, 20) * DAY : createdAt,
			archived,
			extra: { forumPosts: 0, forumTopics: 0, courses: 0, learningPaths: 0 },
			pinnedPost: false,
		};
	};
	store.tags = TAG_NAMES.map((name) => tag(name));
	store.tags.forEach((t, i) => {
		if (i < USED_TAGS) {
			t.extra = { forumPosts: rng.int(0, 20), forumTopics: rng.int(0, 2), courses: rng.int(0, 3), learningPaths: rng.int(0, 1) };
		}
	});
	// in use with every count at zero: backs a pinned forum post only
	store.tags[USED_TAGS].pinnedPost = true;
	store.tags[USED_TAGS + 1].extra.forumTopics = 1;
	store.tags.push(tag('Legacy', true), tag('Deprecated Topic', true));
}

function uniqueTitle(taken: Set<string>, make: () => string): string {
	let title = make();
	for (let n = 2; taken.has(title); n++) title = `${make()} (Part ${n})`;
	taken.add(title);
	return title;
}

function seedContent(store: Store, rng: Rng, t0: number, perType: number, active: Member[]): void {
	const usedTags = store.tags.slice(0, USED_TAGS);
	const prefixes: Record<ContentKind, string[]> = {
		video: ['Getting Started with', 'Deep Dive:', 'Live Demo:', 'Fireside Chat on', 'Lightning Talk:'],
		blog: ['What We Learned About', 'A Practical Guide to', 'Notes on', 'Why We Invest in', 'The State of'],
		podcast: ['Episode: Talking', 'Community Voices on', 'The Builders Show:', 'Office Hours:'],
		resource: ['Checklist:', 'Template:', 'Playbook for', 'Handbook:'],
		externalContent: ['In the Press:', 'Industry Report:', 'Partner Article:'],
	};
	for (const kind of CONTENT_KINDS) {
		const taken = new Set<string>();
		for (let i = 0; i < perType; i++) {
			const title = uniqueTitle(taken, () => `${rng.pick(prefixes[kind])} ${rng.pick(TOPICS)}`);
			const slug = `${slugify(title)}-${rng.hex(5)}`;
			const ownedByClub = rng.chance(0.2);
			const item: ContentItem = {
				kind,
				id: rng.objectId(),
				title,
				subTitle: rng.chance(0.7) ? `On ${rng.pick(TOPICS).toLowerCase()} and more` : '',
				author: rng.sample(active, rng.int(1, 2)).map(displayName).join(', '),
				summary: `A short summary of ${title.toLowerCase()}.`,
				content: `<p>${title}. Lorem ipsum dolor sit amet.</p>`,
				category: rng.pick(CATEGORIES),
				createdAt: t0 - rng.int(1, 720) * DAY - rng.int(0, DAY),
				slug,
				coverUrl: `https://cdn.example.com/covers/${slug}.jpg`,
				link: kind === 'externalContent' ? `https://news.example.net/articles/${slug}` : '',
				tagIds: rng.sample(usedTags, rng.int(0, 3)).map((t) => t.id),
				spaces: rng.chance(0.2) ? [rng.pick(store.spaces).name] : [],
				access: 'Public',
				ownership: ownedByClub ? rng.pick(store.clubs).name : 'Community',
			};
			if (kind === 'video') {
				item.duration = rng.int(60, 5400);
				item.videoUrl = `https://cdn.example.com/videos/${slug}.mp4`;
				item.coverUrl = `https://cdn.example.com/posters/${slug}-1280x720.jpg`;
				item.transcript = '';
				item.published = rng.chance(0.85);
			}
			store.content[kind].push(item);
		}
	}
	const collectionNames = ['Start Here', 'Best of the Year', 'Engineering Deep Dives', 'Design Reading List', 'Event Recordings', 'Founder Stories', 'Customer Playbooks', 'New Member Essentials'];
	store.collections = collectionNames.map((name) => {
		const createdAt = t0 - rng.int(10, 500) * DAY;
		const pool = [...store.content.video, ...store.content.blog];
		return {
			id: rng.objectId(),
			name,
			visibility: 'Visible' as const,
			slug: slugify(name),
			coverUrl: `https://cdn.example.com/collections/${slugify(name)}.jpg`,
			createdAt,
			updatedAt: createdAt + rng.int(0, 9) * DAY,
			items: rng.sample(pool, rng.int(2, 8)).map((c) => ({ kind: c.kind, id: c.id })),
			tagIds: rng.sample(usedTags, rng.int(0, 2)).map((t) => t.id),
		};
	});
}

function seedEvents(store: Store, rng: Rng, t0: number, count: number, active: Member[], admins: Member[], past: (t: number) => number): void {
	const usedTags = store.tags.slice(0, USED_TAGS);
	const accessRoll: EventAccess[] = ['All Members', 'All Members', 'Public', 'Selected Spaces Only'];
	const formats = ['Meetup', 'Webinar', 'Workshop', 'Summit', 'AMA', 'Office Hours', 'Roundtable'];
	const changes: Array<{ at: number; attendee: Attendee }> = [];
	let guestNo = 1;
	for (let i = 0; i < count; i++) {
		const title = `${rng.pick(['Monthly', 'Quarterly', 'Community', 'Global', 'Weekly'])} ${rng.pick(TOPICS)} ${rng.pick(formats)}`;
		const start = Math.floor((t0 + rng.int(-180, 90) * DAY) / HOUR) * HOUR + rng.int(8, 18) * HOUR;
		const end = start + rng.int(1, 4) * HOUR;
		const createdAt = Math.min(start, t0 - DAY) - rng.int(7, 60) * DAY;
		const inPerson = rng.chance(0.4);
		const access = rng.pick(accessRoll);
		const ticketTypes: TicketType[] = [
			{ id: rng.objectId(), name: 'General Admission', invitationOnly: false },
			{ id: rng.objectId(), name: 'VIP', invitationOnly: true },
		];
		if (rng.chance(0.5)) ticketTypes.push({ id: rng.objectId(), name: 'Speaker Pass', invitationOnly: true });
		if (rng.chance(0.4)) ticketTypes.push({ id: rng.objectId(), name: 'Early Bird', invitationOnly: false });
		const event: CommunityEvent = {
			id: rng.objectId(),
			title,
			type: inPerson ? 'In-Person' : 'Livestream',
			timezone: rng.pick(TIMEZONES),
			start,
			end,
			createdAt,
			slug: `${slugify(title)}-${i + 1}`,
			status: i % 8 === 5 ? 'Draft' : 'Published',
			coverUrl: `https://cdn.example.com/events/${rng.hex(10)}.jpg`,
			tagIds: rng.sample(usedTags, rng.int(1, 3)).map((t) => t.id),
			location: inPerson ? rng.pick(CITIES) : '',
			access,
			spaces: access === 'Selected Spaces Only' ? rng.sample(store.spaces.map((s) => s.name), rng.int(1, 2)) : [],
			clubId: rng.chance(0.3) ? rng.pick(store.clubs).clubId : undefined,
			unlisted: rng.chance(0.15),
			ticketTypes,
			attendees: [],
			invitees: [],
			inviteAdminIds: [admins[0]?.id, rng.pick(active).id].filter((id): id is string => Boolean(id)),
		};
		const isPast = end < t0 - HOUR;
		const registrants = event.status === 'Draft' ? [] : rng.sample(active, rng.int(Math.min(5, active.length), Math.min(60, active.length)));
		const inviteOnly = ticketTypes.filter((t) => t.invitationOnly);
		for (const member of registrants) {
			const registeredAt = past(rng.int(createdAt, Math.min(start, t0)));
			const invited = rng.chance(0.1);
			const attendee: Attendee = {
				id: rng.objectId(),
				eventId: event.id,
				userId: member.id,
				firstName: member.firstName,
				lastName: member.lastName ?? '',
				email: member.email as string,
				attendeeType: rng.chance(0.05) ? 'Speaker' : 'Attendee',
				ticketType: invited ? rng.pick(inviteOnly).name : rng.pick(ticketTypes.filter((t) => !t.invitationOnly)).name,
				registeredAt,
				registrationSource: rng.chance(0.1) ? '' : rng.pick(REGISTRATION_SOURCES.filter((s) => s !== 'adminPublicAPI')),
				linkedUrl: member.linkedIn ?? '',
				company: member.company,
				position: member.title,
				eventQuestions: rng.chance(0.4) ? `Dietary requirements: ${rng.pick(['None', 'Vegetarian', 'Vegan'])};\nT-shirt size: ${rng.pick(['S', 'M', 'L', 'XL'])};` : '',
			};
			let last = registeredAt;
			if (isPast && !inPerson && rng.chance(0.6)) {
				attendee.joinedAt = start + rng.int(0, 30 * MIN);
				attendee.lastOnlineAt = attendee.joinedAt + rng.int(5 * MIN, end - start);
				last = Math.max(last, attendee.lastOnlineAt);
			}
			if (isPast && inPerson && rng.chance(0.7)) {
				attendee.checkedInAt = start - rng.int(0, 30 * MIN);
				last = Math.max(last, attendee.checkedInAt);
			}
			if (!attendee.joinedAt && !attendee.checkedInAt && rng.chance(0.05)) {
				attendee.cancelledAt = past(rng.int(registeredAt, Math.min(start, t0)));
				last = Math.max(last, attendee.cancelledAt);
			}
			if (invited) {
				event.invitees.push(invitee(rng, member.email as string, attendee.ticketType, event, registeredAt - rng.int(HOUR, 5 * DAY), registeredAt, member.id));
			}
			event.attendees.push(attendee);
			changes.push({ at: past(last), attendee });
		}
		if (event.status === 'Published') {
			const registered = new Set(registrants.map((m) => m.id));
			const notRegistered = active.filter((m) => !registered.has(m.id));
			for (let k = rng.int(0, 8); k > 0; k--) {
				const email = rng.chance(0.5) && notRegistered.length ? (rng.pick(notRegistered).email as string) : `guest${guestNo++}@partner.example.com`;
				const ticket = rng.pick(inviteOnly).name;
				if (event.invitees.some((inv) => inv.email === email && inv.ticketType === ticket)) continue;
				event.invitees.push(invitee(rng, email, ticket, event, past(rng.int(createdAt, t0)), null, null));
			}
		}
		store.events.push(event);
	}
	changes.sort((a, b) => a.at - b.at);
	for (const { at, attendee } of changes) store.emitAttendee(attendee, at);
}

function invitee(rng: Rng, email: string, ticketType: string, event: CommunityEvent, createdAt: number, usedAt: number | null, usedBy: string | null): Invitee {
	const types: AttendeeType[] = ['Attendee', 'Attendee', 'Guest', 'Speaker', 'Press', 'Sponsor'];
	return {
		id: rng.objectId(),
		email,
		attendeeType: rng.pick(types),
		ticketType,
		inviteAdminId: rng.chance(0.7) ? rng.pick(event.inviteAdminIds) : null,
		cc: [],
		note: rng.chance(0.5) ? 'Looking forward to seeing you there!' : '',
		createdAt,
		usedAt,
		usedByUserId: usedBy,
	};
}

/** Distinct (member, type-or-all) pairs, drawn without replacement. */
function seedOptOuts(store: Store, rng: Rng, t0: number, members: Member[], count: number): void {
	const slots = store.subscriptionTypes.length + 1;
	const capacity = members.length * slots;
	const n = Math.min(count, capacity);
	const pool = new Int32Array(capacity);
	for (let i = 0; i < capacity; i++) pool[i] = i;
	for (let i = 0; i < n; i++) {
		const j = i + Math.floor(rng.next() * (capacity - i));
		const pair = pool[j];
		pool[j] = pool[i];
		pool[i] = pair;
		const member = members[Math.floor(pair / slots)];
		const slot = pair % slots;
		store.optOuts.push({
			userId: member.id,
			typeId: slot === 0 ? null : store.subscriptionTypes[slot - 1].id,
			unsubscribedAt: t0 - rng.int(HOUR, 400 * DAY),
		});
	}
	// newest unsubscribedAt first, as the endpoint answers them
	store.optOuts.sort((a, b) => b.unsubscribedAt - a.unsubscribedAt || (a.userId < b.userId ? -1 : 1));
}

function seedCourses(store: Store, rng: Rng, t0: number, active: Member[], past: (t: number) => number): void {
	const enrollChanges: Array<{ at: number; e: Enrollment }> = [];
	const certChanges: Array<{ at: number; c: Certificate }> = [];
	const taken = new Set<string>();
	const target = Math.round(active.length * 0.6);
	for (let i = 0; i < target; i++) {
		const member = rng.pick(active);
		const course = rng.pick(store.courses);
		if (taken.has(`${member.id}:${course.id}`)) continue;
		taken.add(`${member.id}:${course.id}`);
		const enrolledAt = t0 - rng.int(1, 365) * DAY - rng.int(0, DAY);
		const roll = rng.next();
		const activeStatus: EnrollmentStatus = roll < 0.8 ? 'ACTIVE' : roll < 0.88 ? 'CANCELLED_BY_USER' : roll < 0.92 ? 'CANCELLED_BY_ADMIN' : 'RESET';
		const completed = activeStatus === 'ACTIVE' && rng.chance(0.35);
		const e: Enrollment = {
			id: rng.objectId(),
			userId: member.id,
			courseId: course.id,
			enrolledAt,
			activeStatus,
			progressStatus: completed ? 'Completed' : 'In Progress',
			progress: completed ? 100 : rng.int(0, 95),
			score: completed ? String(rng.int(60, 100)) : '',
		};
		let last = enrolledAt;
		if (completed) last = e.completedAt = past(enrolledAt + rng.int(HOUR, 60 * DAY));
		if (activeStatus !== 'ACTIVE') last = e.terminatedAt = past(enrolledAt + rng.int(HOUR, 30 * DAY));
		store.enrollments.push(e);
		enrollChanges.push({ at: past(last), e });
		if (completed && rng.chance(0.8)) {
			const issuedAt = past((e.completedAt as number) + rng.int(MIN, HOUR));
			const c = newCertificate(rng.objectId(), member, course, issuedAt, rng.chance(0.5) ? issuedAt + 180 * DAY : undefined);
			let certLast = issuedAt;
			if (c.expiryDate !== undefined && c.expiryDate < t0) {
				c.status = 'Expired';
				certLast = past(c.expiryDate);
			} else if (rng.chance(0.05)) {
				c.status = 'Revoked';
				certLast = c.revokedAt = past(issuedAt + rng.int(HOUR, 10 * DAY));
				c.revocationReason = 'Issued in error';
			}
			store.certificates.push(c);
			certChanges.push({ at: certLast, c });
		}
	}
	enrollChanges.sort((a, b) => a.at - b.at);
	for (const { at, e } of enrollChanges) store.emitEnrollment(e, at);
	certChanges.sort((a, b) => a.at - b.at);
	for (const { at, c } of certChanges) store.emitCertificate(c, at);
}
