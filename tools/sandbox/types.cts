/** The sandbox's stored entities. Times are epoch milliseconds; views render them as ISO strings. */

export type Tier = 'light' | 'medium' | 'heavy';

export const MEMBER_TYPES = ['Standard', 'Guest', 'Limited Approval'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const APPROVAL_STATUSES = ['approved', 'pending', 'unapproved'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export interface Member {
	id: string;
	email?: string;
	firstName: string;
	lastName?: string;
	title: string;
	company: string;
	avatarUrl?: string;
	linkedIn?: string;
	location?: string;
	bio: string;
	memberType: MemberType;
	approvalStatus: ApprovalStatus;
	spaces: string[];
	/** question id → answer (multi-select answers joined with `;`) */
	answers: Map<string, string>;
	createdAt: number;
	signUpAt?: number;
	lastLoginAt?: number;
	onboardingAt?: number;
	lifetimePoints: number;
	remainingPoints: number;
	external?: { id: string; displayId: string; profileUrl: string };
	archived: boolean;
	/** set while an accepted DELETE waits for its asynchronous removal */
	deletionDueAt?: number;
}

export const QUESTION_TYPES = ['Single Line Text', 'Paragraph', 'Single Select', 'Multi Select', 'Location', 'URL'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface ProfileQuestion {
	id: string;
	title: string;
	subtitle: string;
	required: boolean;
	visibility: 'Public' | 'MembersOnly' | 'Secret';
	type: QuestionType;
	options?: string[];
	withOtherOption?: boolean;
	minNumOfSelection?: number;
	maxNumOfSelection?: number;
	maxLength?: number;
	minLength?: number;
	locationType?: string;
	inUserProfileForm: boolean;
	isUserEditable: boolean;
}

export interface Space {
	name: string;
	description?: string;
}

export const APPLICATION_STATUSES = ['Pending', 'Accepted', 'Declined', 'Expired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export interface ApplicationRequest {
	id: string;
	status: ApplicationStatus;
	createdAt: number;
	operatedAt: number | null;
	expiredAt: number | null;
	operator: { id: string; displayName: string | null } | null;
	form: { id: string; questionnaire: Record<string, string[]> } | null;
	/** may point at a member that no longer exists or is archived (applicant → null) */
	applicantId: string;
}

export interface Club {
	clubId: string;
	name: string;
	slug: string;
	accessType: 'Open' | 'Private';
	memberIds: Set<string>;
	applications: ApplicationRequest[];
}

export interface TicketType {
	id: string;
	name: string;
	invitationOnly: boolean;
}

export const ATTENDEE_TYPES = ['Attendee', 'Speaker', 'Host', 'Staff', 'Guest', 'Press', 'Sponsor'] as const;
export type AttendeeType = (typeof ATTENDEE_TYPES)[number];

export const REGISTRATION_SOURCES = [
	'selfSignUp',
	'selfDotCom',
	'selfIframe',
	'selfMemberApplication',
	'adminDashboard',
	'adminImport',
	'adminPublicAPI',
	'integrationHubspot',
	'integrationSSO',
	'automationWorkflow',
	'systemAutoCreate',
] as const;

export interface Attendee {
	id: string;
	eventId: string;
	userId: string;
	firstName: string;
	lastName: string;
	email: string;
	attendeeType: AttendeeType;
	ticketType: string;
	registeredAt: number;
	joinedAt?: number;
	lastOnlineAt?: number;
	checkedInAt?: number;
	registrationSource: string;
	linkedUrl: string;
	company: string;
	position: string;
	eventQuestions: string;
	cancelledAt?: number;
}

export interface Invitee {
	id: string;
	email: string;
	attendeeType: AttendeeType;
	ticketType: string;
	inviteAdminId: string | null;
	cc: string[];
	note: string;
	createdAt: number;
	usedAt: number | null;
	usedByUserId: string | null;
}

export const EVENT_ACCESS = ['All Members', 'Selected Spaces Only', 'Public'] as const;
export type EventAccess = (typeof EVENT_ACCESS)[number];

export interface CommunityEvent {
	id: string;
	title: string;
	type: 'Livestream' | 'In-Person';
	timezone: string;
	start: number;
	end: number;
	createdAt: number;
	slug: string;
	status: 'Published' | 'Draft';
	coverUrl: string;
	tagIds: string[];
	location: string;
	access: EventAccess;
	spaces: string[];
	clubId?: string;
	unlisted: boolean;
	ticketTypes: TicketType[];
	attendees: Attendee[];
	invitees: Invitee[];
	/** members holding the Event Invite Admin permission on this event */
	inviteAdminIds: string[];
}

export const CONTENT_KINDS = ['video', 'blog', 'podcast', 'resource', 'externalContent'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface ContentItem {
	kind: ContentKind;
	id: string;
	title: string;
	subTitle: string;
	author: string;
	summary: string;
	content: string;
	category: string;
	createdAt: number;
	slug: string;
	coverUrl: string;
	link: string;
	tagIds: string[];
	spaces: string[];
	access: string;
	ownership: string;
	/** videos only */
	videoUrl?: string;
	duration?: number;
	transcript?: string;
	published?: boolean;
	authorId?: string;
}

export interface Collection {
	id: string;
	name: string;
	visibility: 'Visible';
	slug: string;
	coverUrl: string;
	createdAt: number;
	updatedAt: number;
	items: Array<{ kind: ContentKind; id: string }>;
	tagIds: string[];
}

export interface Tag {
	id: string;
	name: string;
	/** the name as the search index knows it: follows a rename asynchronously */
	searchName: string;
	createdAt: number;
	updatedAt: number;
	archived: boolean;
	/** usage that the sandbox does not model as records */
	extra: { forumPosts: number; forumTopics: number; courses: number; learningPaths: number };
	/** backs a pinned forum post: in use even when every count is zero */
	pinnedPost: boolean;
}

export interface SubscriptionType {
	id: string;
	name: string;
	description: string | null;
	hidden: boolean;
	systemKey: string;
	createdAt: number;
	updatedAt: number;
}

export interface OptOut {
	userId: string;
	/** null for scope `all` */
	typeId: string | null;
	unsubscribedAt: number;
}

export interface Contribution {
	name: string;
	points: number;
}

export interface ContributionLog {
	contributionLogId: string;
	loggedAt: string;
	type: 'manual';
	contribution: string;
	count: number;
	occurredAt: string;
	loggedBy: 'publicApi';
	notes: string;
	contributorId: string;
	contributorName: string;
	externalContributionId?: string;
}

export interface Course {
	id: string;
	name: string;
}

export const ENROLLMENT_STATUSES = ['ACTIVE', 'CANCELLED_BY_ADMIN', 'CANCELLED_BY_USER', 'RESET'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export interface Enrollment {
	id: string;
	userId: string;
	courseId: string;
	enrolledAt: number;
	activeStatus: EnrollmentStatus;
	terminatedAt?: number;
	progressStatus: 'Completed' | 'In Progress';
	completedAt?: number;
	/** percent 0-100 */
	progress: number;
	score: string;
}

export interface Certificate {
	id: string;
	name: string;
	userId: string;
	courseId: string;
	recipientName: string;
	recipientEmail: string;
	recipientTitle: string;
	recipientCompany: string;
	status: 'Issued' | 'Expired' | 'Revoked';
	issuedAt: number;
	expiryDate?: number;
	revokedAt?: number;
	revocationReason: string;
}
