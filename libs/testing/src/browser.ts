import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
