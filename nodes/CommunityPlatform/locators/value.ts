import type { IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

/** A resource locator as read for one item: its mode, its trimmed value and the field's label. */
export interface LocatorValue {
	mode: string;
	value: string;
	label: string;
}

/** Reads the locator `property` of an item (a plain text value counts as By ID). */
export function readLocator(ctx: IExecuteFunctions, itemIndex: number, property: INodeProperties): LocatorValue {
	const locator = ctx.getNodeParameter(property.name, itemIndex, property.default) as INodeParameterResourceLocator | string;
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
