/** Contribution logs: record a manual contribution for a member (adds its points). */
import { displayName } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import type { ContributionLog } from '../types.cjs';
import { assertKnownKeys, badRequest, iso, objectBody, optString, parseIso, reqEmail, reqString } from '../validate.cjs';

export const contributionRoutes: RouteDef[] = [
	{
		method: 'POST',
		path: '/contributionLogs',
		tier: 'medium',
		handler: ({ store, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, ['contributionName', 'userEmail', 'contributedAt', 'count', 'externalContributionId', 'notes']);
			const name = reqString(b, 'contributionName', { max: 300, trim: false });
			const email = reqEmail(b, 'userEmail');
			const contributedAt = parseIso(reqString(b, 'contributedAt')) ?? badRequest('contributedAt must be a valid ISO 8601 timestamp');
			const count = b.count ?? 1;
			if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) badRequest('count must be an integer of at least 1');
			const externalId = optString(b, 'externalContributionId');
			const notes = optString(b, 'notes', { max: 100 }) ?? '';
			const contribution = store.contributions.find((c) => c.name === name) ?? badRequest(`no contribution named "${name}"`);
			const member = store.activeMemberByEmail(email) ?? badRequest('no member with this userEmail');

			const log: ContributionLog = {
				contributionLogId: store.newId(),
				loggedAt: iso(store.now()),
				type: 'manual',
				contribution: contribution.name,
				count,
				occurredAt: iso(contributedAt),
				loggedBy: 'publicApi',
				notes,
				contributorId: member.id,
				contributorName: displayName(member),
			};
			if (externalId !== undefined) log.externalContributionId = externalId;
			store.contributionLogs.push(log);
			member.lifetimePoints += contribution.points * count;
			member.remainingPoints += contribution.points * count;
			store.emitMember(member);
			const view: Partial<ContributionLog> = { ...log };
			delete view.externalContributionId;
			return ok(view);
		},
	},
];
