import { courseScope } from './filters';
import type { FeedDefinition } from './types';

export type CertificateChange = 'issued' | 'revoked' | 'expired';

/**
 * The course certificates feed (/incremental/course-certificates). Issued and Revoked are
 * timestamps on the row (issuedAt, revokedAt); Expired is the status `Expired`, which began at
 * the row's expiryDate: it fires only when that is at or after the start point (a certificate
 * that expired before it and is shown again fires nothing); without one, the row's change dates it.
 */
export const courseCertificatesFeed: FeedDefinition<CertificateChange> = {
	path: '/incremental/course-certificates',
	noun: 'course certificate',
	kinds: ['issued', 'revoked', 'expired'],
	signals: (row) => [
		{ kind: 'issued', at: row.issuedAt },
		{ kind: 'revoked', at: row.revokedAt },
		{ kind: 'expired', holds: row.certificateStatus === 'Expired', since: row.expiryDate },
	],
	scope: courseScope,
};
