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
			module: get,
		},
	},
});
