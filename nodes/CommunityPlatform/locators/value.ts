import type { IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

/**
 * The default of a required locator: none. n8n's AI workflow builder reads a node's parameters
 * from type definitions that n8n generates from the description, and the generator lists a
 * required parameter as optional whenever it has a default, `{ mode: 'list', value: '' }`
 * included; with no default it lists it as required, so a workflow the builder writes sets it.
 * The price is in the editor: a new node shows such a locator with no mode chosen (Mode...)
 * until one is picked. A run without it fails at n8n's own check ("Parameter … is required"),
 * and one whose value comes out empty at the node's ("… is empty: pick … or enter …").
 */
export const REQUIRED_LOCATOR_DEFAULT = undefined;

/** A resource locator as read for one item: its mode, its trimmed value and the field's label. */
export interface LocatorValue {
	mode: string;
	value: string;
	label: string;
}

/** Reads the locator `property` of an item (a plain text value counts as By ID; none at all, as empty). */
export function readLocator(ctx: IExecuteFunctions, itemIndex: number, property: INodeProperties): LocatorValue {
	const locator = ctx.getNodeParameter(property.name, itemIndex, property.default ?? '') as
		| INodeParameterResourceLocator
		| string;
	return { ...locatorValue(locator), label: property.displayName };
}

/** The mode and trimmed value of a locator's value. */
export function locatorValue(locator: INodeParameterResourceLocator | string | undefined): { mode: string; value: string } {
	const isObject = typeof locator === 'object' && locator !== null;
	return {
		mode: isObject ? locator.mode : 'id',
		value: String((isObject ? locator.value : locator) ?? '').trim(),
	};
}
