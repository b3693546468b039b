/** Email opt-outs and subscription types (strict query rules: no repeats, literal booleans, 10,000 reach). */
import { optOutView, subscriptionTypeView } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import { badRequest, isHexId, pageEnvelope, parsePaging, queryEmail, queryEnum, queryIso } from '../validate.cjs';

/** opt-outs reachable in one pass: pageNum × pageSize */
export const OPT_OUT_REACH = 10_000;

export const optOutRoutes: RouteDef[] = [
	{
		method: 'GET',
		path: '/email-unsubscribes',
		tier: 'medium',
		handler: ({ store, query }) => {
			query.assertNoRepeats();
			const paging = parsePaging(query);
			if (paging.pageNum * paging.pageSize > OPT_OUT_REACH) {
				badRequest(`pageNum * pageSize must not exceed ${OPT_OUT_REACH}; narrow the query (for example with unsubscribedAfter or subscriptionTypeId)`);
			}
			const typeId = query.get('subscriptionTypeId');
			if (typeId !== undefined && !isHexId(typeId)) badRequest('invalid subscriptionTypeId');
			const scope = queryEnum(query, 'scope', ['specific', 'all'] as const);
			if (scope === 'all' && typeId !== undefined) badRequest('scope=all cannot be combined with subscriptionTypeId');
			const email = queryEmail(query, 'email');
			const after = queryIso(query, 'unsubscribedAfter');
			const member = email === undefined ? undefined : store.memberByEmail(email);
			if (email !== undefined && !member) return ok(pageEnvelope([], paging, () => null));
			// rows are kept newest unsubscribedAt first
			const list = store.optOuts.filter((row) => {
				if (member && row.userId !== member.id) return false;
				if (typeId !== undefined && row.typeId !== typeId) return false;
				if (scope === 'specific' && row.typeId === null) return false;
				if (scope === 'all' && row.typeId !== null) return false;
				if (after !== undefined && row.unsubscribedAt <= after) return false;
				const m = store.members.get(row.userId);
				return m !== undefined && !m.archived;
			});
			return ok(pageEnvelope(list, paging, (row) => optOutView(store, row)));
		},
	},
	{
		method: 'GET',
		path: '/email-subscription-types',
		tier: 'medium',
		handler: ({ store, query }) => {
			query.assertNoRepeats();
			const includeHidden = queryEnum(query, 'includeHidden', ['true', 'false'] as const) === 'true';
			const systemKey = query.get('systemKey');
			const paging = parsePaging(query);
			const list = store.subscriptionTypes.filter((t) => (includeHidden || !t.hidden) && (systemKey === undefined || t.systemKey === systemKey));
			return ok(pageEnvelope(list, paging, subscriptionTypeView));
		},
	},
];
