import type { IDataObject } from 'n8n-workflow';

import { pathOf } from '../transport/request';

/** The three batch job endpoints (spec: Batch user endpoints, Clubs). */
export type JobKind = 'createUsers' | 'updateUsers' | 'addClubMembers';

export interface JobEndpoints {
	submitPath: string;
	statusPath(jobId: string): string;
	/** Per-row statuses that count as success. */
	succeeded: string[];
}

export function jobEndpoints(kind: JobKind, clubId = ''): JobEndpoints {
	switch (kind) {
		case 'createUsers':
			return { submitPath: '/users/batch', statusPath: (id) => pathOf`/users/batch/${id}`, succeeded: ['created'] };
		case 'updateUsers':
			return {
				submitPath: '/users/batch-update',
				statusPath: (id) => pathOf`/users/batch-update/${id}`,
				succeeded: ['updated', 'noop'],
			};
		case 'addClubMembers':
			return {
				submitPath: pathOf`/clubs/${clubId}/users/batch`,
				statusPath: (id) => pathOf`/clubs/${clubId}/users/batch/${id}`,
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
