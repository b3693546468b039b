/**
 * How the Publish workflow authenticates to npm, decided before it publishes. Run in GitHub
 * Actions as `npx tsx scripts/publish-auth.cts`, in the folder of the package.
 *
 * npm lets a Trusted Publisher be configured only on a package that exists, so the first release
 * is made with a short-lived npm token, the `NPM_FIRST_RELEASE_TOKEN` secret of the `npm`
 * environment, and every later one by trusted publishing (OIDC), with no token. This asks the
 * registry whether the package exists (a 404 says it does not) and reads
 * `FIRST_RELEASE_TOKEN_SET` (`true` or `false`: whether that secret is set; the workflow passes
 * only that, never the token):
 *
 *   not on npm, token set    → `mode=first-release` (the token is given to the publish step)
 *   on npm, no token         → `mode=trusted`
 *   on npm, token still set  → refused: the token must be deleted, never used again
 *   not on npm, no token     → refused: the first release needs the token
 *   registry did not answer 200 or 404 → refused
 *
 * The mode is appended to `$GITHUB_OUTPUT` (when set) and printed. `NPM_REGISTRY` (default
 * https://registry.npmjs.org/) is for tests.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MODES = ['first-release', 'trusted'] as const;
export const TOKEN_SECRET = 'NPM_FIRST_RELEASE_TOKEN';
const GUIDE = 'docs/DEVELOPMENT.md, section Releasing';

type Mode = (typeof MODES)[number];

function fail(message: string): never {
	console.error(`::error title=npm authentication::${message}`);
	process.exit(1);
}

/** The mode for a package that is (or is not) on npm, with the token secret set (or not). */
export function decide(onNpm: boolean, tokenSet: boolean, name: string): Mode {
	if (onNpm && tokenSet) {
		fail(
			`${name} is on npm already, so trusted publishing publishes it, but the ${TOKEN_SECRET} secret is still set. ` +
				`Delete the token on npmjs.com and the secret in the npm environment, then re-run this job (${GUIDE}).`,
		);
	}
	if (!onNpm && !tokenSet) {
		fail(
			`${name} is not on npm yet, and the npm environment has no ${TOKEN_SECRET} secret: ` +
				`the first release needs a short-lived npm token there (${GUIDE}).`,
		);
	}
	return onNpm ? 'trusted' : 'first-release';
}

/** Whether the registry has the package: true on 200, false on 404; anything else fails. */
async function onNpm(registry: string, name: string): Promise<boolean> {
	const url = new URL(name.replace('/', '%2f'), registry.endsWith('/') ? registry : `${registry}/`);
	let status: number;
	try {
		const response = await fetch(url, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(30_000) });
		status = response.status;
		if (status === 200) {
			const packument = (await response.json()) as { name?: string };
			if (packument.name !== name) fail(`${url} answered with a package named "${packument.name}", not ${name}`);
		}
	} catch (error) {
		fail(`could not ask ${url} whether ${name} is on npm: ${(error as Error).message}`);
	}
	if (status === 200) return true;
	if (status === 404) return false;
	fail(`${url} answered ${status}: cannot tell whether ${name} is on npm, so neither way of publishing is chosen`);
}

async function main() {
	const { name } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { name: string };
	const tokenSet = process.env.FIRST_RELEASE_TOKEN_SET;
	if (tokenSet !== 'true' && tokenSet !== 'false') fail(`FIRST_RELEASE_TOKEN_SET must be "true" or "false", not "${tokenSet ?? ''}"`);
	const mode = decide(await onNpm(process.env.NPM_REGISTRY || 'https://registry.npmjs.org/', name), tokenSet === 'true', name);
	if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `mode=${mode}\n`);
	console.log(
		mode === 'first-release'
			? `${name} is not on npm yet: the first release, with the ${TOKEN_SECRET} token (mode=${mode}).`
			: `${name} is on npm: trusted publishing, no token (mode=${mode}).`,
	);
}

if (require.main === module) void main();
