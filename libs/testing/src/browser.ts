import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Page } from 'playwright-core';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the suites drive, always Debian's: its headless shell (package chromium-headless-shell) where it is
 * installed, else the whole browser (package chromium); `CHROMIUM_PATH` names another. The shell is the same
 * Chromium build (Blink, V8, fonts, layout) without the desktop browser around a page, which is what Playwright
 * itself runs for headless tests. The browser suites are bound by the machine's two cores, and most of their CPU
 * went to Chromium's renderer, browser and GPU processes: with the shell the 19 browser suites took 489 s rather
 * than 655 s (2 jest workers), every test passing alike.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const SCREENSHOTS = join(__dirname, '../../../test-results');

/** Runs a browser test; on failure saves a screenshot under test-results/ before failing. */
export async function withScreenshot(page: Page, name: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = join(SCREENSHOTS, `${name.replace(/[^\w-]+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    (error as Error).message += `\n(screenshot: ${file})`;
    throw error;
  }
}
