/**
 * Every link from the package to its documentation (credential documentationUrl, the codex files'
 * credential and primary documentation, package.json's homepage) points at the repository's README,
 * and its anchor is a heading the README has, slugged as GitHub slugs headings.
 * Every relative link of the Markdown documents (README, docs/, the sandbox's README, the changelog)
 * reaches a file of the repository, and a heading of it when it names one; and every document in
 * docs/ is reachable from the README.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { readmeSection } from '../e2e/readme.cjs';

const ROOT = join(__dirname, '..', '..');
const REPO = 'https://github.com/community-platform/n8n-nodes-community-platform';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
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
	// Each node's codex file sits in its own folder: nodes/<Node>/codex/<Node>.node.json.
	for (const node of readdirSync(join(ROOT, 'nodes'))) {
		const file = join(ROOT, 'nodes', node, 'codex', `${node}.node.json`);
		if (!existsSync(file)) continue;
		const text = readFileSync(file, 'utf8');
		for (const match of text.matchAll(/"url":\s*"([^"]+)"/g)) found.push({ from: `codex/${node}.node.json`, url: match[1] });
	}
	const credential = readFileSync(join(ROOT, 'credentials', 'CommunityPlatformApi.credentials.ts'), 'utf8');
	for (const match of credential.matchAll(/documentationUrl\s*=\s*'([^']+)'/g)) found.push({ from: 'credential', url: match[1] });
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { homepage: string };
	found.push({ from: 'package.json homepage', url: pkg.homepage });
	return found;
}

describe('documentation links', () => {
	const anchors = headingAnchors(readFileSync(join(ROOT, 'README.md'), 'utf8'));
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
		expect(headingAnchors('## Triggers\n### Community Platform (action node; also usable as a tool by AI agents)\n## Triggers')).toEqual(
			new Set(['readme', 'triggers', 'community-platform-action-node-also-usable-as-a-tool-by-ai-agents', 'triggers-1']),
		);
	});
});

const DOCUMENTS = ['README.md', 'CHANGELOG.md', join('tools', 'sandbox', 'README.md'), ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

/** The relative links of a Markdown document (inline links and images, outside code), resolved from its folder. */
function relativeLinks(document: string): Array<{ target: string; anchor?: string }> {
	const text = readFileSync(join(ROOT, document), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
	const found: Array<{ target: string; anchor?: string }> = [];
	for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
		const href = match[1];
		if (/^[a-z]+:/i.test(href)) continue;
		const [path, anchor] = href.split('#');
		found.push({ target: path === '' ? document : relative(ROOT, resolve(ROOT, dirname(document), path)), anchor });
	}
	return found;
}

describe('relative links of the Markdown documents', () => {
	it.each(DOCUMENTS)('%s: every link reaches a file, and a heading of it when it names one', (document) => {
		const broken: string[] = [];
		for (const { target, anchor } of relativeLinks(document)) {
			if (!existsSync(join(ROOT, target))) {
				broken.push(`${target} (no such file)`);
				continue;
			}
			if (anchor && statSync(join(ROOT, target)).isFile() && target.endsWith('.md') && !headingAnchors(readFileSync(join(ROOT, target), 'utf8')).has(anchor)) {
				broken.push(`${target}#${anchor} (no such heading)`);
			}
		}
		expect(broken).toEqual([]);
	});

	it('every document in docs/ is reachable from the README', () => {
		const reached = new Set<string>(['README.md']);
		const queue = ['README.md'];
		while (queue.length > 0) {
			for (const { target } of relativeLinks(queue.shift()!)) {
				if (target.endsWith('.md') && !reached.has(target) && existsSync(join(ROOT, target))) {
					reached.add(target);
					queue.push(target);
				}
			}
		}
		expect(DOCUMENTS.filter((d) => d.startsWith('docs') && !reached.has(d))).toEqual([]);
	});

	it('finds the links it checks', () => {
		expect(relativeLinks('README.md').map((l) => l.target)).toEqual(expect.arrayContaining(['docs/triggers.md', 'examples/member-lookup.json', 'LICENSE']));
		expect(relativeLinks(join('docs', 'reliability.md')).some((l) => l.target === join('docs', 'batches.md') && l.anchor === 'batch-operations-submit-and-wait')).toBe(true);
	});
});

describe('the README, for a first reader', () => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

	it('stays under 2,500 words, counted as `wc -w` counts them', () => {
		expect(readme.split(/\s+/).filter(Boolean).length).toBeLessThan(2500);
	});

	it('has its sections in the order a new user needs them', () => {
		const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
		expect(sections).toEqual([
			'Install',
			'Credentials',
			'Quick start',
			'Operations',
			'Triggers',
			'Keep a copy in sync',
			'Batches and Create or Update',
			'AI agents',
			'Compatibility',
			'Development',
			'Resources',
			'License',
		]);
	});

	it('says the two things that make a new trigger look broken before the triggers table', () => {
		const triggers = readmeSection('Triggers', readme);
		const table = triggers.indexOf('| Trigger |');
		for (const phrase of ['first poll after activation emits nothing', 'about two minutes after it happens']) {
			expect(triggers.indexOf(phrase)).toBeGreaterThan(0);
			expect(triggers.indexOf(phrase)).toBeLessThan(table);
		}
	});
});
