/**
 * What the e2e harness and `npm run dev` both need to bring workflows into n8n: the
 * credential the package's nodes use (created against the sandbox), and the node types a
 * workflow needs that n8n has not loaded.
 */
import type { WorkflowJson } from './n8n.cjs';

export const CREDENTIAL_TYPE = 'communityPlatformApi';
export const CREDENTIAL_NAME = 'Community Platform account';

/** Node types a workflow uses that are not loaded in n8n (e.g. a node that has not landed). */
export function missingNodeTypes(wf: WorkflowJson, loaded: Set<string>): string[] {
	return [...new Set(wf.nodes.map((n) => n.type))].filter((t) => !loaded.has(t));
}
