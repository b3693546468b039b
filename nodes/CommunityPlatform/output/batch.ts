/**
 * What the batch jobs answer (spec: Batch job, Batch user endpoints, Clubs) and what the batch
 * operations output: one result per input item (nodes/CommunityPlatform/batch/submitAndWait.ts).
 */
import type { JobKind } from '../batch/jobs';
import {
	boolean,
	email,
	extend,
	integer,
	list,
	object,
	oneOf,
	pick,
	string,
	type JsonSchema,
	type OutputSchema,
} from '../../shared/output/schema';

/** A job's status (spec: Batch job status). */
export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** The statuses the API gives a row of each kind of job. */
export const ROW_STATUSES: Record<JobKind, readonly string[]> = {
	createUsers: ['created', 'failed'],
	updateUsers: ['updated', 'noop', 'not_found', 'failed'],
	addClubMembers: ['success', 'failed'],
};

/** The statuses the node gives a row itself: refused before its job, never submitted, or its job unfinished at the end of the wait. */
const NODE_STATUSES = ['failed', 'not_submitted', 'timeout'];

const statuses = (...lists: ReadonlyArray<readonly string[]>) => [...new Set(lists.flat())];

const STATUS = "The row's result: the API's status of the row, or failed (refused before its job), not_submitted (its job was never sent) or timeout (its job was unfinished when the wait ended)";

/** The member a row of a club job names, as it was submitted. */
const clubRowMember = {
	email: email("The member's email, as submitted"),
	userId: string('The member ID, as submitted'),
};

/** A row of a job's results, as the job-status endpoint answers it. */
function jobRow(kind: JobKind): JsonSchema {
	return object(
		{
			recordPosition: integer('Position of the row in the submitted users, from 0'),
			...(kind === 'addClubMembers' ? clubRowMember : { tenantUserId: string('The member ID (absent when no member was found)') }),
			status: oneOf(ROW_STATUSES[kind], "The row's result"),
			reason: string('Why the row failed'),
		},
		['recordPosition', 'status'],
		'The result of one row',
	);
}

/**
 * A job's status and per-row results, as the job-status endpoint answers it. A failed job also
 * carries `error`, whose shape the spec does not give: it is not listed, since an item with an
 * `error` its schema does not list is what n8n makes of a failed item under Continue On Fail.
 */
function job(kind: JobKind): JsonSchema {
	return object(
		{
			jobId: string('The job ID'),
			status: oneOf(
				JOB_STATUSES,
				'completed: every row was processed (some may have failed); failed: a fatal error stopped the job, and the job carries an error field saying why',
			),
			results: list(jobRow(kind), 'One entry per processed row'),
		},
		['jobId', 'status', 'results'],
		'A batch job',
	);
}

const JOBS = { createUsers: job('createUsers'), updateUsers: job('updateUsers'), addClubMembers: job('addClubMembers') };

/** Batch Job → Get: the job, for the Job Type read. */
export const batchJobOutput: OutputSchema = (parameter) => {
	const kind = parameter('jobType') as string;
	return Object.hasOwn(JOBS, kind) ? JOBS[kind as JobKind] : JOBS.createUsers;
};

/** What every batch operation outputs for an input item. */
const rowResult = object(
	{
		status: string(STATUS),
		failed: boolean('Whether the row did not succeed'),
		reason: string('Why the row failed'),
		jobId: string('The job the row went in'),
		jobStatus: oneOf([...JOB_STATUSES, 'unknown'], 'The status of that job when the wait ended (unknown: the API no longer knows the job)'),
		recordPosition: integer('Position of the row in its job, from 0'),
		userId: string('The member ID'),
	},
	['status', 'failed'],
	'The result of one input item',
);

/** With Wait for Completion off: the job each row went in, submitted and not waited for. */
const submittedRow = extend(pick(rowResult, ['status', 'failed', 'reason', 'jobId', 'jobStatus', 'recordPosition']), {
	status: oneOf(['submitted', 'failed', 'not_submitted'], 'submitted: in a job not waited for (check it with Batch Job → Get); failed or not_submitted: see reason'),
});

/** The output of a batch operation, for its kind of job: each row's result, or with Wait for Completion off its job. */
function batchOutput(kind: JobKind): OutputSchema {
	const waited = extend(rowResult, {
		status: oneOf(statuses(ROW_STATUSES[kind], NODE_STATUSES), STATUS),
		...(kind === 'addClubMembers' ? clubRowMember : {}),
	});
	return (parameter) => (parameter('waitForCompletion') === false ? submittedRow : waited);
}

export const createMembersOutput = batchOutput('createUsers');
export const updateMembersOutput = batchOutput('updateUsers');
export const addClubMembersOutput = batchOutput('addClubMembers');

/** Create or Update Many: the row's last step (update, create, then what creation cannot set), which it did, and every job it went in. */
export const createOrUpdateMembersOutput = extend(rowResult, {
	status: oneOf(statuses(ROW_STATUSES.updateUsers, ROW_STATUSES.createUsers, NODE_STATUSES), STATUS),
	action: oneOf(['created', 'updated'], 'Whether the member was created or updated (absent when the row failed)'),
	jobIds: list(string(), 'Every job the row went in, in order'),
});
