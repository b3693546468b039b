/**
 * The admin surface for tests: make feed changes, move the clock, inject faults,
 * read the request log and counters, spend the daily quota, steer batch jobs, and
 * reseed. Every method is also served over HTTP under /__admin/ (no auth, JSON).
 */
import type { SandboxClock } from './clock.cjs';
import {
	cancelAttendee,
	checkIn,
	completeEnrollment,
	createMember,
	deactivateMember,
	enroll,
	expireCertificate,
	issueCertificate,
	markJoined,
	registerAttendee,
	revokeCertificate,
	terminateEnrollment,
	activeAttendeeByEmail,
} from './domain.cjs';
import { type Fault, type FaultInjector, type FaultSpec, parseFaultSpec } from './faults.cjs';
import { SERVER_TIMESTAMP_MODES, type ServerTimestampMode } from './feeds.cjs';
import type { JobMode } from './jobs.cjs';
import type { RateLimiter } from './rateLimit.cjs';
import { TIERS } from './rateLimit.cjs';
import type { InFlightRequest, RequestLog, RequestLogEntry, SandboxStats } from './requestLog.cjs';
import { optOutView } from './render.cjs';
import type { RouteResult } from './router.cjs';
import { type CreateJobRules, EXISTING_EMAIL_RULES, type Store } from './store.cjs';
import { type Attendee, type Certificate, type CommunityEvent, MEMBER_TYPES, type Member, REGISTRATION_SOURCES, type Tier } from './types.cjs';
import { ApiError, type Json, badRequest, isEmail, notFound, parseIso } from './validate.cjs';

export interface SandboxRuntime {
	readonly store: Store;
	readonly clock: SandboxClock;
	readonly limiter: RateLimiter;
	readonly faults: FaultInjector;
	readonly log: RequestLog;
	readonly clientId: string;
	reseed(): void;
}

export type MemberChangeKind = 'created' | 'edited' | 'deactivated' | 'deleted';
export interface MemberChangeInput {
	kind: MemberChangeKind;
	/** the member to change (edited, deactivated, deleted); default: a random active member; edited also takes a deactivated one */
	userId?: string;
	/** created: the new member's email (default: a generated unique address) */
	email?: string;
	firstName?: string;
	lastName?: string;
	position?: string;
	company?: string;
	memberType?: string;
}

export type AttendeeChangeKind = 'registered' | 'cancelled' | 'joined' | 'checkedIn';
export interface AttendeeChangeInput {
	kind: AttendeeChangeKind;
	/** default: a random published event (registered) or an event with registrations */
	eventId?: string;
	/** registered: the member to register; others: the attendee's email */
	email?: string;
	attendeeId?: string;
	/** registered: registrationSource (default `adminDashboard`) */
	source?: string;
	/** registered: ticket type name (default: the event's first open ticket) */
	ticketType?: string;
}

export type EnrollmentChangeKind = 'enrolled' | 'completed' | 'cancelled' | 'reset';
export interface EnrollmentChangeInput {
	kind: EnrollmentChangeKind;
	enrollmentId?: string;
	/** enrolled: member and course (defaults: random) */
	userId?: string;
	courseId?: string;
	/** cancelled: who cancelled (default `admin`) */
	by?: 'admin' | 'user';
}

export type CertificateChangeKind = 'issued' | 'revoked' | 'expired';
export interface CertificateChangeInput {
	kind: CertificateChangeKind;
	certificateId?: string;
	/** issued: recipient and course (defaults: random) */
	userId?: string;
	courseId?: string;
	/** issued: validity in days (default: no expiry) */
	validDays?: number;
	/** revoked: revocationReason */
	reason?: string;
	/** expired: the certificate's expiryDate (ISO 8601, not in the future, not before its issuedAt; default: now) */
	expiryDate?: string;
}

/**
 * A cohort of certificates changed at one instant: `issued`, `count` new certificates of one
 * course (default: a random course) to members picked at random; `expired`, the certificates
 * named marked Expired together, with one common expiryDate (as the platform marks a cohort
 * Expired some minutes after its expiry date).
 */
export interface CertificateCohortInput {
	kind: 'issued' | 'expired';
	/** issued: how many (1 to 5,000) */
	count?: number;
	courseId?: string;
	validDays?: number;
	/** expired: the certificates (each at most once) */
	certificateIds?: string[];
	/** expired: their common expiryDate (ISO 8601, not in the future, not before any one's issuedAt; default: now) */
	expiryDate?: string;
}

const MAX_COHORT = 5000;

export type OptOutChangeKind = 'unsubscribed' | 'resubscribed' | 'preferencesChanged';
export interface OptOutChangeInput {
	kind: OptOutChangeKind;
	/** default: a random active member */
	userId?: string;
	/** unsubscribed / resubscribed: the type; absent or null = scope `all` */
	subscriptionTypeId?: string | null;
}

const EDIT_TITLES = ['Staff Engineer', 'Head of Community', 'Principal Designer', 'Director of Product', 'Growth Lead'];

export class SandboxAdmin {
	private createdCount = 0;

	constructor(private readonly rt: SandboxRuntime) {}

	/** The live store (replaced by `reset`). */
	get store(): Store {
		return this.rt.store;
	}

	// ------------------------------------------------------------ feed changes

	feedMembers(input: MemberChangeInput): Json {
		const store = this.sync();
		switch (input.kind) {
			case 'created': {
				const n = ++this.createdCount;
				let email = input.email;
				if (email !== undefined) {
					if (!isEmail(email)) badRequest('invalid email');
					if (store.memberByEmail(email)) badRequest('a member with this email already exists');
				} else {
					email = `new.member${n}@sandbox.example.com`;
					for (let k = 2; store.memberByEmail(email); k++) email = `new.member${n}.${k}@sandbox.example.com`;
				}
				const memberType = input.memberType === undefined ? undefined : (MEMBER_TYPES.find((t) => t === input.memberType) ?? badRequest('invalid memberType'));
				const member = createMember(store, {
					email,
					firstName: input.firstName ?? 'New',
					lastName: input.lastName ?? `Member ${n}`,
					title: input.position ?? 'Community Member',
					company: input.company ?? 'Example Co',
					memberType,
					spaces: ['Members'],
				});
				return this.memberRow(member);
			}
			case 'edited': {
				// An admin can edit a deactivated member too, when it is named.
				const named = input.userId === undefined ? undefined : (store.members.get(input.userId) ?? notFound('User not found'));
				const member = named ?? this.pickMember(undefined);
				const { firstName, lastName, position, company } = input;
				if (firstName === undefined && lastName === undefined && position === undefined && company === undefined) {
					member.title = store.rng.pick(EDIT_TITLES.filter((t) => t !== member.title));
				}
				if (firstName !== undefined) member.firstName = firstName;
				if (lastName !== undefined) member.lastName = lastName;
				if (position !== undefined) member.title = position;
				if (company !== undefined) member.company = company;
				store.emitMember(member);
				return this.memberRow(member);
			}
			case 'deactivated':
				return deactivateMember(store, this.pickMember(input.userId));
			case 'deleted':
				return store.removeMember(this.pickMember(input.userId));
			default:
				return badRequest('kind must be one of created, edited, deactivated, deleted');
		}
	}

	feedAttendees(input: AttendeeChangeInput): Json {
		const store = this.sync();
		if (input.kind === 'registered') {
			const event = input.eventId
				? (store.event(input.eventId) ?? notFound('Event not found.'))
				: store.rng.pick(store.events.filter((e) => e.status === 'Published'));
			let member: Member | undefined;
			if (input.email !== undefined) {
				member = store.activeMemberByEmail(input.email) ?? notFound('no active member with this email');
			} else {
				const registered = new Set(event.attendees.filter((a) => !a.cancelledAt).map((a) => a.userId));
				member = store.rng.pick(store.activeMembers().filter((m) => m.email && !registered.has(m.id)));
			}
			if (activeAttendeeByEmail(event, member.email ?? '')) badRequest('already registered for this event');
			const source = input.source ?? 'adminDashboard';
			if (!(REGISTRATION_SOURCES as readonly string[]).includes(source) && source !== '') badRequest('invalid source');
			const ticketType = input.ticketType ?? (event.ticketTypes.find((t) => !t.invitationOnly) ?? event.ticketTypes[0]).name;
			const attendee = registerAttendee(store, event, member, { ticketType, source });
			return this.feedRow('event-attendees', attendee.id);
		}
		const attendee = this.pickAttendee(input);
		switch (input.kind) {
			case 'cancelled':
				return cancelAttendee(store, attendee);
			case 'joined':
				return markJoined(store, attendee);
			case 'checkedIn':
				return checkIn(store, attendee);
			default:
				return badRequest('kind must be one of registered, cancelled, joined, checkedIn');
		}
	}

	feedEnrollments(input: EnrollmentChangeInput): Json {
		const store = this.sync();
		if (input.kind === 'enrolled') {
			const member = this.pickMember(input.userId);
			const course = input.courseId ? (store.courses.find((c) => c.id === input.courseId) ?? notFound('course not found')) : store.rng.pick(store.courses);
			return this.feedRow('course-enrollments', enroll(store, member, course).id);
		}
		const candidates = store.enrollments.filter(
			(e) => e.activeStatus === 'ACTIVE' && (input.kind !== 'completed' || e.progressStatus !== 'Completed') && store.members.has(e.userId),
		);
		const enrollment = input.enrollmentId
			? (store.enrollments.find((e) => e.id === input.enrollmentId) ?? notFound('enrollment not found'))
			: candidates.length
				? store.rng.pick(candidates)
				: notFound('no enrollment to change');
		switch (input.kind) {
			case 'completed':
				return completeEnrollment(store, enrollment);
			case 'cancelled':
				return terminateEnrollment(store, enrollment, input.by === 'user' ? 'CANCELLED_BY_USER' : 'CANCELLED_BY_ADMIN');
			case 'reset':
				return terminateEnrollment(store, enrollment, 'RESET');
			default:
				return badRequest('kind must be one of enrolled, completed, cancelled, reset');
		}
	}

	feedCertificates(input: CertificateChangeInput): Json {
		const store = this.sync();
		if (input.kind === 'issued') {
			const member = this.pickMember(input.userId);
			const course = input.courseId ? (store.courses.find((c) => c.id === input.courseId) ?? notFound('course not found')) : store.rng.pick(store.courses);
			return this.feedRow('course-certificates', issueCertificate(store, member, course, input.validDays).id);
		}
		const issued = store.certificates.filter((c) => c.status === 'Issued');
		const certificate = input.certificateId
			? (store.certificates.find((c) => c.id === input.certificateId) ?? notFound('certificate not found'))
			: issued.length
				? store.rng.pick(issued)
				: notFound('no issued certificate to change');
		switch (input.kind) {
			case 'revoked':
				return revokeCertificate(store, certificate, input.reason);
			case 'expired':
				return expireCertificate(store, certificate, this.expiryDateOf(input.expiryDate, [certificate]));
			default:
				return badRequest('kind must be one of issued, revoked, expired');
		}
	}

	/** A cohort issued or expired at one instant (see CertificateCohortInput); returns the feed rows, in order. */
	feedCertificateCohort(input: CertificateCohortInput): { certificates: Json[] } {
		const store = this.sync();
		const at = store.now();
		if (input.kind === 'issued') {
			const { count } = input;
			if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COHORT) badRequest(`count must be an integer from 1 to ${MAX_COHORT}`);
			const course = input.courseId ? (store.courses.find((c) => c.id === input.courseId) ?? notFound('course not found')) : store.rng.pick(store.courses);
			const members = store.activeMembers();
			const issued = Array.from({ length: count }, () => issueCertificate(store, store.rng.pick(members), course, input.validDays, at));
			return { certificates: issued.map((c) => this.feedRow('course-certificates', c.id)) };
		}
		if (input.kind === 'expired') {
			const ids = input.certificateIds;
			if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_COHORT || !ids.every((id) => typeof id === 'string')) {
				badRequest(`certificateIds must be an array of 1 to ${MAX_COHORT} certificate ids`);
			}
			if (new Set(ids).size !== ids.length) badRequest('certificateIds must not repeat an id');
			const byId = new Map(store.certificates.map((c) => [c.id, c]));
			// Every id is checked before any certificate changes.
			const cohort = ids.map((id) => byId.get(id) ?? notFound(`certificate not found: ${id}`));
			const expiryDate = this.expiryDateOf(input.expiryDate, cohort);
			return { certificates: cohort.map((c) => expireCertificate(store, c, expiryDate, at)) };
		}
		return badRequest('kind must be one of issued, expired');
	}

	/**
	 * Opt-out changes: a new or refreshed opt-out row, a re-subscription (the row
	 * disappears, no tombstone), or any preference change (bumps the member's `all`
	 * row, which is how a row moves between pages and is re-delivered).
	 */
	optOutChange(input: OptOutChangeInput): Json {
		const store = this.sync();
		const member = this.pickMember(input.userId);
		const typeId = input.subscriptionTypeId ?? null;
		if (typeId !== null && !store.subscriptionTypes.some((t) => t.id === typeId)) notFound('subscription type not found');
		const now = store.now();
		const find = (t: string | null) => store.optOuts.find((r) => r.userId === member.id && r.typeId === t);
		let result: Json;
		switch (input.kind) {
			case 'unsubscribed': {
				const row = find(typeId) ?? { userId: member.id, typeId, unsubscribedAt: now };
				if (!store.optOuts.includes(row)) store.optOuts.push(row);
				else if (typeId === null) row.unsubscribedAt = now;
				result = optOutView(store, row);
				break;
			}
			case 'resubscribed': {
				const row = find(typeId) ?? notFound('no such opt-out row');
				store.optOuts.splice(store.optOuts.indexOf(row), 1);
				result = { ...optOutView(store, row), removed: true };
				break;
			}
			case 'preferencesChanged': {
				const row = find(null) ?? notFound('this member has no scope `all` opt-out row');
				row.unsubscribedAt = now;
				result = optOutView(store, row);
				break;
			}
			default:
				return badRequest('kind must be one of unsubscribed, resubscribed, preferencesChanged');
		}
		store.optOuts.sort((a, b) => b.unsubscribedAt - a.unsubscribedAt || (a.userId < b.userId ? -1 : 1));
		return result;
	}

	// ------------------------------------------------------------ clock

	getClock(): { now: string; timeScale: number } {
		return { now: this.rt.clock.iso(), timeScale: this.rt.clock.timeScale };
	}

	/** Moves the clock forward (e.g. past the 2-minute feed hold-back); due jobs and removals run. */
	advanceClock(ms: number): { now: string; timeScale: number } {
		if (typeof ms !== 'number' || !Number.isFinite(ms)) badRequest('advanceMs must be a number');
		this.rt.clock.advance(ms);
		this.sync();
		return this.getClock();
	}

	setClock(at: string | number): { now: string; timeScale: number } {
		const ms = typeof at === 'number' ? at : parseIso(at);
		if (ms === undefined || !Number.isFinite(ms)) badRequest('set must be an ISO 8601 timestamp');
		this.rt.clock.set(ms);
		this.sync();
		return this.getClock();
	}

	// ------------------------------------------------------------ faults, log, quotas, jobs

	addFault(spec: FaultSpec): Fault {
		return this.rt.faults.add(parseFaultSpec(spec));
	}

	listFaults(): Fault[] {
		return this.rt.faults.list();
	}

	clearFaults(): void {
		this.rt.faults.clear();
	}

	getRequests(): RequestLogEntry[] {
		return this.rt.log.list();
	}

	/** The API requests received and not answered yet (slow answers, hangs), oldest first. */
	getInFlight(): InFlightRequest[] {
		return this.rt.log.inFlight();
	}

	/** Clears the request log and the counters. */
	clearRequests(): void {
		this.rt.log.clear();
	}

	getStats(): SandboxStats {
		return this.rt.log.stats();
	}

	/** The rate-limit headers a request on the tier would get now, without counting one (how full its bucket is). */
	rateLimitHeaders(tier: Tier, clientId = this.rt.clientId): Record<string, string> {
		return this.rt.limiter.peek(clientId, tier);
	}

	setDailyQuota(tier: Tier | string, remaining: number, clientId = this.rt.clientId): { tier: Tier; remaining: number } {
		const t = TIERS.find((x) => x === String(tier).toLowerCase()) ?? badRequest(`tier must be one of ${TIERS.join(', ')}`);
		if (!Number.isInteger(remaining) || remaining < 0) badRequest('remaining must be an integer >= 0');
		this.rt.limiter.setDailyRemaining(clientId, t, remaining);
		return { tier: t, remaining };
	}

	/** The next `times` submitted jobs (default: every job until mode `normal`) fail or never finish. */
	setJobMode(mode: JobMode, times?: number): { mode: JobMode; remaining: number | null } {
		if (!['normal', 'fail', 'stall'].includes(mode)) badRequest('mode must be one of normal, fail, stall');
		if (times !== undefined && (!Number.isInteger(times) || times < 1)) badRequest('times must be an integer >= 1');
		this.rt.store.jobs.setMode(mode, times);
		return this.rt.store.jobs.getMode();
	}

	/** Moves the feeds to a new cursor format: every cursor handed out before is refused as unsupported. */
	bumpCursorVersion(): { cursorVersion: number } {
		this.rt.store.cursorVersion += 1;
		return { cursorVersion: this.rt.store.cursorVersion };
	}

	/**
	 * How create jobs treat a row whose email a member has (`existingEmail`), and emails for which
	 * a member is created when the next create job arrives (`takeEmailsFirst`).
	 */
	setCreateJobRules(input: { existingEmail?: string; takeEmailsFirst?: unknown }): CreateJobRules {
		const rules = this.rt.store.createJobRules;
		if (input.existingEmail !== undefined) {
			if (!(EXISTING_EMAIL_RULES as readonly string[]).includes(input.existingEmail)) badRequest(`existingEmail must be one of ${EXISTING_EMAIL_RULES.join(', ')}`);
			rules.existingEmail = input.existingEmail as CreateJobRules['existingEmail'];
		}
		if (input.takeEmailsFirst !== undefined) {
			const emails = input.takeEmailsFirst;
			if (!Array.isArray(emails) || !emails.every((e) => typeof e === 'string' && isEmail(e))) badRequest('takeEmailsFirst must be an array of emails');
			rules.takeEmailsFirst = [...(emails as string[])];
		}
		return { ...rules, takeEmailsFirst: [...rules.takeEmailsFirst] };
	}

	/** What a feed page with more rows waiting says as its serverTimestamp: the last row's updatedAt or the hold-back cutoff. */
	setServerTimestampMode(mode: ServerTimestampMode): { serverTimestamp: ServerTimestampMode } {
		if (!SERVER_TIMESTAMP_MODES.includes(mode)) badRequest(`mode must be one of ${SERVER_TIMESTAMP_MODES.join(', ')}`);
		this.rt.store.serverTimestampMode = mode;
		return { serverTimestamp: mode };
	}

	/** Reseeds: fresh data, clock, rate buckets, faults and request log. */
	reset(): { now: string } {
		this.rt.reseed();
		return { now: this.rt.clock.iso() };
	}

	// ------------------------------------------------------------ HTTP

	handle(method: string, path: string, body: unknown): RouteResult {
		const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Json;
		const route = `${method} ${path.replace(/\/+$/, '')}`;
		const okBody = (value: unknown, status = 200): RouteResult => ({ status, body: value });
		switch (route) {
			case 'GET /__admin':
				return okBody({ routes: ADMIN_ROUTES });
			case 'POST /__admin/feed/members':
				return okBody(this.feedMembers(b as unknown as MemberChangeInput));
			case 'POST /__admin/feed/attendees':
				return okBody(this.feedAttendees(b as unknown as AttendeeChangeInput));
			case 'POST /__admin/feed/enrollments':
				return okBody(this.feedEnrollments(b as unknown as EnrollmentChangeInput));
			case 'POST /__admin/feed/certificates':
				return okBody(this.feedCertificates(b as unknown as CertificateChangeInput));
			case 'POST /__admin/feed/certificate-cohort':
				return okBody(this.feedCertificateCohort(b as unknown as CertificateCohortInput));
			case 'POST /__admin/opt-outs':
				return okBody(this.optOutChange(b as unknown as OptOutChangeInput));
			case 'GET /__admin/clock':
				return okBody(this.getClock());
			case 'POST /__admin/clock':
				if (b.advanceMs !== undefined) return okBody(this.advanceClock(b.advanceMs as number));
				if (b.set !== undefined) return okBody(this.setClock(b.set as string));
				return badRequest('give advanceMs or set');
			case 'GET /__admin/faults':
				return okBody(this.listFaults());
			case 'POST /__admin/faults':
				return okBody(this.addFault(b as FaultSpec), 201);
			case 'DELETE /__admin/faults':
				this.clearFaults();
				return okBody({ cleared: true });
			case 'GET /__admin/requests':
				return okBody(this.getRequests());
			case 'GET /__admin/requests/in-flight':
				return okBody(this.getInFlight());
			case 'DELETE /__admin/requests':
				this.clearRequests();
				return okBody({ cleared: true });
			case 'GET /__admin/stats':
				return okBody(this.getStats());
			case 'POST /__admin/daily-quota':
				return okBody(this.setDailyQuota(b.tier as string, b.remaining as number, (b.clientId as string | undefined) ?? this.rt.clientId));
			case 'POST /__admin/jobs':
				return okBody(this.setJobMode((b.mode as JobMode) ?? 'normal', b.times as number | undefined));
			case 'POST /__admin/create-jobs':
				return okBody(this.setCreateJobRules(b as { existingEmail?: string; takeEmailsFirst?: unknown }));
			case 'POST /__admin/feeds/cursor-version':
				return okBody(this.bumpCursorVersion());
			case 'POST /__admin/feeds/server-timestamp':
				return okBody(this.setServerTimestampMode(b.mode as ServerTimestampMode));
			case 'POST /__admin/reset':
				return okBody(this.reset());
			default:
				throw new ApiError(404, `unknown admin route ${route}`);
		}
	}

	// ------------------------------------------------------------ helpers

	/** An expired certificate's expiryDate as given: not after now (it has passed), not before the certificates' issuedAt. */
	private expiryDateOf(value: string | undefined, certificates: Certificate[]): number | undefined {
		if (value === undefined) return undefined;
		const ms = (typeof value === 'string' ? parseIso(value) : undefined) ?? badRequest('expiryDate must be an ISO 8601 timestamp');
		if (ms > this.rt.store.now()) badRequest('expiryDate must not be in the future: a certificate is marked Expired after its expiry date');
		if (certificates.some((c) => ms < c.issuedAt)) badRequest("expiryDate must not be before a certificate's issuedAt");
		return ms;
	}

	private sync(): Store {
		this.rt.store.tick();
		return this.rt.store;
	}

	private pickMember(userId: string | undefined): Member {
		const store = this.rt.store;
		if (userId !== undefined) return store.activeMember(userId) ?? notFound('User not found');
		return store.rng.pick(store.activeMembers());
	}

	private memberRow(member: Member): Json {
		return this.feedRow('users', member.id);
	}

	private feedRow(feed: keyof Store['feeds'], id: string): Json {
		return this.rt.store.feeds[feed].latest(id) ?? { id };
	}

	private pickAttendee(input: AttendeeChangeInput): Attendee {
		const store = this.rt.store;
		const active = (e: CommunityEvent) => e.attendees.filter((a) => !a.cancelledAt);
		if (input.attendeeId) {
			for (const e of store.events) {
				const found = e.attendees.find((a) => a.id === input.attendeeId);
				if (found) return found;
			}
			notFound('Attendee not found.');
		}
		const events = input.eventId ? [store.event(input.eventId) ?? notFound('Event not found.')] : store.events.filter((e) => active(e).length);
		if (input.email) {
			for (const e of events) {
				const found = activeAttendeeByEmail(e, input.email);
				if (found) return found;
			}
			notFound('no active registration with this email');
		}
		const pool = events.flatMap(active);
		return pool.length ? store.rng.pick(pool) : notFound('no active registration to change');
	}
}

export const ADMIN_ROUTES = [
	'POST /__admin/feed/members {kind: created|edited|deactivated|deleted, userId?, email?, firstName?, lastName?, position?, company?}',
	'POST /__admin/feed/attendees {kind: registered|cancelled|joined|checkedIn, eventId?, email?, attendeeId?, source?, ticketType?}',
	'POST /__admin/feed/enrollments {kind: enrolled|completed|cancelled|reset, enrollmentId?, userId?, courseId?, by?: admin|user}',
	'POST /__admin/feed/certificates {kind: issued|revoked|expired, certificateId?, userId?, courseId?, validDays?, reason?, expiryDate?}',
	'POST /__admin/feed/certificate-cohort {kind: issued, count, courseId?, validDays?} | {kind: expired, certificateIds, expiryDate?}',
	'POST /__admin/opt-outs {kind: unsubscribed|resubscribed|preferencesChanged, userId?, subscriptionTypeId?}',
	'GET /__admin/clock',
	'POST /__admin/clock {advanceMs} | {set: iso}',
	'GET|POST|DELETE /__admin/faults {status?, times?, match?: {method?, pathPrefix?}, delayMs?, retryAfterSec?, rateLimitRemaining?, message?, body?: html|truncated|no-results, drop?} | {hangForMs, match?}',
	'GET|DELETE /__admin/requests',
	'GET /__admin/requests/in-flight',
	'GET /__admin/stats',
	'POST /__admin/daily-quota {tier: light|medium|heavy, remaining, clientId?}',
	'POST /__admin/jobs {mode: normal|fail|stall, times?}',
	'POST /__admin/feeds/cursor-version',
	'POST /__admin/feeds/server-timestamp {mode: last-row|cutoff}',
	'POST /__admin/reset',
];
