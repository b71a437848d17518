import { BrowserContext, Page } from 'playwright-core';
import { authenticator } from 'otplib';
import { linkIn, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import {
  enableMfa,
  expectNotice,
  expectPath,
  gone,
  mailTo,
  newUser,
  openPage,
  requestsSettled,
  shown,
  signInAs,
  sql,
  storageItem,
  submitCredentials,
  until,
  wrongCode,
} from './browser-helpers';

/**
 * Sign-in flows of docs/product.md §4 in Chromium against the served product: password,
 * privacy policy, one-time code, expired session, forgotten password.
 */
describe('admin console: signing in', () => {
  let stack: BrowserStack;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    stack = await BrowserStack.start();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Opens a path in a fresh browser profile, kept for closing after the test. */
  const open = async (path: string): Promise<Page> => {
    const opened = await openPage(stack, path);
    context = opened.context;
    return opened.page;
  };

  const otpBoxes = (page: Page) => Array.from({ length: 6 }, (_, index) => page.getByTestId(`otp-input-${index}`));
  const boxValues = (page: Page) => Promise.all(otpBoxes(page).map((box) => box.inputValue()));

  it('signs in with email and password, after a wrong password, and signs out again', async () => {
    const user = await newUser(stack, { roles: ['Administrator'], name: 'Paula Plain' });
    const page = await open('/');
    await withScreenshot(page, 'sign-in-plain', async () => {
      // `/` without a token leads to the sign-in.
      await expectPath(page, '/login');
      await until(() => page.title(), 'Sign in · Fabquote');
      await submitCredentials(page, user.email, 'not-the-password');
      await expectNotice(page, 'These credentials do not match our records.');
      await expectPath(page, '/login');

      await submitCredentials(page, user.email, user.password);
      await shown(page.getByTestId('dashboard'));
      await expectPath(page, '/dashboard');
      expect(await page.getByTestId('user-menu').innerText()).toContain('Paula Plain');
      await until(() => page.title(), 'Dashboard · Fabquote');
      expect(await storageItem(page, 'token')).toMatch(/\S{20,}/);
      expect(await storageItem(page, 'logged_in')).toBe('true');

      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await shown(page.getByRole('button', { name: 'Sign in' }));
      await expectPath(page, '/login');
      expect(await storageItem(page, 'token')).toBeNull();
      // Signing out ends the session on the server too.
      const liveSessions = async () =>
        (await sql<{ count: string }>(stack, `SELECT count(*) FROM access_tokens WHERE user_id = $1 AND kind = 'session' AND revoked_at IS NULL`, [user.id]))[0].count;
      await until(liveSessions, '0');
    });
  });

  it('asks for the privacy policy first and lets the user in only once it is accepted', async () => {
    const user = await newUser(stack, { roles: ['Administrator'], privacyAccepted: false });
    const page = await open('/login');
    await withScreenshot(page, 'sign-in-privacy', async () => {
      await submitCredentials(page, user.email, user.password);
      await shown(page.getByRole('heading', { name: 'Privacy policy' }));
      await shown(page.getByRole('document', { name: 'Privacy notice' }));
      const accept = page.getByRole('button', { name: 'Accept and continue' });
      expect(await accept.isDisabled()).toBe(true);

      // A reload keeps the person on the policy: the console stays closed.
      await page.goto(`${stack.baseUrl}/dashboard`);
      await shown(page.getByRole('heading', { name: 'Privacy policy' }));
      await expectPath(page, '/login');

      await page.getByRole('checkbox', { name: 'I have read and accept the privacy policy' }).check();
      await accept.click();
      await shown(page.getByTestId('dashboard'));
      await expectPath(page, '/dashboard');
      const [row] = await sql<{ accepted: boolean }>(stack, `SELECT privacy_policy_accepted_at IS NOT NULL AS accepted FROM users WHERE id = $1`, [user.id]);
      expect(row.accepted).toBe(true);
    });
  });

  it('signs in with two-factor authentication, typing the code into the boxes', async () => {
    const user = await newUser(stack, { roles: ['Administrator'] });
    const secret = await enableMfa(stack, user);
    const page = await open('/login');
    await withScreenshot(page, 'sign-in-mfa-typed', async () => {
      await submitCredentials(page, user.email, user.password);
      await shown(page.getByRole('heading', { name: 'Two-factor authentication' }));
      const verify = page.getByRole('button', { name: 'Verify' });
      const code = authenticator.generate(secret);
      // Typing moves from box to box; the code counts only once all six are filled.
      await otpBoxes(page)[0].click();
      await page.keyboard.type(code.slice(0, 5));
      expect(await verify.isDisabled()).toBe(true);
      await page.keyboard.type(code.slice(5));
      await until(() => boxValues(page), code.split(''));
      await verify.click();
      await shown(page.getByTestId('dashboard'));
      await expectPath(page, '/dashboard');
    });
  });

  it('signs in with two-factor authentication, pasting the code', async () => {
    const user = await newUser(stack, { roles: ['Administrator'] });
    const secret = await enableMfa(stack, user);
    const page = await open('/login');
    await context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await withScreenshot(page, 'sign-in-mfa-pasted', async () => {
      await submitCredentials(page, user.email, user.password);
      await shown(page.getByRole('heading', { name: 'Two-factor authentication' }));
      const code = authenticator.generate(secret);
      // What an authenticator app copies: spaced digits, here with a trailing extra digit that is cut off.
      await page.evaluate((text) => (globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }).navigator.clipboard.writeText(text), `${code.slice(0, 3)} ${code.slice(3)}9`);
      await otpBoxes(page)[0].click();
      await page.keyboard.press('ControlOrMeta+V');
      await until(() => boxValues(page), code.split(''));
      await page.getByRole('button', { name: 'Verify' }).click();
      await shown(page.getByTestId('dashboard'));
      await expectPath(page, '/dashboard');
    });
  });

  it('refuses a wrong code, empties the boxes and accepts the right one', async () => {
    const user = await newUser(stack, { roles: ['Administrator'] });
    const secret = await enableMfa(stack, user);
    const page = await open('/login');
    await withScreenshot(page, 'sign-in-mfa-wrong-code', async () => {
      await submitCredentials(page, user.email, user.password);
      await shown(page.getByRole('heading', { name: 'Two-factor authentication' }));
      await otpBoxes(page)[0].click();
      await page.keyboard.type(wrongCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectNotice(page, 'The code is not valid');
      // The message also sits under the boxes, which are empty for the next try.
      await shown(page.getByRole('group', { name: 'One-time password' }).getByText('The code is not valid'));
      await until(() => boxValues(page), ['', '', '', '', '', '']);
      expect(await storageItem(page, 'token')).toBeNull();
      await expectPath(page, '/login');

      await otpBoxes(page)[0].click();
      await page.keyboard.type(authenticator.generate(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await shown(page.getByTestId('dashboard'));
    });
  });

  const expireSessions = (userId: string) => sql(stack, `UPDATE access_tokens SET expires_at = now() WHERE user_id = $1`, [userId]);

  const expectSessionExpired = async (page: Page) => {
    await expectNotice(page, 'Your session expired. Please login in again to use the application');
    await expectPath(page, '/login');
    await shown(page.getByRole('button', { name: 'Sign in' }));
    expect(await storageItem(page, 'token')).toBeNull();
    expect(await storageItem(page, 'profile')).toBeNull();
    // The browser's own choices survive the end of the session.
    expect(await storageItem(page, 'organization')).toBe('demo');
  };

  it('sends the person back to sign in with the notice when the session expired (reload)', async () => {
    const user = await newUser(stack, { roles: ['Administrator'] });
    const page = await open('/login?host=demo');
    await withScreenshot(page, 'sign-in-expired-session-reload', async () => {
      await signInAs(page, user);
      await page.getByRole('menuitem', { name: 'Settings' }).and(page.locator('a[href="/settings"]')).click();
      await expectPath(page, '/settings');
      // A request still under way when the session ends would end it in this document, before the reload.
      await requestsSettled(page);
      await expireSessions(user.id);
      await page.reload();
      await expectSessionExpired(page);
    });
  });

  it('sends the person back to sign in with the notice when the session expired (moving on in the console)', async () => {
    const user = await newUser(stack, { roles: ['Administrator'] });
    const page = await open('/login?host=demo');
    await withScreenshot(page, 'sign-in-expired-session-navigate', async () => {
      await signInAs(page, user);
      await shown(page.getByTestId('dashboard'));
      // The dashboard's own requests must not be the ones that find the session ended.
      await requestsSettled(page);
      await expireSessions(user.id);
      await page.getByRole('menuitem', { name: 'Settings' }).and(page.locator('a[href="/settings"]')).click();
      await expectSessionExpired(page);
      // Signing in again leads back to the page the person was going to.
      await submitCredentials(page, user.email, user.password);
      await shown(page.getByRole('cell', { name: 'vat-rate' }));
    });
  });

  it('resets a forgotten password through the mailed link and signs in with it', async () => {
    const user = await newUser(stack, { roles: ['Administrator'], name: 'Fritz Forgetful' });
    const page = await open('/login');
    await withScreenshot(page, 'sign-in-forgot-password', async () => {
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expectPath(page, '/forgot-password');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send link' }).click();
      expect(await (await shown(page.getByTestId('forgot-password-sent'))).innerText()).toContain(user.email);

      const link = linkIn(await mailTo(stack, user.email));
      expect(link.origin).toBe(stack.baseUrl);
      expect(link.pathname).toBe('/reset-password');
      await page.goto(link.toString());
      await shown(page.getByRole('heading', { name: 'Reset password' }));
      await page.getByLabel('New password').fill('a-brand-new-secret');
      await page.getByLabel('Confirm password').fill('a-brand-new-secret');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await shown(page.getByTestId('dashboard'));
      await expectPath(page, '/dashboard');
      expect(await page.getByTestId('user-menu').innerText()).toContain('Fritz Forgetful');

      // The new password is the one that works from now on.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await submitCredentials(page, user.email, user.password);
      await expectNotice(page, 'These credentials do not match our records.');
      await submitCredentials(page, user.email, 'a-brand-new-secret');
      await shown(page.getByTestId('dashboard'));
      await gone(page.getByRole('button', { name: 'Sign in' }));
    });
  });
});
