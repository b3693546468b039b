import { courseScope } from './filters';
import type { FeedDefinition } from './types';

export type CertificateChange = 'issued' | 'revoked' | 'expired';

/**
 * The course certificates feed (/incremental/course-certificates). Issued and Revoked are
 * timestamps on the row (issuedAt, revokedAt); Expired is the status `Expired`, dated by the row's
 * change as a member's deactivation is (the expiryDate says when it was due, not when the status
 * changed): a certificate first seen expired at a change after the start point fires once.
 */
export const courseCertificatesFeed: FeedDefinition<CertificateChange> = {
	path: '/incremental/course-certificates',
	noun: 'course certificate',
	kinds: ['issued', 'revoked', 'expired'],
	signals: (row) => [
		{ kind: 'issued', at: row.issuedAt },
		{ kind: 'revoked', at: row.revokedAt },
		{ kind: 'expired', holds: row.certificateStatus === 'Expired' },
	],
	scope: courseScope,
};
