/**
 * The action node's operations as the tests run them: valid parameters for each, which a test
 * case then changes one thing of, and one run of an operation with the error it ended with. The
 * list of operations and their fields are read from the description (description.cts) and
 * re-exported here.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { operationOf } from '../../nodes/CommunityPlatform/actions/resources';
import { OPERATIONS, fieldsOf, labelOf, type Key } from './description.cjs';
import { runNode, type RunOptions } from './harness.cjs';

export { OPERATIONS, fieldsOf, labelOf, type Key };

export const rl = (mode: string, value: string) => ({ __rl: true, mode, value });

/** Valid parameters for each operation; a case changes one thing. */
export const BASE: Partial<Record<Key, INodeParameters>> = {
	'club.addMember': { club: rl('id', 'c1'), member: rl('email', 'a@example.com') },
	'club.addMembersBatch': { club: rl('id', 'c1'), member: rl('email', 'a@example.com') },
	'club.getApplicationRequests': { club: rl('id', 'c1') },
	'club.getMemberClubs': { member: rl('id', 'u1') },
	'club.removeMember': { club: rl('id', 'c1'), member: rl('email', 'a@example.com') },
	'club.updateMemberClubs': { member: rl('email', 'a@example.com'), membershipMode: 'add', clubIds: ['c1'] },
	'content.createVideo': {
		title: 'Intro',
		videoUrl: 'https://cdn.example.com/intro.mp4',
		posterUrl: 'https://cdn.example.com/intro-1280x720.jpg',
		duration: '01:02:03',
	},
	'contributionLog.create': {
		contributionName: 'Answered a question',
		userEmail: 'a@example.com',
		contributedAt: '2026-01-31T09:30:00Z',
	},
	'eventAttendee.get': { event: rl('id', 'e1'), attendeeId: 'a1' },
	'eventAttendee.getAll': { event: rl('id', 'e1') },
	'eventAttendee.register': {
		event: rl('id', 'e1'),
		email: 'a@example.com',
		firstName: 'Ada',
		lastName: 'Lovelace',
		position: 'Engineer',
		company: 'Acme',
	},
	'eventInvitee.add': { event: rl('id', 'e1'), inviteeEmail: 'a@example.com', ticketType: 'VIP', attendeeType: 'Attendee' },
	'eventInvitee.getAll': { event: rl('id', 'e1') },
	'event.get': { event: rl('id', 'e1') },
	'member.create': { email: 'a@example.com', firstName: 'Ada', position: 'Engineer', company: 'Acme' },
	'member.createMany': { email: 'a@example.com', firstName: 'Ada', position: 'Engineer', company: 'Acme' },
	'member.createOrUpdate': { email: 'a@example.com', firstName: 'Ada', position: 'Engineer', company: 'Acme' },
	'member.createOrUpdateMany': { email: 'a@example.com', firstName: 'Ada', position: 'Engineer', company: 'Acme' },
	'member.delete': { member: rl('email', 'a@example.com') },
	'member.get': { member: rl('id', 'u1') },
	'member.getByEmail': { email: 'a@example.com' },
	'member.update': { member: rl('id', 'u1'), updateFields: { company: 'Acme' } },
	'member.updateByEmail': { email: 'a@example.com', updateFields: { company: 'Acme' } },
	'member.updateMany': { email: 'a@example.com', updateFields: { position: 'CTO' } },
	'profileQuestion.get': { question: rl('id', 'q1') },
	'space.updateMemberSpaces': { email: 'a@example.com', membershipMode: 'add', spaces: ['General'] },
	'tag.delete': { tag: rl('id', 't1') },
	'tag.get': { tag: rl('id', 't1') },
	'tag.rename': { tag: rl('id', 't1'), name: 'Design' },
};

/** Sets `a.b` paths on a copy of the parameters. */
export function withParameters(base: INodeParameters, set: Record<string, unknown> = {}): INodeParameters {
	const out = structuredClone(base) as IDataObject;
	for (const [path, value] of Object.entries(set)) {
		const [head, tail] = path.split('.');
		if (tail === undefined) out[head] = value as IDataObject;
		else out[head] = { ...((out[head] as IDataObject) ?? {}), [tail]: value } as IDataObject;
	}
	return out as INodeParameters;
}

/** An input item for Create Many (Batch): member `n`, whose fields the operation maps from the item. */
export const person = (n: number) => ({ email: `p${n}@example.com`, first: `P${n}`, title: 'Dev', company: 'Acme' });

/** Runs Create Many (Batch) over `items`, each field mapped from its item; `extra` adds parameters. */
export const createMany = (items: object[], extra: object = {}, options: Partial<RunOptions> = {}) =>
	runNode({
		items: items as never,
		...options,
		parameters: {
			resource: 'member',
			operation: 'createMany',
			email: '={{ $json.email }}',
			firstName: '={{ $json.first }}',
			position: '={{ $json.title }}',
			company: '={{ $json.company }}',
			...extra,
		},
	});

export const isBatch = (key: Key) => {
	const [resource, operation] = key.split('.');
	const handler = operationOf(resource, operation);
	return Boolean(handler && 'executeBatch' in handler);
};


/**
 * A batch row's failure, read from its output row: batch operations fail a bad row on its own
 * item (`failed: true`, the reason) and carry no item error, which n8n's engine would replace.
 */
export class BatchRowFailure extends Error {}

/**
 * Runs an operation once (batch operations under Continue On Fail) and hands back the error it
 * ended with, thrown or on a failed batch row, or its output when nothing failed.
 */
export async function outcomeOf(
	key: Key,
	parameters: INodeParameters,
	items?: IDataObject[],
): Promise<{ error?: unknown; out?: INodeExecutionData[] }> {
	const [resource, operation] = key.split('.');
	try {
		const out = await runNode({ parameters: { resource, operation, ...parameters }, items, continueOnFail: isBatch(key) });
		const failed = out.find((item) => item.json.failed === true);
		return failed ? { error: new BatchRowFailure(String(failed.json.reason)) } : { out };
	} catch (error) {
		return { error };
	}
}
