// Headless Chromium (Debian's package, driven by playwright-core) for the web console's end-to-end tests: console errors collected, screenshots kept.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from './test-env.ts';

/** Where screenshots go; gitignored, kept by CI as test artefacts. */
export const SCREENSHOT_DIR = path.join(projectRoot, '.cache/console-screenshots');

export const CHROMIUM_PATH = process.env.NEXUS_CHROMIUM ?? '/usr/bin/chromium';

export interface ConsoleBrowser {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every console error and uncaught page error so far. */
  readonly errors: string[];
  /** Saves a screenshot of the page as <name>.png in SCREENSHOT_DIR. */
  shot(name: string, options?: { fullPage?: boolean }): Promise<string>;
}

/** Why the console's browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  return existsSync(CHROMIUM_PATH) ? undefined : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set NEXUS_CHROMIUM)`;
}

export async function openConsoleBrowser(t: { teardown(fn: () => unknown): void }, baseURL: string): Promise<ConsoleBrowser> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // Root in a container has no user namespaces for Chromium's sandbox; the pages are our own console only.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  t.teardown(() => browser.close());
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page: ${err.message}`));
  return {
    browser,
    context,
    page,
    errors,
    async shot(name, options = {}) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
      return file;
    },
  };
}
