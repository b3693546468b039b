import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { eventLocator, eventRef, getEvent } from '../../locators/event';
import { simplifyEvents } from '../../output/simplify';
import { simplify } from '../../../shared/parameters/fields';
import { eventOutput } from '../../output/events';

export const properties: INodeProperties[] = [eventLocator, simplify];

export const output = eventOutput;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const event = await getEvent.call(this, eventRef(this, itemIndex), itemIndex);
	return simplifyEvents([event], this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
