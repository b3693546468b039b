/**
 * What one execution already read, so that many items cost one lookup: the community's clubs,
 * an event, the profile questions. Keyed by the execution's context; a lookup that fails is
 * forgotten, so the next item tries again.
 */
const reads = new WeakMap<object, Map<string, Promise<unknown>>>();

export function oncePerExecution<T>(ctx: object, key: string, load: () => Promise<T>): Promise<T> {
	let cache = reads.get(ctx);
	if (!cache) {
		cache = new Map();
		reads.set(ctx, cache);
	}
	let found = cache.get(key) as Promise<T> | undefined;
	if (!found) {
		found = load();
		cache.set(key, found);
		const entries = cache;
		found.catch(() => entries.delete(key));
	}
	return found;
}
