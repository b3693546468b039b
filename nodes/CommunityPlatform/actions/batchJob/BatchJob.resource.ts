import { defineResource } from '../operation';
import * as get from './get.operation';

export const batchJob = defineResource({
	resource: {
		name: 'Batch Job',
		value: 'batchJob',
		description: 'Status and results of bulk create, update and club add jobs',
	},
	default: 'get',
	operations: {
		get: {
			name: 'Get',
			description: 'Get the status and per-row results of a batch job',
			action: 'Get a batch job',
			toolDescription:
				'Reads the status and per-row results of one batch job: one run with Wait for Completion off, or one still unfinished when its wait ended. Give Job Type (Create Members, Update Members or Add Club Members), Job ID (the jobId the batch returned) and, for a club job, Club ID; an unknown job fails with "No job has the ID …". Check a job with this rather than submitting it again: a status read is a Light request (10 a second), while every job submitted uses one of the 200 Heavy jobs a day.',
			module: get,
		},
	},
});
