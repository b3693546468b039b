/**
 * State changes shared by the API routes, the batch jobs and the admin surface:
 * members (create, schedule removal, deactivate), event registrations, course
 * enrollments and certificates. Each one emits the matching feed row.
 */
import { displayName } from './render.cjs';
import type { Store } from './store.cjs';
import type { ApprovalStatus, Attendee, AttendeeType, Certificate, CommunityEvent, Course, Enrollment, EnrollmentStatus, Member, MemberType } from './types.cjs';

const DAY = 86_400_000;
/** sandbox-clock delay between an accepted DELETE /users and the removal */
export const MEMBER_REMOVAL_DELAY_MS = 1500;

export interface NewMember {
	email: string;
	firstName: string;
	lastName?: string;
	title: string;
	company: string;
	avatarUrl?: string;
	linkedIn?: string;
	spaces?: string[];
	memberType?: MemberType;
	approvalStatus?: ApprovalStatus;
}

export function createMember(store: Store, input: NewMember): Member {
	const now = store.now();
	const member: Member = {
		id: store.newId(),
		email: input.email,
		firstName: input.firstName,
		lastName: input.lastName || undefined,
		title: input.title,
		company: input.company,
		avatarUrl: input.avatarUrl,
		linkedIn: input.linkedIn,
		bio: '',
		memberType: input.memberType ?? 'Standard',
		approvalStatus: input.approvalStatus ?? 'approved',
		spaces: input.spaces ? [...input.spaces] : [],
		answers: new Map(),
		createdAt: now,
		signUpAt: now,
		lifetimePoints: 0,
		remainingPoints: 0,
		archived: false,
	};
	store.addMember(member);
	store.emitMember(member);
	return member;
}

/** Accepted deletion: the member disappears a moment later and the members feed gets a tombstone. */
export function scheduleMemberRemoval(store: Store, member: Member): void {
	if (member.deletionDueAt !== undefined) return;
	member.deletionDueAt = store.now() + MEMBER_REMOVAL_DELAY_MS;
	store.schedule(member.deletionDueAt, () => {
		if (store.members.get(member.id) === member) store.removeMember(member);
	});
}

export function deactivateMember(store: Store, member: Member) {
	member.archived = true;
	return store.emitMember(member);
}

export interface Registrant {
	firstName: string;
	lastName: string;
	position: string;
	company: string;
}

export function activeAttendeeByEmail(event: CommunityEvent, email: string): Attendee | undefined {
	const lower = email.toLowerCase();
	return event.attendees.find((a) => !a.cancelledAt && a.email.toLowerCase() === lower);
}

/** Registers (or re-registers a cancelled) member; redeems a matching open invitation. */
export function registerAttendee(
	store: Store,
	event: CommunityEvent,
	member: Member,
	opts: { ticketType: string; source: string; attendeeType?: AttendeeType; person?: Registrant },
): Attendee {
	const now = store.now();
	const person = opts.person ?? { firstName: member.firstName, lastName: member.lastName ?? '', position: member.title, company: member.company };
	const email = member.email ?? '';
	let attendee = event.attendees.find((a) => a.userId === member.id);
	if (attendee) {
		Object.assign(attendee, { registeredAt: now, cancelledAt: undefined, ticketType: opts.ticketType, registrationSource: opts.source });
	} else {
		attendee = {
			id: store.newId(),
			eventId: event.id,
			userId: member.id,
			firstName: person.firstName,
			lastName: person.lastName,
			email,
			attendeeType: opts.attendeeType ?? 'Attendee',
			ticketType: opts.ticketType,
			registeredAt: now,
			registrationSource: opts.source,
			linkedUrl: member.linkedIn ?? '',
			company: person.company,
			position: person.position,
			eventQuestions: '',
		};
		event.attendees.push(attendee);
	}
	const invite = event.invitees.find((i) => i.usedAt === null && i.email.toLowerCase() === email.toLowerCase() && i.ticketType === opts.ticketType);
	if (invite) {
		invite.usedAt = now;
		invite.usedByUserId = member.id;
	}
	store.emitAttendee(attendee);
	return attendee;
}

export function cancelAttendee(store: Store, attendee: Attendee) {
	attendee.cancelledAt = store.now();
	return store.emitAttendee(attendee);
}

export function markJoined(store: Store, attendee: Attendee) {
	const now = store.now();
	attendee.joinedAt = attendee.joinedAt ?? now;
	attendee.lastOnlineAt = now;
	return store.emitAttendee(attendee);
}

export function checkIn(store: Store, attendee: Attendee) {
	attendee.checkedInAt = store.now();
	return store.emitAttendee(attendee);
}

export function enroll(store: Store, member: Member, course: Course): Enrollment {
	const enrollment: Enrollment = {
		id: store.newId(),
		userId: member.id,
		courseId: course.id,
		enrolledAt: store.now(),
		activeStatus: 'ACTIVE',
		progressStatus: 'In Progress',
		progress: 0,
		score: '',
	};
	store.enrollments.push(enrollment);
	store.emitEnrollment(enrollment);
	return enrollment;
}

export function completeEnrollment(store: Store, enrollment: Enrollment, score = '90') {
	Object.assign(enrollment, { progressStatus: 'Completed', progress: 100, completedAt: store.now(), score });
	return store.emitEnrollment(enrollment);
}

export function terminateEnrollment(store: Store, enrollment: Enrollment, status: Exclude<EnrollmentStatus, 'ACTIVE'>) {
	enrollment.activeStatus = status;
	enrollment.terminatedAt = store.now();
	return store.emitEnrollment(enrollment);
}

/** A course's certificate for a member, as issued: the one shape the seed and the admin routes create. */
export function newCertificate(id: string, member: Member, course: Course, issuedAt: number, expiryDate?: number): Certificate {
	return {
		id,
		name: `${course.name} Certificate`,
		userId: member.id,
		courseId: course.id,
		recipientName: displayName(member),
		recipientEmail: member.email ?? '',
		recipientTitle: member.title,
		recipientCompany: member.company,
		status: 'Issued',
		issuedAt,
		expiryDate,
		revocationReason: '',
	};
}

/** Issues a certificate now, or at `at` (a cohort issued at one instant). */
export function issueCertificate(store: Store, member: Member, course: Course, validDays?: number, at = store.now()): Certificate {
	const certificate = newCertificate(store.newId(), member, course, at, validDays ? at + validDays * DAY : undefined);
	store.certificates.push(certificate);
	store.emitCertificate(certificate, at);
	return certificate;
}

export function revokeCertificate(store: Store, certificate: Certificate, reason = 'Revoked by an administrator') {
	Object.assign(certificate, { status: 'Revoked', revokedAt: store.now(), revocationReason: reason });
	return store.emitCertificate(certificate);
}

/**
 * Marks a certificate Expired now (or at `at`), its expiry date being `expiryDate` (default: the
 * change's time). The platform marks certificates Expired some minutes after their expiryDate.
 */
export function expireCertificate(store: Store, certificate: Certificate, expiryDate?: number, at = store.now()) {
	certificate.status = 'Expired';
	certificate.expiryDate = expiryDate ?? at;
	return store.emitCertificate(certificate, at);
}
