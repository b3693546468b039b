/**
 * A real browser for the editor tests: Debian's Chromium (scripts/ensure-debian-package.sh installs it)
 * driven by playwright-core, which downloads no browser. Headless, and kept off the network
 * beyond 127.0.0.1: without the background-networking flags Chromium keeps calling Google.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { OWNER } from './n8n.cjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? 'chromium';

export async function launchBrowser(): Promise<Browser> {
	return await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
}

/** Signs in to n8n's editor as the owner the harness set up, in a fresh page. */
export async function signIn(browser: Browser, n8nUrl: string): Promise<Page> {
	const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
	await page.goto(`${n8nUrl}/signin`);
	await page.fill('input[type=email]', OWNER.email);
	await page.fill('input[type=password]', OWNER.password);
	await page.keyboard.press('Enter');
	await page.waitForURL(/\/home\//);
	return page;
}
