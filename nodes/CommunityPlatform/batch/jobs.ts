import type { IDataObject } from 'n8n-workflow';

import type { ApiPath } from '../../shared/transport/path';
import { pathOf } from '../../shared/transport/request';

/** The three batch job endpoints (API documentation: Batch user endpoints, Clubs). */
export type JobKind = 'createUsers' | 'updateUsers' | 'addClubMembers';

export interface JobEndpoints {
	submitPath: ApiPath;
	statusPath(jobId: string): ApiPath;
	/** Per-row statuses that count as success. */
	succeeded: string[];
	/** The API refuses the whole job when one row fails its checks (batch rule 1: creation). */
	refusedWhole?: boolean;
}

/** The endpoints of a kind of job; a club job's club is named `clubLabel` in errors (the field it came from). */
export function jobEndpoints(kind: JobKind, clubId = '', clubLabel = 'Club'): JobEndpoints {
	const club = { [clubLabel]: clubId };
	switch (kind) {
		case 'createUsers':
			return {
				submitPath: '/users/batch',
				statusPath: (id) => pathOf`/users/batch/${{ 'Job ID': id }}`,
				succeeded: ['created'],
				refusedWhole: true,
			};
		case 'updateUsers':
			return {
				submitPath: '/users/batch-update',
				statusPath: (id) => pathOf`/users/batch-update/${{ 'Job ID': id }}`,
				succeeded: ['updated', 'noop'],
			};
		case 'addClubMembers':
			return {
				submitPath: pathOf`/clubs/${club}/users/batch`,
				statusPath: (id) => pathOf`/clubs/${club}/users/batch/${{ 'Job ID': id }}`,
				succeeded: ['success'],
			};
	}
}

export interface JobStatus {
	jobId: string;
	status: 'pending' | 'processing' | 'completed' | 'failed' | string;
	results?: Array<IDataObject & { recordPosition: number; status: string; reason?: string; tenantUserId?: string }>;
	error?: unknown;
	/** Set by us when the last status read failed. */
	pollError?: string;
}

/** The API allows 1 to 100 rows per job. */
export const MAX_ROWS_PER_JOB = 100;
