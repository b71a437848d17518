import { BrowserContext, Page } from 'playwright-core';
import { createTestUser, linkIn, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import {
  createRecord,
  expectNotice,
  expectPath,
  mailTo,
  newUser,
  noticesSeen,
  openPage,
  shown,
  signInAs,
  sql,
  storageItem,
  until,
} from './browser-helpers';

/**
 * The console once signed in (docs/product.md §1, §2, §6): organization check, permission
 * gate, unknown paths, German, the profile and inviting a user.
 */
describe('admin console: working in it', () => {
  let stack: BrowserStack;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await BrowserStack.start();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const open = async (path: string): Promise<Page> => {
    const { context, page } = await openPage(stack, path);
    contexts.push(context);
    return page;
  };

  /** Client-side navigation, as a link inside the console does it (no reload). */
  const followInAppLink = (page: Page, path: string) =>
    page.evaluate((target) => {
      const browser = globalThis as unknown as { history: { pushState(state: null, title: string, url: string): void }; dispatchEvent(event: unknown): void };
      const PopState = (globalThis as unknown as { PopStateEvent: new (type: string) => unknown }).PopStateEvent;
      browser.history.pushState(null, '', target);
      browser.dispatchEvent(new PopState('popstate'));
    }, path);

  // The last of that name: the Settings group's own entry comes before the settings list's, which has the same name.
  const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true }).last();

  it('refuses a page the user lacks the permission for with the notice, and stays on the allowed page', async () => {
    // No dashboard either: such a user's home is the profile, reached without any refusal.
    const user = await newUser(stack, { permissions: ['settings.view'] });
    const page = await open('/login');
    const usersRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/users')) usersRequests.push(request.url());
    });
    await withScreenshot(page, 'console-permission-denied', async () => {
      await signInAs(page, user);
      await expectPath(page, '/profile');
      // The menu offers only what the user may see.
      await shown(menuEntry(page, 'Settings'));
      for (const hidden of ['Dashboard', 'Users', 'Roles']) expect(await menuEntry(page, hidden).count()).toBe(0);

      await menuEntry(page, 'Settings').click();
      await expectPath(page, '/settings');
      await shown(page.getByRole('cell', { name: 'vat-rate' }));
      expect(await noticesSeen(page)).toEqual([]);
      await followInAppLink(page, '/users');
      await expectNotice(page, 'You are not authorized to view this page.');
      await expectPath(page, '/settings');
      await shown(page.getByRole('cell', { name: 'vat-rate' }));

      // Typed into the address bar (a fresh load), the user lands on their home page instead.
      await page.goto(`${stack.baseUrl}/users`);
      await expectNotice(page, 'You are not authorized to view this page.');
      await expectPath(page, '/profile');
      await shown(page.getByLabel(/^Name/));
      expect(await noticesSeen(page)).toEqual(['You are not authorized to view this page.']);
      expect(usersRequests).toEqual([]);
    });
  });

  it('shows the not-found page for an unknown path, with a way home', async () => {
    const user = await newUser(stack, { roles: ['Viewer'] });
    const page = await open('/login');
    await withScreenshot(page, 'console-not-found', async () => {
      await signInAs(page, user);
      await page.goto(`${stack.baseUrl}/no-such-page/at/all`);
      const notFound = await shown(page.getByTestId('not-found'));
      await shown(notFound.getByRole('heading', { name: 'This page does not exist.' }));
      await until(() => page.title(), 'Page not found · Fabquote');
      await notFound.getByRole('link', { name: 'Back home' }).click();
      await shown(page.getByTestId('dashboard'));
      await expectPath(page, '/dashboard');
    });
  });

  it('opens /no-organization for an address that belongs to no organization', async () => {
    const page = await open('/?host=nope');
    await withScreenshot(page, 'console-no-organization', async () => {
      await expectPath(page, '/no-organization');
      await shown(page.getByRole('heading', { name: 'Organization not found' }));
      await shown(page.getByText('This address does not belong to a Fabquote organization.', { exact: false }));
      expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
      expect(await storageItem(page, 'organization')).toBe('nope');

      // The remembered organization counts until another is given.
      await page.goto(`${stack.baseUrl}/login`);
      await expectPath(page, '/no-organization');
      await page.goto(`${stack.baseUrl}/?host=demo`);
      await expectPath(page, '/login');
      await shown(page.getByTestId('organization-name').getByText('Demo Metallbau GmbH'));
    });
  });

  it('switches to German from the app bar: texts change, the profile language follows, the choice stays', async () => {
    const user = await newUser(stack, { roles: ['Administrator'], language: 'en' });
    const page = await open('/login');
    await withScreenshot(page, 'console-german', async () => {
      await signInAs(page, user);
      await shown(menuEntry(page, 'Settings'));
      await page.getByTestId('locale-switcher').click();
      await page.getByTestId('locale-option-de').click();

      await shown(menuEntry(page, 'Einstellungen'));
      await shown(page.getByText('Anzahl der Aufträge', { exact: true }));
      expect(await menuEntry(page, 'Settings').count()).toBe(0);
      expect(await page.getByTestId('locale-switcher').innerText()).toBe('DE');
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang)).toBe('de');
      expect(await storageItem(page, 'locale')).toBe('de');
      await until(async () => (await sql<{ language_code: string }>(stack, `SELECT language_code FROM users WHERE id = $1`, [user.id]))[0].language_code, 'de');

      // react-admin's own texts are German too, and the choice survives a reload.
      await page.reload();
      await page.getByTestId('user-menu').click();
      await shown(page.getByTestId('user-menu-profile').getByText('Profil'));
      await shown(page.getByTestId('user-menu-logout').getByText('Abmelden'));
      await page.getByTestId('user-menu-profile').click();
      await shown(page.getByText('Persönliche Angaben', { exact: true }));
      await until(() => page.title(), 'Profil · Fabquote');
      // The profile's own language setting says German now.
      await shown(page.getByRole('combobox', { name: /^Sprache/ }).getByText('Deutsch'));

      // Signed out, the sign-in page stays German.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await shown(page.getByRole('button', { name: 'Anmelden' }));
    });
  });

  it('updates the profile: name and phone are saved and shown', async () => {
    const user = await newUser(stack, { roles: ['Viewer'], name: 'Rita Before' });
    const page = await open('/login');
    await withScreenshot(page, 'console-profile-update', async () => {
      await signInAs(page, user);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-profile').click();
      await expectPath(page, '/profile');
      const name = page.getByLabel(/^Name/);
      const phone = page.getByLabel('Phone');
      await until(() => name.inputValue(), 'Rita Before');
      await name.fill('Rita After');
      await phone.fill('+49 30 1234567');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectNotice(page, 'Profile updated');
      await shown(page.getByTestId('user-menu').getByText('Rita After'));

      const [row] = await sql<{ name: string; phone: string }>(stack, `SELECT name, phone FROM users WHERE id = $1`, [user.id]);
      expect(row).toEqual({ name: 'Rita After', phone: '+49 30 1234567' });
      await page.reload();
      await until(() => Promise.all([name.inputValue(), phone.inputValue()]), ['Rita After', '+49 30 1234567']);
    });
  });

  it('invites a user from Users; the invitee sets a password through the mail and is signed in', async () => {
    const admin = await newUser(stack, { roles: ['Administrator'], name: 'Ida Inviter' });
    const page = await open('/login');
    const email = `invitee-${Date.now()}@demo.example`;
    await withScreenshot(page, 'console-invite-admin', async () => {
      await signInAs(page, admin);
      await menuEntry(page, 'Users').click();
      await expectPath(page, '/users');
      await shown(page.getByRole('cell', { name: admin.email }));
      await page.getByRole('button', { name: 'Invite user' }).click();
      const dialog = await shown(page.getByRole('dialog', { name: 'Invite a user' }));
      await dialog.getByLabel(/^Email/).fill(email);
      await dialog.getByLabel(/^Name/).fill('Ina Invitee');
      await dialog.getByRole('checkbox', { name: 'Viewer' }).check();
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expectNotice(page, `Invitation sent to ${email}`);
      await shown(page.getByRole('cell', { name: email }));
    });

    const link = linkIn(await mailTo(stack, email));
    expect(link.searchParams.get('invite')).toBe('1');
    const invitee = await open(`${link.pathname}${link.search}`);
    await withScreenshot(invitee, 'console-invite-invitee', async () => {
      await shown(invitee.getByRole('heading', { name: 'Set your password' }));
      await invitee.getByLabel(/^New password/).fill('ina-chose-this-one');
      await invitee.getByLabel(/^Confirm password/).fill('ina-chose-this-one');
      await invitee.getByRole('button', { name: 'Set password' }).click();
      // A new user accepts the privacy policy before the console opens.
      await shown(invitee.getByRole('heading', { name: 'Privacy policy' }));
      await invitee.getByRole('checkbox', { name: 'I have read and accept the privacy policy' }).check();
      await invitee.getByRole('button', { name: 'Accept and continue' }).click();
      await shown(invitee.getByTestId('dashboard'));
      await shown(invitee.getByTestId('user-menu').getByText('Ina Invitee'));
      // A Viewer: no user management in the menu.
      expect(await menuEntry(invitee, 'Users').count()).toBe(0);
    });
  });

  it('shows settings by their names in the reader\'s language, keeps a key, and edits the quantity tiers as numbers', async () => {
    const user = await newUser(stack, { roles: ['Administrator'], language: 'de' });
    const page = await open('/login');
    await withScreenshot(page, 'console-settings-tiers', async () => {
      await signInAs(page, user);
      await page.goto(`${stack.baseUrl}/settings`);
      const tiersRow = await shown(page.getByRole('row', { name: /Mengenstaffeln/ }));
      await shown(page.getByRole('cell', { name: /Mehrwertsteuersatz/ }));
      await tiersRow.click();
      await page.getByRole('link', { name: 'Bearbeiten' }).click();
      // The key stays what it is.
      expect(await page.getByLabel(/^Schlüssel/).isEditable()).toBe(false);
      const tiers = await shown(page.getByTestId('quantity-tiers'));
      const rows = tiers.getByLabel(/^Stück/);
      const before = await rows.count();
      await tiers.getByRole('button', { name: /Hinzufügen/ }).click();
      await rows.nth(before).fill('2,5');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await shown(tiers.getByText('Eine ganze Stückzahl, mindestens 1'));
      await rows.nth(before).fill('2');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await until(async () => (await sql<{ value: string[] }>(stack, `SELECT value FROM settings WHERE slug = 'quantity-tiers'`))[0].value.join(','), '1,2,5,10,25,50,100,250,500,1000');
    });
  });

  it('writes a list\'s dates and numbers the reader\'s way: 23.11.25 and 1.234,5678 in German, 23/11/25 and 1,234.5678 in English', async () => {
    // A factor: a number with thousands and decimals, and two dates whose day could not be a month.
    const name = `Formats ${Date.now()}`;
    const author = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'] });
    await createRecord(stack, author, 'factors', { name, value: 1234.5678, scope: 'total', validFrom: '2025-11-23', validUntil: '2027-01-05' });
    const expected = {
      de: { cells: ['1.234,5678', 'Summe', '23.11.25', '05.01.27'], created: /^\d{2}\.\d{2}\.\d{2}$/ },
      en: { cells: ['1,234.5678', 'Total', '23/11/25', '05/01/27'], created: /^\d{2}\/\d{2}\/\d{2}$/ },
    } as const;
    for (const language of ['de', 'en'] as const) {
      const user = await newUser(stack, { roles: ['Administrator'], language });
      const page = await open('/login');
      await withScreenshot(page, `console-formats-${language}`, async () => {
        await signInAs(page, user);
        await page.goto(`${stack.baseUrl}/factors`);
        const row = await shown(page.getByRole('row', { name: new RegExp(name) }));
        const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim().replace(/\s/g, ' '));
        expect(cells.slice(cells.indexOf(name) + 1)).toEqual(expected[language].cells);
        // The users list's dates too: the user's own row, created today.
        await page.goto(`${stack.baseUrl}/users?filter=${encodeURIComponent(JSON.stringify({ q: user.email }))}`);
        const own = await shown(page.getByRole('row', { name: new RegExp(user.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }));
        const created = (await own.getByRole('cell').allInnerTexts()).map((text) => text.trim());
        expect(created.filter((text) => expected[language].created.test(text))).toHaveLength(1);
      });
    }
  });

  /** A role's permissions are named, never shown as ids. */
  it('lists roles with how many permissions each holds and their names on hover, in English and German', async () => {
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const [{ count }] = await sql<{ count: number }>(stack, `SELECT count(*)::int AS count FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE r.name = 'Viewer'`);
    for (const [language, expected] of [
      ['en', { line: 'Products: View', column: 'Permissions' }],
      ['de', { line: 'Produkte: Ansehen', column: 'Berechtigungen' }],
    ] as const) {
      const user = await newUser(stack, { roles: ['Administrator'], language });
      const page = await open('/login');
      await withScreenshot(page, `console-roles-permission-names-${language}`, async () => {
        await signInAs(page, user);
        await page.goto(`${stack.baseUrl}/roles`);
        const table = await shown(page.locator('#main-content').getByRole('table'));
        await shown(table.getByRole('columnheader', { name: expected.column }));
        const viewer = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Viewer', exact: true }) });
        const permissions = viewer.getByRole('cell').nth(1);
        expect(await permissions.innerText()).toBe(String(count));
        await permissions.getByText(String(count), { exact: true }).hover();
        const names = await shown(page.getByRole('tooltip').getByTestId('role-permission-names'));
        await shown(names.getByText(expected.line, { exact: true }));
        expect(await names.innerText()).not.toMatch(uuid);
        expect(await table.innerText()).not.toMatch(uuid);
      });
    }
  });

  /** Permissions (docs/product.md §6): a page the user lacks the permission for, reached from a page they may see. */
  it('refuses products to a user without products.view: the notice in their language, and they stay where they were', async () => {
    const admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'] });
    const customer = await createRecord(stack, admin, 'customers', { name: 'Kessler Gerätebau' });
    const product = await createRecord(stack, admin, 'products', { name: 'Cover plate', number: 'CP-17', type: 'single', status: 'manually_created' });
    for (const [language, notice, cell] of [
      ['en', 'You are not authorized to view this page.', 'Kessler Gerätebau'],
      ['de', 'Sie sind nicht berechtigt, diese Seite anzusehen.', 'Kessler Gerätebau'],
    ] as const) {
      const user = await newUser(stack, { permissions: ['customers.view'], language });
      const page = await open('/login');
      const productRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/products')) productRequests.push(request.url());
      });
      await withScreenshot(page, `console-products-not-authorized-${language}`, async () => {
        await signInAs(page, user);
        await page.goto(`${stack.baseUrl}/customers`);
        await shown(page.getByRole('cell', { name: cell, exact: true }));
        expect(await noticesSeen(page)).toEqual([]);
        // No Products in the menu; the list and a product's page, reached inside the console, are refused.
        expect(await page.locator('a[href="/products"]').count()).toBe(0);
        for (const path of ['/products', `/products/${product.id}/view`]) {
          await followInAppLink(page, path);
          await expectPath(page, '/customers');
          await shown(page.getByRole('cell', { name: cell, exact: true }));
        }
        expect(await noticesSeen(page)).toEqual([notice, notice]);
        // The customer's own page stays open to them.
        await page.getByRole('cell', { name: cell, exact: true }).click();
        await expectPath(page, `/customers/${customer.id}/view`);
        expect(productRequests).toEqual([]);
      });
    }
  });
});
