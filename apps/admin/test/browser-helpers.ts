import { authenticator } from 'otplib';
import { BrowserContext, Locator, Page } from 'playwright-core';
import { TenantTransactions } from '@fabquote/database';
import { createTestUser, eventually, mailCommitted, ReceivedMail, TestUser, TestUserOptions } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';

/**
 * Shared steps of the admin's browser suites: what a person does (sign in,
 * read a notice, follow a mail link) and what a test checks behind the screen
 * (the database, the mails).
 */

/** How long the tests wait for something on screen: the app answers in about a second; CI runs other suites beside. */
export const UI_TIMEOUT = 15_000;

/** Same TOTP settings as the API (apps/api/src/identity/sign-in.service.ts). */
authenticator.options = { digits: 6, step: 30, window: 1 };

/**
 * Runs in every page before the app: keeps the text of every notification that
 * appears, so a test can tell that none showed up where none should.
 */
const RECORD_NOTICES = `
  window.__notices = [];
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('[data-testid="notification"]')) {
      // A new notice may replace the text of the one on screen in the same element (one toast at a time).
      const text = notice.textContent.trim();
      if (!text || notice.__recorded === text) continue;
      notice.__recorded = text;
      window.__notices.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** A fresh browser profile on `path`, recording notifications (see noticesSeen). */
export async function openPage(stack: BrowserStack, path: string, locale?: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await stack.page(locale);
  opened.page.setDefaultTimeout(UI_TIMEOUT);
  await opened.context.addInitScript(RECORD_NOTICES);
  countRequests(opened.page);
  await opened.page.goto(`${stack.baseUrl}${path}`);
  return opened;
}

/**
 * One browser profile signed in as `user` through the sign-in page, for a whole test file: each test
 * opens its own tabs in it (`open`), which `closeTabs` closes after the test. The tabs share what
 * react-admin remembers (a list's last search), so every test works on records of its own.
 */
export interface SignedInProfile {
  /** A new tab at `path`; with `viewport`, sized before it loads (a phone's layout from the first frame). */
  open(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  closeTabs(): Promise<void>;
}

export async function signedInProfile(stack: BrowserStack, user: TestUser): Promise<SignedInProfile> {
  const { context, page: signInPage } = await openPage(stack, '/login');
  await signInAs(signInPage, user);
  await signInPage.close();
  const tabs: Page[] = [];
  return {
    open: async (path, viewport) => {
      const page = await context.newPage();
      tabs.push(page);
      if (viewport) await page.setViewportSize(viewport);
      page.setDefaultTimeout(UI_TIMEOUT);
      countRequests(page);
      await page.goto(`${stack.baseUrl}${path}`);
      return page;
    },
    closeTabs: async () => {
      await Promise.all(tabs.splice(0).map((page) => page.close()));
    },
  };
}

/**
 * Calls the API as `user`, for what a test needs but does not do through the screens. Fails unless
 * the answer is `expectedStatus`, or any success when none is given.
 */
export async function callApi<T>(stack: BrowserStack, user: TestUser, method: 'GET' | 'POST', path: string, body?: object, expectedStatus?: number): Promise<T> {
  const response = await fetch(`${stack.baseUrl}/api/v1/${path}`, {
    method,
    headers: { ...user.headers, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (expectedStatus === undefined ? !response.ok : response.status !== expectedStatus) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates a record through the API as `user` (201 or fails). */
export function createRecord(stack: BrowserStack, user: TestUser, resource: string, body: object): Promise<{ id: string }> {
  return callApi(stack, user, 'POST', resource, body, 201);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An input by its label; a required one's label reads "Name *" (a thin space before the star). */
export function input(scope: Locator, label: string, required = false): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}${required ? '\\s\\*' : ''}$`));
}

/** The page's content beside the menu. */
export const main = (page: Page): Locator => page.locator('#main-content');

/** Runs a query in the stack's organization (row-level security applies). */
export function sql<T = Record<string, unknown>>(stack: BrowserStack, query: string, parameters: unknown[] = []): Promise<T[]> {
  return stack.api.get(TenantTransactions).run(stack.organization.id, (manager) => manager.query(query, parameters) as Promise<T[]>);
}

/** A user to sign in through the browser; never signed in through the API unless asked. */
export function newUser(stack: BrowserStack, options: TestUserOptions = {}): Promise<TestUser> {
  return createTestUser(stack.api, stack.organization, { signIn: false, ...options });
}

/** Gives a user two-factor authentication with a known secret, as if they had enrolled. */
export async function enableMfa(stack: BrowserStack, user: TestUser): Promise<string> {
  const secret = authenticator.generateSecret();
  await sql(stack, `UPDATE users SET two_factor_secret = $1, two_factor_enabled = true WHERE id = $2`, [secret, user.id]);
  return secret;
}

/** Six digits the API will refuse right now: none of the codes of the accepted window. */
export function wrongCode(secret: string): string {
  const now = Date.now();
  const accepted = new Set([-1, 0, 1].map((step) => authenticator.clone({ epoch: now + step * 30_000 }).generate(secret)));
  for (let candidate = 0; ; candidate += 111_111) {
    const code = String(candidate % 1_000_000).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

const requestsInFlight = new WeakMap<Page, { count: number }>();

function countRequests(page: Page): void {
  const inFlight = { count: 0 };
  requestsInFlight.set(page, inFlight);
  page.on('request', () => inFlight.count++);
  page.on('requestfinished', () => inFlight.count--);
  page.on('requestfailed', () => inFlight.count--);
}

/**
 * Waits until the page has had no request under way for `quietMs`: before a test changes a record
 * behind the page's back, so a refetch the page had already started cannot bring the change in.
 */
export async function requestsSettled(page: Page, quietMs = 300): Promise<void> {
  const inFlight = requestsInFlight.get(page);
  if (!inFlight) throw new Error('requestsSettled: open the page with openPage or a signed-in profile');
  const deadline = Date.now() + UI_TIMEOUT;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`requestsSettled: ${inFlight.count} requests still under way`);
    await new Promise((wait) => setTimeout(wait, 25));
    if (inFlight.count > 0) quietSince = Date.now();
  }
}

/** Fills the sign-in form and submits it, as a person would. */
export async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs a user without MFA in on the sign-in page the browser shows, and waits for the console. */
export async function signInAs(page: Page, user: TestUser): Promise<void> {
  await submitCredentials(page, user.email, user.password);
  await shown(page.getByTestId('user-menu'));
}

/** Waits until the element is on screen (fails after UI_TIMEOUT); playwright-core has no expect of its own. */
export async function shown(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Waits until no such element is on screen. */
export async function gone(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden' });
}

/** That a notification reading exactly `text` appeared on this page since it was loaded. */
export async function expectNotice(page: Page, text: string): Promise<void> {
  // From the page's record of notices rather than the screen: on a slow machine a notice can have
  // hidden itself again (react-admin's 4 s) before the test looks, though the person saw it.
  await until(async () => (await noticesSeen(page)).includes(text), true);
}

/** Every notification this page has shown since it was last loaded, in order. */
export function noticesSeen(page: Page): Promise<string[]> {
  return page.evaluate('window.__notices') as Promise<string[]>;
}

/** Waits until the browser shows `path` (and `search`, when given). */
export async function expectPath(page: Page, path: string, search?: Record<string, string>): Promise<void> {
  await page.waitForURL((url) => url.pathname === path && Object.entries(search ?? {}).every(([name, value]) => url.searchParams.get(name) === value));
}

/** Local storage of the page's origin. */
export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(name), key);
}

/** The `count`-th mail to `address`, once it has arrived and what sent it has committed. */
export async function mailTo(stack: BrowserStack, address: string, count = 1): Promise<ReceivedMail> {
  const mail = await eventually(
    async () => {
      const mails = stack.smtp.mails.filter((mail) => mail.to.includes(address));
      return mails.length >= count ? mails[count - 1] : undefined;
    },
    15_000,
    `mail ${count} to ${address}`,
  );
  // Its link works once what sent it has committed (the token is stored in the sending transaction).
  await mailCommitted(stack.db.url, mail);
  return mail;
}

/**
 * Polls `probe` until it equals `expected` (deeply), then returns; after `timeoutMs`
 * fails with jest's diff of the last value, so a failure says what was seen.
 */
export async function until<T>(probe: () => Promise<T>, expected: T, timeoutMs = UI_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let actual = await probe();
  while (!equal(actual, expected) && Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 50));
    actual = await probe();
  }
  expect(actual).toEqual(expected);
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
