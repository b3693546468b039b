/**
 * The GitHub Actions workflows cannot run here; this reads them as GitHub would (YAML) and checks
 * what a release depends on: CI runs .ci/run on pushes and pull requests; Publish runs on a
 * version tag, only after the whole CI passed, with the id-token permission that npm trusted
 * publishing and provenance need given to that job alone; it publishes through `npm run release`
 * (n8n-node release, see test/integration/release.test.cts, which also checks how it authenticates
 * to npm), then runs n8n's scanner on the published version.
 * Every release after the first is published by npm trusted publishing (OIDC), which a token
 * line in an npmrc defeats: npm then publishes with that token (setup-node's `registry-url` writes
 * `_authToken=${NODE_AUTH_TOKEN}` with a placeholder) instead of the OIDC exchange, and fails with
 * E404 or ENEEDAUTH. That path cannot be tried before a version is on npm, so the test reads it:
 * no step it runs may write a token line or set NODE_AUTH_TOKEN.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const DIR = join(__dirname, '..', '..', '.github', 'workflows');

interface Step {
	name?: string;
	if?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	uses?: string;
	env?: Record<string, string>;
	needs?: string | string[];
	permissions?: Record<string, string>;
	'timeout-minutes'?: number;
	steps?: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	env?: Record<string, string>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const load = (file: string) => parse(readFileSync(join(DIR, file), 'utf8'), { strict: true, uniqueKeys: true }) as Workflow;
const steps = (wf: Workflow) => Object.values(wf.jobs).flatMap((job) => job.steps ?? []);

describe('GitHub workflows', () => {
	it('are ci.yml and publish.yml, both valid YAML', () => {
		expect(readdirSync(DIR).sort()).toEqual(['ci.yml', 'publish.yml']);
		expect(() => load('ci.yml')).not.toThrow();
		expect(() => load('publish.yml')).not.toThrow();
	});

	it('CI runs .ci/run on pushes to main and on pull requests, within 90 minutes, reading the repository only', () => {
		const ci = load('ci.yml');
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push', 'workflow_call']);
		expect(ci.on.push).toEqual({ branches: ['main'] });
		expect(ci.permissions).toEqual({ contents: 'read' });
		const [job] = Object.values(ci.jobs);
		expect(job['timeout-minutes']).toBeLessThanOrEqual(90);
		expect(steps(ci).map((s) => s.run?.trim())).toContain('bash .ci/run');
	});

	it('Publish runs on a version tag, after CI, and publishes with provenance from the one job that may mint an id token', () => {
		const publish = load('publish.yml');
		expect(publish.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } });
		expect(publish.permissions).toEqual({ contents: 'read' });
		expect(publish.jobs.ci.uses).toBe('./.github/workflows/ci.yml');
		const job = publish.jobs.publish;
		expect(job.needs).toBe('ci');
		expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
		const runs = (job.steps ?? []).map((s) => s.run ?? '');
		expect(runs).toContain('npm run release');
		// The tag must be the version being published.
		expect(runs.some((r) => r.includes('require("./package.json").version') && r.includes('$GITHUB_REF_NAME'))).toBe(true);
		expect(runs.indexOf('npm run scan -- --published')).toBeGreaterThan(runs.lastIndexOf('npm run release'));
	});

	describe('npm authentication in publish.yml', () => {
		const FIRST_RELEASE = "steps.auth.outputs.mode == 'first-release'";
		const publish = load('publish.yml');
		const job = publish.jobs.publish;
		const jobSteps = job.steps ?? [];
		/** Every step a release by trusted publishing runs: all but the first release's publish. */
		const trustedPath = jobSteps.filter((s) => s.if !== FIRST_RELEASE);
		const label = (s: Step) => s.name ?? s.uses ?? s.run ?? '?';
		/** What would put a token where npm reads one: an npmrc line, npm's config, or its environment. */
		const TOKEN_WRITE = /_auth|NODE_AUTH_TOKEN|npmrc|npm\s+config\s+(set|edit)|userconfig|registry-url/i;
		/** A secret's value (not only whether it is set, `secrets.X != ''`). */
		const SECRET_VALUE = /secrets\.[A-Za-z0-9_]+\s*\}\}/;

		it('setup-node writes no npmrc: no registry-url (nor scope or always-auth), in either workflow', () => {
			const found = ['ci.yml', 'publish.yml'].flatMap((file) =>
				steps(load(file))
					.filter((s) => s.uses?.startsWith('actions/setup-node@'))
					.flatMap((s) => ['registry-url', 'scope', 'always-auth'].filter((key) => key in (s.with ?? {})).map((key) => `${file}: ${key}`)),
			);
			expect(found).toEqual([]);
			expect(jobSteps.filter((s) => s.uses?.startsWith('actions/setup-node@'))).toHaveLength(1);
		});

		it('no NODE_AUTH_TOKEN anywhere, and no environment of the workflow or the job', () => {
			expect(JSON.stringify(publish)).not.toContain('NODE_AUTH_TOKEN');
			expect(publish.env).toBeUndefined();
			expect(job.env).toBeUndefined();
		});

		it('no step of the trusted path writes an _authToken line, sets a token in the environment or is given a secret', () => {
			expect(trustedPath.length).toBeGreaterThan(0);
			const offending = trustedPath.flatMap((s) => {
				const found: string[] = [];
				if (TOKEN_WRITE.test(s.run ?? '')) found.push(`run: ${s.run}`);
				for (const [key, value] of Object.entries(s.env ?? {})) {
					if (TOKEN_WRITE.test(key) || (/TOKEN|AUTH/i.test(key) && !/_SET$/.test(key)) || SECRET_VALUE.test(String(value))) found.push(`env ${key}: ${value}`);
				}
				for (const [key, value] of Object.entries(s.with ?? {})) {
					if (TOKEN_WRITE.test(key) || /token|auth/i.test(key) || SECRET_VALUE.test(String(value))) found.push(`with ${key}: ${String(value)}`);
				}
				return found.map((f) => `${label(s)}: ${f}`);
			});
			expect(offending).toEqual([]);
		});

		it('the trusted publish is npm run release with provenance and nothing else', () => {
			const trusted = jobSteps.filter((s) => s.if === "steps.auth.outputs.mode == 'trusted'");
			expect(trusted.map((s) => [s.run, s.env])).toEqual([['npm run release', { NPM_CONFIG_PROVENANCE: 'true' }]]);
		});

		it('only the first release writes the token, in the step that publishes with it, and deletes it when the step ends', () => {
			const writers = jobSteps.filter((s) => /_authToken/.test(s.run ?? ''));
			expect(writers).toHaveLength(1);
			const [first] = writers;
			expect(first.if).toBe(FIRST_RELEASE);
			const lines = (first.run ?? '').trim().split('\n');
			// The trap comes first, so that the token is gone after a failed publish as well.
			expect(lines[0]).toBe("trap 'npm config delete //registry.npmjs.org/:_authToken' EXIT");
			expect(lines).toContain('npm config set //registry.npmjs.org/:_authToken "$FIRST_RELEASE_TOKEN"');
			expect(lines.at(-1)).toBe('npm run release');
			expect(first.env).toEqual({ FIRST_RELEASE_TOKEN: '${{ secrets.NPM_FIRST_RELEASE_TOKEN }}', NPM_CONFIG_PROVENANCE: 'true' });
		});
	});

	it('use actions by a released major version, from GitHub itself', () => {
		for (const file of ['ci.yml', 'publish.yml']) {
			for (const step of steps(load(file)).filter((s) => s.uses)) expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
		}
	});
});
