/**
 * A real browser for the editor tests, driven by playwright-core, which downloads no browser:
 * CHROMIUM_PATH, else Chromium or Chrome from PATH (scripts/check-system.sh finds it; its
 * --install gets Debian's chromium). Headless, and kept off the network beyond 127.0.0.1:
 * without the background-networking flags Chromium keeps calling Google.
 * --disable-dev-shm-usage: a Chromium that keeps shared memory in /dev/shm crashes its pages
 * when that fills, and /dev/shm is 64 MB in a Docker container (a GitHub Actions container job
 * too); with the flag it uses the temporary folder. playwright-core passes it as well: it is
 * here so that the launch does not rest on that default. (Chromium 156 on Debian takes its
 * shared memory from memfd and left a 1 MB /dev/shm untouched, with or without the flag.)
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { OWNER } from './n8n.cjs';
import { findSystemDependency } from './runtime.cjs';

export async function launchBrowser(): Promise<Browser> {
	return await chromium.launch({
		executablePath: findSystemDependency('chromium'),
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
