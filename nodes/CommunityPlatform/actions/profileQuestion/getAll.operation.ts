import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { listProfileQuestions } from '../../reads/profileQuestions';
import { profileQuestionEntry } from '../../output/profileQuestions';

export const properties: INodeProperties[] = [...returnAllAndLimit];

export const output = profileQuestionEntry;

/** The API returns every question in one list (no paging); the limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const questions = (await listProfileQuestions.call(this)) as unknown as IDataObject[];
	return returnAll ? questions : questions.slice(0, limit);
}
