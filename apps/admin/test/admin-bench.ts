import { gzipSync } from 'node:zlib';
import { Page } from 'playwright-core';
import { createTestUser } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';

/**
 * The admin console's figures for `npm run bench`: what the
 * browser downloads before it can show anything, how long until a person can
 * type into the sign-in page, and how long from submitting the sign-in until
 * a list shows rows. Headless Debian Chromium against the product as
 * `npm start` serves it (BrowserStack); each run is a fresh browser profile,
 * so nothing comes from the HTTP cache. Prints figures, asserts nothing.
 */
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 5);

/** The goal for the entry and what index.html preloads, gzipped, in KB (1000 bytes). The areas load later, each in a chunk of its own. */
export const INITIAL_JS_GOAL_KB = 250;

/** What the functions below use of the page's globals (the backend tsconfig has no DOM types). */
interface Shown {
  disabled?: boolean;
  getClientRects(): { length: number };
}
interface PageGlobals {
  document: {
    querySelector(selector: string): Shown | null;
    querySelectorAll(selector: string): ArrayLike<Shown>;
    addEventListener(type: string, listener: () => void, capture: boolean): void;
  };
  performance: { now(): number };
  submittedAt?: number;
}

/** The page's own clock (ms since its navigation started) once the sign-in form takes input. Runs in the page. */
function signInInteractive(): number | false {
  const page = globalThis as unknown as PageGlobals;
  const input = page.document.querySelector('input[name="email"]');
  return input !== null && !input.disabled && input.getClientRects().length > 0 ? page.performance.now() : false;
}

/** The page's clock once the settings list shows rows; signing in is a client-side step, so the clock is the same. Runs in the page. */
function listRowsShown(): number | false {
  const page = globalThis as unknown as PageGlobals;
  const rows = page.document.querySelectorAll('main table tbody tr');
  return rows.length > 0 && rows[0].getClientRects().length > 0 ? page.performance.now() : false;
}

/** Remembers when the sign-in form is first submitted, on the page's clock. Runs in the page. */
function recordSubmit(): void {
  const page = globalThis as unknown as PageGlobals;
  page.document.addEventListener('submit', () => (page.submittedAt ??= page.performance.now()), true);
}

export async function benchAdmin(): Promise<string[]> {
  const stack = await BrowserStack.start();
  try {
    const scripts = await initialScripts(stack.baseUrl);
    const user = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], signIn: false });
    const toSignIn: number[] = [];
    const toList: number[] = [];
    // One run first, unmeasured: the server's first answers (templates, pools, JIT) are not what a person waits for.
    for (let run = -1; run < RUNS; run++) {
      const { context, page } = await stack.page();
      try {
        const measured = await signInRun(stack, page, user.email, user.password);
        if (run >= 0) {
          toSignIn.push(measured.interactive);
          toList.push(measured.list);
        }
      } finally {
        await context.close();
      }
    }
    const raw = scripts.reduce((sum, script) => sum + script.raw, 0);
    const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
    return [
      `admin console (headless Chromium, fresh browser profile per run, median of ${RUNS} runs):`,
      `  initial JavaScript: ${(gzip / 1000).toFixed(1)} KB gzip (entry + preloaded) (goal ≤ ${INITIAL_JS_GOAL_KB} KB)`,
      ...(gzip > INITIAL_JS_GOAL_KB * 1000 ? [`MISSED: admin initial JavaScript ${(gzip / 1000).toFixed(1)} KB (goal ≤ ${INITIAL_JS_GOAL_KB} KB)`] : []),
      `    ${scripts.length} file${scripts.length === 1 ? '' : 's'}, ${kB(raw)} raw: ${scripts.map((script) => `${script.path.split('/').pop()} ${kB(script.gzip)}`).join(', ')}`,
      `  navigation → interactive sign-in page: ${timing(toSignIn)}`,
      `  sign-in submitted → first list rows (/settings): ${timing(toList)}`,
    ];
  } finally {
    await stack.stop();
  }
}

interface ScriptSize {
  path: string;
  raw: number;
  gzip: number;
}

/** The JavaScript index.html loads before anything renders: its scripts and module preloads, as served. */
async function initialScripts(baseUrl: string): Promise<ScriptSize[]> {
  const html = await (await fetch(`${baseUrl}/login`)).text();
  const paths = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/rel=["']?modulepreload/i.test(tag)) continue;
    const source = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (source) paths.add(new URL(source, `${baseUrl}/`).pathname);
  }
  if (paths.size === 0) throw new Error(`the admin's index.html loads no scripts (is apps/admin built?):\n${html}`);
  return Promise.all(
    [...paths].map(async (path) => {
      const response = await fetch(`${baseUrl}${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { path, raw: body.length, gzip: gzipSync(body).length };
    }),
  );
}

/**
 * One person's visit: /settings while signed out leads to the sign-in; once it
 * takes input, sign in; react-admin goes back to /settings, which lists rows.
 */
async function signInRun(stack: BrowserStack, page: Page, email: string, password: string): Promise<{ interactive: number; list: number }> {
  await page.goto(`${stack.baseUrl}/settings`, { waitUntil: 'commit' });
  const interactive = (await (await page.waitForFunction(signInInteractive, undefined, { polling: 'raf', timeout: 30_000 })).jsonValue()) as number;
  await page.evaluate(recordSubmit);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  const shown = (await (await page.waitForFunction(listRowsShown, undefined, { polling: 'raf', timeout: 30_000 })).jsonValue()) as number;
  const submitted = await page.evaluate(() => (globalThis as unknown as PageGlobals).submittedAt);
  if (submitted === undefined) throw new Error('the sign-in form was never submitted');
  return { interactive, list: shown - submitted };
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function timing(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return `${median.toFixed(0)} ms (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)})`;
}
