/**
 * No drift between what the nodes output and the schemas they ship: every item a Community
 * Platform node (the action node or a trigger) outputs in an execution the e2e suites read is
 * checked against the schema its operation or trigger declares for the parameters it ran with,
 * the one the build writes to `__schema__` for the defaults. The check is strict: a field of the
 * wrong type, a field the schema lists as always there and the item lacks, and a field the
 * schema does not list at all are each a problem, so a change to an output that forgets its
 * schema fails the test that ran it.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OperationEntry } from '../../nodes/CommunityPlatform/actions/operation';
import { RESOURCES } from '../../nodes/CommunityPlatform/actions/resources';
import { defaultsOf, outputFor, type JsonSchema, type OutputSchema } from '../../nodes/shared/output/schema';
import { triggerOutput } from '../../nodes/shared/triggers/outputs';
import { CommunityPlatformCourseCertificateTrigger } from '../../nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformCourseEnrollmentTrigger } from '../../nodes/CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node';
import { CommunityPlatformEventAttendeeTrigger } from '../../nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import type { INodeProperties } from 'n8n-workflow';

interface WorkflowNode {
	name: string;
	type: string;
	parameters?: Record<string, unknown>;
}

interface Declared {
	output: OutputSchema;
	properties: INodeProperties[];
	what: string;
}

const TRIGGER_TYPES = new Map(
	[CommunityPlatformMemberTrigger, CommunityPlatformEventAttendeeTrigger, CommunityPlatformCourseEnrollmentTrigger, CommunityPlatformCourseCertificateTrigger].map((Trigger) => {
		const { name, properties } = new Trigger().description;
		return [name, { output: triggerOutput(name), properties }];
	}),
);

/** The operation or trigger a workflow node of the package runs, or undefined for any other node. */
function declaredBy(node: WorkflowNode): Declared | undefined {
	const name = node.type.split('.').pop() ?? '';
	const parameters = node.parameters ?? {};
	if (name === 'communityPlatform') {
		const resource = RESOURCES.find((r) => r.option.value === (parameters.resource ?? 'member'));
		if (!resource) return undefined;
		const operation = (parameters.operation ?? resource.properties[0].default) as string;
		const operations: Record<string, OperationEntry> = resource.operations;
		const module = Object.hasOwn(operations, operation) ? operations[operation].module : undefined;
		return module && { output: module.output, properties: module.properties, what: `${resource.option.value}.${operation}` };
	}
	const trigger = TRIGGER_TYPES.get(name);
	return trigger && { output: trigger.output, properties: trigger.properties, what: name };
}

/** The schema with every object closed to fields it does not list (maps stay open). */
function strict(schema: JsonSchema): Record<string, unknown> {
	const copy: Record<string, unknown> = { ...schema };
	if (schema.properties) {
		copy.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, field]) => [key, strict(field)]));
		copy.additionalProperties = false;
	}
	if (schema.items) copy.items = strict(schema.items);
	if (schema.additionalProperties) copy.additionalProperties = strict(schema.additionalProperties);
	return copy;
}

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const compiled = new Map<JsonSchema, ValidateFunction>();

/** The validator of a schema, strict (compiled once). */
export function validatorOf(schema: JsonSchema): ValidateFunction {
	let validate = compiled.get(schema);
	if (!validate) {
		validate = ajv.compile(strict(schema));
		compiled.set(schema, validate);
	}
	return validate;
}

/** An item n8n made of an error under Continue On Fail or On Error: Continue: not the node's output. */
const isErrorItem = (json: Record<string, unknown>, schema: JsonSchema) => 'error' in json && !schema.properties?.error;

/**
 * What is wrong with the items the package's nodes output in one execution: one line per item
 * that does not match its schema. Nodes whose output-shaping parameters are expressions are
 * skipped (their values are known only to the run).
 */
export function outputProblems(
	nodes: WorkflowNode[] | undefined,
	runs: Record<string, Array<Array<Array<{ json?: Record<string, unknown> }>>>>,
): string[] {
	const problems: string[] = [];
	for (const node of nodes ?? []) {
		const declared = declaredBy(node);
		if (!declared || !runs[node.name]) continue;
		const defaults = defaultsOf(declared.properties);
		let expression = false;
		const parameter = (name: string) => {
			const value = node.parameters?.[name] ?? defaults(name);
			if (typeof value === 'string' && value.startsWith('=')) expression = true;
			return value;
		};
		const schema = outputFor(declared.output, parameter);
		if (expression) continue;
		const validate = validatorOf(schema);
		// The first output: the node's items (a second one holds errors under On Error: Continue (using error output)).
		for (const [runIndex, outputs] of runs[node.name].entries()) {
			for (const [itemIndex, item] of (outputs[0] ?? []).entries()) {
				const json = item.json ?? {};
				if (isErrorItem(json, schema) || validate(json)) continue;
				const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
				problems.push(`${node.name} (${declared.what}) run ${runIndex} item ${itemIndex}: ${errors.join('; ')}`);
			}
		}
	}
	return problems;
}
