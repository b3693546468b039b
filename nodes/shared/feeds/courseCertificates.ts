import type { INodeProperties } from 'n8n-workflow';

import { courseIdsFilter, courseScope } from './filters';
import { holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from './descriptions';
import type { FeedDefinition } from './types';

export type CertificateChange = 'issued' | 'revoked' | 'expired';

/**
 * The course certificates feed (/incremental/course-certificates). Issued and Revoked are
 * timestamps on the row (issuedAt, revokedAt); Expired is the status `Expired`, which began at
 * the row's expiryDate: it fires only when that is at or after the start point (a certificate
 * that expired before it and is shown again fires nothing).
 */
export const courseCertificatesFeed: FeedDefinition<CertificateChange> = {
	path: '/incremental/course-certificates',
	noun: 'course certificate',
	kinds: ['issued', 'revoked', 'expired'],
	signals: (row) => [
		{ kind: 'issued', at: row.issuedAt },
		{ kind: 'revoked', at: row.revokedAt },
		{ kind: 'expired', holds: row.certificateStatus === 'Expired', since: row.expiryDate, notHeldAt: [row.issuedAt] },
	],
	scope: courseScope,
};

export const courseCertificateTriggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: [
			{ name: 'Issued', value: 'issued', description: 'A certificate was issued (issuedAt)' },
			{
				name: 'Revoked',
				value: 'revoked',
				description: 'A certificate was revoked (revokedAt and revocationReason set)',
			},
			{
				name: 'Expired',
				value: 'expired',
				description: 'A certificate reached the status Expired, its expiry date being after the trigger started',
			},
		],
		default: ['issued', 'revoked', 'expired'],
		description: 'Which certificate changes start the workflow',
	},
	...startFrom,
	courseIdsFilter,
	triggerCollection('options', [maxItemsPerPoll]),
	holdBackNotice,
];
