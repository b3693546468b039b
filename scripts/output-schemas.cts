/**
 * The output schema files of every node, as n8n reads them: beside the built node file,
 * `__schema__/v<major.minor.patch>/<resource>/<operation>.json` for the action node (one per
 * operation) and `__schema__/v<…>/output.json` for a trigger (with the same schema as
 * `__schema__/v<…>.json`, the one path n8n's schema route looks up for a node without resource). Made from what each operation file
 * declares (`output`) and, for a trigger, from nodes/shared/triggers/outputs.ts (by the node's name)
 * with the defaults of the parameters its node file describes, so a schema lives once.
 *
 * `npm run build` runs this file: it writes them into dist/. The tests import `outputSchemaFiles`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RESOURCES } from '../nodes/CommunityPlatform/actions/resources';
import { defaultOutput, type JsonSchema } from '../nodes/shared/output/schema';
import { CommunityPlatformCourseCertificateTrigger } from '../nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformCourseEnrollmentTrigger } from '../nodes/CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node';
import { CommunityPlatformEventAttendeeTrigger } from '../nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { triggerOutput } from '../nodes/shared/triggers/outputs';

const ROOT = join(__dirname, '..');
/** The nodes' version (each is at version 1), as n8n pads it for the folder name. */
export const SCHEMA_VERSION = 'v1.0.0';

export interface OutputSchemaFile {
	/** The node's folder under nodes/ (and dist/nodes/). */
	node: string;
	/** The file under the node's folder: `__schema__/v1.0.0/member/get.json`. */
	path: string;
	/** `member.get` for an operation; undefined for a trigger's output. */
	operation?: string;
	schema: JsonSchema;
}

/** The trigger nodes, by their folder. */
const TRIGGERS = {
	CommunityPlatformMemberTrigger,
	CommunityPlatformEventAttendeeTrigger,
	CommunityPlatformCourseEnrollmentTrigger,
	CommunityPlatformCourseCertificateTrigger,
};

/**
 * Every node's schema files (the compiler sees to it that each operation declares one; a trigger
 * without one in nodes/shared/triggers/outputs.ts is an error here).
 */
export function outputSchemaFiles(): OutputSchemaFile[] {
	const files: OutputSchemaFile[] = [];
	for (const { option, operations } of RESOURCES) {
		for (const [operation, { module }] of Object.entries(operations)) {
			files.push({
				node: 'CommunityPlatform',
				path: `__schema__/${SCHEMA_VERSION}/${option.value}/${operation}.json`,
				operation: `${option.value}.${operation}`,
				schema: defaultOutput(module.output, module.properties),
			});
		}
	}
	for (const [node, Trigger] of Object.entries(TRIGGERS)) {
		const { name, properties } = new Trigger().description;
		const schema = defaultOutput(triggerOutput(name), properties);
		files.push({ node, path: `__schema__/${SCHEMA_VERSION}/output.json`, schema });
		// n8n's route for a node without resource and operation (/schemas/<node>/1.0.0.json) looks up
		// only `__schema__/v1.0.0.json`; its AI builder tries that first and output.json after it.
		files.push({ node, path: `__schema__/${SCHEMA_VERSION}.json`, schema });
	}
	return files;
}

if (require.main === module) {
	const files = outputSchemaFiles();
	for (const { node, path, schema } of files) {
		const file = join(ROOT, 'dist', 'nodes', node, path);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, `${JSON.stringify(schema, null, '\t')}\n`);
	}
	console.log(`wrote ${files.length} output schemas into dist/nodes/*/__schema__/${SCHEMA_VERSION}/`);
}
