/**
 * Every link from the package to its documentation (credential documentationUrl, the codex files'
 * credential and primary documentation, package.json's homepage) points at the repository's README,
 * and its anchor is a heading the README has, slugged as GitHub slugs headings.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const REPO = 'https://github.com/community-platform/n8n-nodes-community-platform';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function readmeAnchors(markdown: string): Set<string> {
	const anchors = new Set<string>(['readme']);
	const seen = new Map<string, number>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) fenced = !fenced;
		const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
		if (!heading) continue;
		const base = heading[1]
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

function links(): Array<{ from: string; url: string }> {
	const found: Array<{ from: string; url: string }> = [];
	const codexDir = join(ROOT, 'nodes', 'CommunityPlatform', 'codex');
	for (const file of readdirSync(codexDir).filter((f) => f.endsWith('.node.json'))) {
		const text = readFileSync(join(codexDir, file), 'utf8');
		for (const match of text.matchAll(/"url":\s*"([^"]+)"/g)) found.push({ from: `codex/${file}`, url: match[1] });
	}
	const credential = readFileSync(join(ROOT, 'credentials', 'CommunityPlatformApi.credentials.ts'), 'utf8');
	for (const match of credential.matchAll(/documentationUrl\s*=\s*'([^']+)'/g)) found.push({ from: 'credential', url: match[1] });
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { homepage: string };
	found.push({ from: 'package.json homepage', url: pkg.homepage });
	return found;
}

describe('documentation links', () => {
	const anchors = readmeAnchors(readFileSync(join(ROOT, 'README.md'), 'utf8'));
	const all = links();

	it('are found: the credential, the five codex files (credential and primary documentation) and the homepage', () => {
		expect(all.length).toBe(1 + 5 * 2 + 1);
	});

	it.each(all.map((l) => [l.from, l.url]))('%s → %s points at a README heading', (_from, url) => {
		const [page, anchor] = url.split('#');
		expect(page).toBe(REPO);
		expect(anchors.has(anchor)).toBe(true);
	});

	it('the slugger reads headings as GitHub does', () => {
		expect(readmeAnchors('## Triggers\n### Community Platform (action node; also usable as a tool by AI agents)\n## Triggers')).toEqual(
			new Set(['readme', 'triggers', 'community-platform-action-node-also-usable-as-a-tool-by-ai-agents', 'triggers-1']),
		);
	});
});
