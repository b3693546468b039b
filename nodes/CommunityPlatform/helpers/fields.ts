import type { IDataObject } from 'n8n-workflow';

/** A copy of `record` with only the given keys (those it has), in the given order. */
export function pickFields(record: IDataObject, keys: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
	return out;
}
