import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, Page } from 'playwright-core';
import { TenantTransactions } from '@fabquote/database';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { SeededRequest, seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';
import {
  callApi,
  createRecord,
  expectNotice,
  expectPath,
  gone,
  input,
  main,
  openPage,
  shown,
  SignedInProfile,
  signedInProfile,
  signInAs,
  submitCredentials,
  UI_TIMEOUT,
  until,
} from './browser-helpers';

/** react-admin's question before unsaved changes are left, in English. */
const UNSAVED_CHANGES = "Some of your changes weren't saved. Are you sure you want to ignore them?";

/** A phone: 390 × 844 CSS pixels. */
const PHONE = { width: 390, height: 844 };

/**
 * Counts the animation frames in which #root shows nothing at all — a blank page — from the first frame that
 * shows index.html's own first-load markup on: before that the browser may still be parsing the document (on a
 * busy machine it can yield inside #root), which no page can help. Each blank frame is noted with its moment so
 * a failure says where it fell. Runs in the page before the app.
 */
const COUNT_BLANK_FRAMES = `
  window.__blankFrames = 0;
  window.__blankFrameNotes = [];
  let shown = false;
  const look = () => {
    const root = document.getElementById('root');
    const blank = !root || root.innerText.trim() === '';
    if (!blank) shown = true;
    else if (shown) {
      window.__blankFrames += 1;
      window.__blankFrameNotes.push({ at: Math.round(performance.now()), readyState: document.readyState, markup: root ? root.innerHTML.slice(0, 200) : null });
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
`;

/**
 * The areas with a list page, from the route table itself: apps/admin/src is an ES module the
 * test project (CommonJS) does not import, so its `AREAS` are read as text.
 */
function listAreas(): string[] {
  const source = readFileSync(join(__dirname, '../src/routing/route-table.ts'), 'utf8');
  const start = source.indexOf('export const AREAS');
  const table = source.slice(start, source.indexOf('];', start));
  return [...table.matchAll(/\{\s*area: '([\w-]+)',\s*pages: \[([^\]]*)\]/g)].filter(([, , pages]) => /(^|[\s,])list([\s,]|$)/.test(pages)).map(([, area]) => area);
}

/**
 * The console the way a new estimator meets it: notices that do not outlive the
 * session they belong to and name what was saved (in English and German), forms that ask before
 * unsaved changes are left, amounts in an explanation to the cent with the exact value on demand,
 * a first load that is never a blank page, and every list and the supplier's page on a phone.
 */
describe('admin console: the estimator’s path', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  let request: SeededRequest;
  const given = { customer: { id: '', name: 'Kunz Apparatebau' }, calculated: { id: '' } };

  const created = (resource: string, body: object) => createRecord(stack, admin, resource, body);

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Erika Estimator', privacyAccepted: true });
    // A record in every list, so each list is shown with rows; the seeded request brings a material,
    // a product, an operation, a part and suppliers with their tokens.
    const prepare = async () => {
      request = await seedPurchaseRequest(stack.api.get(TenantTransactions), stack.organization, { suppliers: [{ name: 'Laserteile Nord GmbH', language: 'de' }] });
      const [customer, material, operation, part] = await Promise.all([
        created('customers', { name: given.customer.name, accountNumber: 'K-1001', city: 'Ulm', country: 'Germany' }),
        created('materials', { name: 'DC01 steel 2 mm', number: 'DC01-2', density: 7.85, pricePerUnit: 2.4, priceUnit: 'kg' }),
        created('operations', { name: 'Laser cutting' }),
        callApi<{ id: string }[]>(stack, admin, 'GET', 'parts').then((parts) => parts[0]),
        created('assets', { name: 'TruLaser 3030' }),
        created('factors', { name: 'Energy surcharge', value: 1.05 }),
        created('groups', { name: 'Structural steel' }),
        created('surveys', { title: 'Brackets for Kunz' }),
      ]);
      given.customer.id = customer.id;
      await created('suppliables', { type: 'part', number: 'SN-4711', supplierId: request.suppliers[0].id, partId: part.id });
      // A product calculated once: two minutes of labour at €65 an hour make €2.1666… per piece.
      const product = await created('products', {
        name: 'Mounting plate',
        number: 'MP-100',
        type: 'single',
        status: 'manually_created',
        materialId: material.id,
        thickness: 2,
        blankWidth: 120,
        blankLength: 80,
      });
      await created('product-materials', { productId: product.id, materialId: material.id });
      await created('product-operations', { productId: product.id, sorting: 10, operationId: operation.id, timePerUnit: 2, hourlyRate: 65 });
      await callApi(stack, admin, 'POST', `products/${product.id}/calculations`);
      given.calculated.id = product.id;
      await created('orders', { customerId: customer.id, items: [{ productId: product.id, quantity: 5 }] });
    };
    [profile] = await Promise.all([signedInProfile(stack, admin), prepare()]);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const notice = (page: Page) => page.getByTestId('notification');
  const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });
  const fits = (page: Page) => page.evaluate(`document.documentElement.scrollWidth <= ${PHONE.width}`) as Promise<boolean>;

  it('shows the product’s name and a progress indicator on the first load, never a blank page', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(UI_TIMEOUT);
      await context.addInitScript(COUNT_BLANK_FRAMES);
      // The console's script and the organization check arrive late, as on a slow line.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.route('**/api/v1/organization', async (route) => {
        await new Promise((wait) => setTimeout(wait, 500));
        await route.continue();
      });
      await page.goto(`${stack.baseUrl}/login`, { waitUntil: 'commit' });
      const firstLoad = await shown(page.getByTestId('first-load'));
      await shown(firstLoad.getByText('Fabquote', { exact: true }));
      await shown(firstLoad.getByRole('progressbar', { name: 'Loading' }));
      release();
      await shown(signInButton(page));
      await gone(page.getByTestId('first-load'));
      expect(await page.evaluate('window.__blankFrameNotes')).toEqual([]);
      expect(await page.evaluate('window.__blankFrames')).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('takes a notice away on signing in and on signing out', async () => {
    const { context, page } = await openPage(stack, '/login');
    try {
      await withScreenshot(page, 'estimator-notices-sign-in-out', async () => {
        // A refused sign-in says so on the sign-in page; once in, that is no longer news.
        await submitCredentials(page, admin.email, 'not-the-password');
        await shown(notice(page));
        await submitCredentials(page, admin.email, admin.password);
        await shown(page.getByTestId('user-menu'));
        expect(await notice(page).count()).toBe(0);

        // A notice in the console does not follow the person out to the sign-in page.
        await page.goto(`${stack.baseUrl}/customers/${given.customer.id}/edit`);
        await until(() => input(main(page), 'Name', true).inputValue(), given.customer.name);
        await input(main(page), 'City').fill('Neu-Ulm');
        await main(page).getByRole('button', { name: 'Save', exact: true }).click();
        await shown(notice(page).getByText('Customer saved', { exact: true }));
        await page.getByTestId('user-menu').click();
        await page.getByTestId('user-menu-logout').click();
        await shown(signInButton(page));
        expect(await notice(page).count()).toBe(0);
      });
    } finally {
      await context.close();
    }
  });

  it('names the record in its notices: created, saved, deleted', async () => {
    const page = await profile.open('/customers/create');
    // Saving leaves the form without asking: nothing unsaved is left behind.
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.dismiss();
    });
    await withScreenshot(page, 'estimator-named-notices', async () => {
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Customer' }));
      await input(dialog, 'Name', true).fill('Abel Blechtechnik');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => /^\/customers\/[^/]+\/view$/.test(url.pathname));
      await expectNotice(page, 'Customer created');
      const id = new URL(page.url()).pathname.split('/')[2];

      await main(page).getByRole('link', { name: 'Edit', exact: true }).click();
      await expectPath(page, `/customers/${id}/edit`);
      await until(() => input(main(page), 'Name', true).inputValue(), 'Abel Blechtechnik');
      await input(main(page), 'City').fill('Aalen');
      await main(page).getByRole('button', { name: 'Save', exact: true }).click();
      await expectPath(page, `/customers/${id}/view`);
      await expectNotice(page, 'Customer saved');

      await main(page).getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = await shown(page.getByRole('dialog', { name: 'Delete Abel Blechtechnik?' }));
      await confirm.getByTestId('delete-confirmation-input').fill('DELETE');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectNotice(page, 'Customer deleted');
      expect(JSON.stringify(await page.evaluate('window.__notices'))).not.toContain('Element');
      expect(prompts).toEqual([]);
    });
  });

  it('names the record in German: Kunde angelegt', async () => {
    const german = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], language: 'de', privacyAccepted: true });
    const { context, page } = await openPage(stack, '/login');
    try {
      await withScreenshot(page, 'estimator-named-notices-german', async () => {
        await signInAs(page, german);
        await page.goto(`${stack.baseUrl}/customers/create`);
        const dialog = await shown(page.getByRole('dialog', { name: 'Kunde anlegen' }));
        await input(dialog, 'Name', true).fill('Brenner Stahlbau');
        await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
        await page.waitForURL((url) => /^\/customers\/[^/]+\/view$/.test(url.pathname));
        await expectNotice(page, 'Kunde angelegt');
      });
    } finally {
      await context.close();
    }
  });

  it('asks before leaving a form with unsaved changes: an edit page and a create dialog', async () => {
    const page = await profile.open(`/customers/${given.customer.id}/edit`);
    const prompts: string[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
    await withScreenshot(page, 'estimator-unsaved-changes', async () => {
      const name = input(main(page), 'Name', true);
      await until(() => name.inputValue(), given.customer.name);
      // Untouched, the form lets the person go; here it is changed first.
      await name.fill(`${given.customer.name} (new)`);
      const customersEntry = page.getByRole('menuitem', { name: 'Customers', exact: true }).and(page.locator('a[href="/customers"]'));
      await customersEntry.click();
      await until(() => Promise.resolve(prompts.length), 1);
      expect(prompts).toEqual([UNSAVED_CHANGES]);
      // Staying keeps the page and what was typed.
      expect(new URL(page.url()).pathname).toBe(`/customers/${given.customer.id}/edit`);
      expect(await name.inputValue()).toBe(`${given.customer.name} (new)`);
      answer = 'accept';
      await customersEntry.click();
      await expectPath(page, '/customers');
      // The form is gone with what it held (the list shows): nothing is left to ask about when the page is left.
      await shown(main(page).getByRole('cell', { name: given.customer.name, exact: true }));
      expect(prompts).toEqual([UNSAVED_CHANGES, UNSAVED_CHANGES]);

      // The create dialog asks too, on Escape and on Cancel.
      await page.goto(`${stack.baseUrl}/customers/create`);
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Customer' }));
      await input(dialog, 'Name', true).fill('Half typed GmbH');
      answer = 'dismiss';
      await page.keyboard.press('Escape');
      await until(() => Promise.resolve(prompts.length), 3);
      await shown(dialog);
      expect(await input(dialog, 'Name', true).inputValue()).toBe('Half typed GmbH');
      answer = 'accept';
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectPath(page, '/customers');
      await gone(dialog);
      expect(prompts).toEqual(Array(4).fill(UNSAVED_CHANGES));

      // The browser's Back button asks too: from the list to the view to the edit page, within the console.
      await main(page).getByRole('cell', { name: given.customer.name, exact: true }).click();
      await main(page).getByRole('link', { name: 'Edit', exact: true }).click();
      await expectPath(page, `/customers/${given.customer.id}/edit`);
      const again = input(main(page), 'Name', true);
      await until(() => again.inputValue(), given.customer.name);
      await again.fill(`${given.customer.name} (back)`);
      answer = 'dismiss';
      await page.evaluate('history.back()');
      await until(() => Promise.resolve(prompts.length), 5);
      // Staying puts the edit page's address back, with what was typed.
      await expectPath(page, `/customers/${given.customer.id}/edit`);
      expect(await again.inputValue()).toBe(`${given.customer.name} (back)`);
      answer = 'accept';
      await page.evaluate('history.back()');
      await until(() => Promise.resolve(prompts.length), 6);
      await page.waitForURL((url) => new RegExp(`^/customers/${given.customer.id}/view(/details)?$`).test(url.pathname));
      await gone(again);
      expect(prompts).toEqual(Array(6).fill(UNSAVED_CHANGES));
    });
  });

  it('explains a figure in cents, with the exact amount on demand', async () => {
    const page = await profile.open(`/products/${given.calculated.id}/calculations`);
    await withScreenshot(page, 'estimator-explanation-cents', async () => {
      const breakdown = await shown(main(page).getByRole('table', { name: 'Breakdown per quantity tier' }));
      const firstTier = breakdown.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1', exact: true }) });
      const labor = await shown(firstTier.getByRole('button', { name: /^Explain Labor at 1 piece: / }));
      expect(await labor.innerText()).toBe('€2.17');
      await labor.click();
      const explanation = await shown(page.getByRole('dialog', { name: 'Labor per piece at 1 piece' }));
      const value = explanation.getByTestId('figure-value').first();
      expect(await value.innerText()).toBe('€2.17');
      // Nothing reads like 2.166666666666666666666666666667 until it is asked for.
      expect(await explanation.innerText()).not.toMatch(/\d[.,]\d{7,}/);
      expect(await explanation.getByTestId('figure-exact').count()).toBe(0);
      // Pointing at the amount shows it exactly; so does a click (or a tap on a phone).
      await value.hover();
      await shown(page.getByRole('tooltip').getByText(/^Exact: 2\.16{10,}7? EUR$/));
      await value.click();
      await shown(explanation.getByTestId('figure-exact').getByText(/^Exact: 2\.16{10,}7? EUR$/));
    });
  });

  it('draws the price make-up as stacked bars with the unit price marked, and a bar explains its figure', async () => {
    const page = await profile.open(`/products/${given.calculated.id}/calculations`);
    await withScreenshot(page, 'estimator-chart', async () => {
      const breakdown = await shown(main(page).getByRole('table', { name: 'Breakdown per quantity tier' }));
      const tiers = (await breakdown.getByRole('row').count()) - 1;
      const chart = await shown(main(page).getByRole('group', { name: /^Stacked bars of material, labor/ }));
      // One bar per tier in each of the five components' series, and a dashed unit price mark per tier.
      await until(() => chart.locator('g[data-series="labor"] rect').count(), tiers);
      expect(await chart.getByTestId('unit-price-marks').locator('line').count()).toBe(tiers);
      await chart.locator('g[data-series="labor"] rect').first().click();
      const explanation = await shown(page.getByRole('dialog', { name: 'Labor per piece at 1 piece' }));
      expect(await explanation.getByTestId('figure-value').first().innerText()).toBe('€2.17');
      await page.keyboard.press('Escape');
      await gone(explanation);
      // Shares: each bar to 100 %, no unit price marks.
      await main(page).getByRole('button', { name: 'Shares' }).click();
      await shown(main(page).getByText('Make-up of the price by quantity'));
      expect(await chart.getByTestId('unit-price-marks').count()).toBe(0);
    });
  });

  describe('on a phone (390 × 844)', () => {
    let phone: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      phone = await stack.browser.newContext({ locale: 'en-US', viewport: PHONE, isMobile: true, hasTouch: true });
      page = await phone.newPage();
      page.setDefaultTimeout(UI_TIMEOUT);
      await page.goto(`${stack.baseUrl}/login`);
      await signInAs(page, admin);
    });

    afterAll(async () => {
      await phone?.close();
    });

    /** What is wrong with the list of `area` on the phone, or null: it shows lines, not a table, and fits the width. */
    const listProblem = async (area: string): Promise<string | null> => {
      await page.goto(`${stack.baseUrl}/${area}`);
      try {
        if (area === 'dashboard') {
          await shown(main(page).getByTestId('widget-number_of_orders'));
        } else {
          // A line per record, not a table: every list has a record (beforeAll).
          const lines = main(page).getByTestId('record-list-small').or(main(page).getByTestId('survey-list-small'));
          await lines.getByRole('listitem').first().waitFor({ state: 'visible', timeout: 8000 });
          if ((await main(page).locator('table').count()) > 0) return `${area}: a table`;
        }
      } catch {
        return `${area}: no lines`;
      }
      await page.waitForLoadState('networkidle');
      return (await fits(page)) ? null : `${area}: ${await page.evaluate('document.documentElement.scrollWidth')} px wide`;
    };

    it('shows every list without sideways scrolling', async () => {
      await withScreenshot(page, 'estimator-lists-phone', async () => {
        const areas = listAreas();
        expect(areas.length).toBeGreaterThan(15);
        expect(areas).toEqual(expect.arrayContaining(['dashboard', 'customers', 'products', 'purchase-requests', 'surveys', 'users']));
        const problems: string[] = [];
        for (const area of areas) {
          const problem = await listProblem(area);
          if (problem) problems.push(problem);
        }
        expect(problems).toEqual([]);
      });
    });

    it("keeps the supplier's page usable without sideways scrolling", async () => {
      const supplier = request.suppliers[0];
      await withScreenshot(page, 'estimator-supplier-page-phone', async () => {
        await page.goto(`${stack.baseUrl}/pub/purchase-requests/${request.id}/${supplier.id}?token=${encodeURIComponent(supplier.token)}&host=demo`);
        const form = await shown(page.getByTestId('supplier-offer-form'));
        await page.waitForLoadState('networkidle');
        expect(await fits(page)).toBe(true);
        // Every input lies within the screen and takes what is typed.
        const price = form.getByLabel('Stückpreis bei 10 Stk.').first();
        await price.fill('4,20');
        expect(await price.inputValue()).toMatch(/^4[,.]2/);
        const boxes = await form.locator('input:visible').evaluateAll((inputs) =>
          inputs.map((element) => {
            const box = (element as unknown as { getBoundingClientRect(): { left: number; right: number } }).getBoundingClientRect();
            return [Math.round(box.left), Math.round(box.right)];
          }),
        );
        expect(boxes.length).toBeGreaterThan(3);
        expect(boxes.filter(([left, right]) => left < 0 || right > PHONE.width)).toEqual([]);
        expect(await fits(page)).toBe(true);
      });
    });
  });
});
