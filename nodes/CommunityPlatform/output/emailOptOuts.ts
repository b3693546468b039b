/** What the API says an email opt-out row is (spec: Email opt-out row). */
import { dateTime, email, nullable, object, oneOf, string } from '../../shared/output/schema';

export const OPT_OUT_SCOPES = ['all', 'specific'] as const;

/**
 * A member's opt-out from one subscription type (scope specific) or from every email (scope
 * all). There is no row ID: userId and subscriptionTypeId (null for all) identify a row.
 */
export const emailOptOut = object(
	{
		userId: string('The member ID'),
		userEmail: nullable(email('Email address; null when the member has none')),
		subscriptionTypeId: nullable(string('The subscription type ID; null for scope all')),
		subscriptionTypeName: nullable(string('Name of the subscription type; null for scope all')),
		scope: oneOf(OPT_OUT_SCOPES, 'specific: one subscription type; all: every email'),
		unsubscribedAt: dateTime('When they opted out (scope all: when they last changed any email preference)'),
	},
	['userId', 'userEmail', 'subscriptionTypeId', 'subscriptionTypeName'],
	'An email opt-out',
);
