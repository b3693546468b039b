/**
 * The output schemas, served by a real n8n 2.41.1 with the packed package installed as n8n
 * installs community packages: GET /schemas/<node type>/1.0.0/<resource>/<operation>.json for
 * every operation of the action node (and of its AI-tool variant, which n8n files beside it), and
 * /schemas/<trigger type>/1.0.0.json for each trigger, answers the schema the package declares.
 * What the editor shows of a node that has not run, and what n8n's AI builder looks up, come from
 * these files. (That every output item matches its schema is checked in every e2e test: see
 * tools/n8n/outputSchemas.cts.)
 */
import { E2E } from './harness.cjs';
import { PACKAGE_NAME } from '../../tools/n8n/pack.cjs';
import { SCHEMA_VERSION, outputSchemaFiles } from '../../scripts/output-schemas.cjs';

const VERSION = SCHEMA_VERSION.slice(1);
/** The node type n8n gives a node folder: its name with a lower-case first letter, after the package's. */
const typeOf = (folder: string) => `${PACKAGE_NAME}.${folder[0].toLowerCase()}${folder.slice(1)}`;

const files = outputSchemaFiles();
const operations = files.filter((f) => f.operation);
const triggers = files.filter((f) => !f.operation && f.path.endsWith(`${SCHEMA_VERSION}.json`));

describe('the output schemas in a real n8n', () => {
	let e2e: E2E;
	const get = async (path: string) => {
		const response = await fetch(`${e2e.n8n.url}/schemas/${path}`);
		return { status: response.status, body: response.status === 200 ? ((await response.json()) as unknown) : undefined };
	};

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true, sandbox: false });
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it(`are served for each of the ${operations.length} operations of the action node`, async () => {
		for (const { operation, schema } of operations) {
			const [resource, name] = operation!.split('.');
			expect({ operation, ...(await get(`${typeOf('CommunityPlatform')}/${VERSION}/${resource}/${name}.json`)) }).toEqual({ operation, status: 200, body: schema });
		}
	});

	it('are served for the AI-tool variant of the action node too', async () => {
		const { schema } = operations.find((f) => f.operation === 'member.getByEmail')!;
		expect(await get(`${typeOf('CommunityPlatform')}Tool/${VERSION}/member/getByEmail.json`)).toEqual({ status: 200, body: schema });
	});

	it('are served for each of the four triggers', async () => {
		expect(triggers).toHaveLength(4);
		for (const { node, schema } of triggers) {
			expect({ node, ...(await get(`${typeOf(node)}/${VERSION}.json`)) }).toEqual({ node, status: 200, body: schema });
		}
	});

	it('answer 404 for an operation the node does not have', async () => {
		expect((await get(`${typeOf('CommunityPlatform')}/${VERSION}/member/fly.json`)).status).toBe(404);
	});
});
