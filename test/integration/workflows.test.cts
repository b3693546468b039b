/**
 * The GitHub Actions workflows cannot run here; this reads them as GitHub would (YAML) and checks
 * what a release depends on: CI runs .ci/run on pushes and pull requests; Publish runs on a
 * version tag, only after the whole CI passed, with the id-token permission that npm trusted
 * publishing and provenance need given to that job alone; it publishes through `npm run release`
 * (n8n-node release, see test/integration/release.test.cts, which also checks how it authenticates
 * to npm), then runs n8n's scanner on the published version.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const DIR = join(__dirname, '..', '..', '.github', 'workflows');

interface Step {
	uses?: string;
	run?: string;
	env?: Record<string, string>;
}
interface Job {
	uses?: string;
	needs?: string | string[];
	permissions?: Record<string, string>;
	'timeout-minutes'?: number;
	steps?: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
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

	it('use actions by a released major version, from GitHub itself', () => {
		for (const file of ['ci.yml', 'publish.yml']) {
			for (const step of steps(load(file)).filter((s) => s.uses)) expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
		}
	});
});
