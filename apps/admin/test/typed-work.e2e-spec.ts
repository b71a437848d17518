import { BrowserContext, Page } from 'playwright-core';
import { TenantTransactions } from '@fabquote/database';
import { createTestUser, ReceivedMail, supplierLinkIn, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { ProcurementClock } from '../../api/src/procurement/shared/procurement-clock';
import { SeededRequest, seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';
import { callApi, createRecord, expectPath, gone, input, mailTo, main, shown, signedInProfile, signInAs, sql, UI_TIMEOUT, until } from './browser-helpers';

/**
 * In Chromium (apps/admin/README.md "Decisions"): dates typed the way the console's language writes them on a browser
 * of the other locale and another time zone, stored as meant; the stepper asking before its typed input is
 * thrown away; a supplier's open page surviving a resend and a reminder with everything typed.
 */
describe('admin console: dates in the chosen language, and no typed work lost', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let request: SeededRequest;
  const contexts: BrowserContext[] = [];

  /** A browser of its own locale and zone, neither the console's language nor the organization's zone. */
  const browserPage = async (locale: string, timezoneId: string, path: string): Promise<Page> => {
    const context = await stack.browser.newContext({ locale, timezoneId, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT);
    await page.goto(`${stack.baseUrl}${path}`);
    return page;
  };
  const linkIn = (mail: ReceivedMail): string => {
    const url = supplierLinkIn(mail);
    return `${url.pathname}${url.search}`;
  };

  beforeAll(async () => {
    stack = await BrowserStack.start({ PROCUREMENT_CHECK_MS: '300' });
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], privacyAccepted: true });
    // The organization is in Berlin; the browsers below are in New York and Tokyo.
    await callApi(stack, admin, 'POST', 'settings', { slug: 'time-zone', value: 'Europe/Berlin' }, 201);
    request = await seedPurchaseRequest(stack.api.get(TenantTransactions), stack.organization, {
      deadline: new Date(Date.now() + 10 * 86_400_000),
      suppliers: [
        { language: 'de', name: 'Blechwerk Süd GmbH', email: 'angebote@blechwerk-sued.test' },
        { language: 'en', name: 'Northern Coating Ltd', email: 'offers@northern-coating.test' },
      ],
    });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  interface Factor {
    validFrom: string | null;
    validUntil: string | null;
  }
  const factorNamed = async (name: string) => (await callApi<Factor[]>(stack, admin, 'GET', `factors?q=${encodeURIComponent(name)}`))[0];
  const deadlineOf = async () => (await callApi<{ closeSubmissionDeadline: string }>(stack, admin, 'GET', `purchase-requests/${request.id}`)).closeSubmissionDeadline;

  it.each([
    {
      console: 'de',
      browser: 'en-US',
      zone: 'America/New_York',
      labels: { name: 'Name', value: 'Wert', from: 'Gültig ab', until: 'Gültig bis', deadline: 'Abgabefrist', save: 'Speichern' },
      typed: { from: '26.11.26', until: '05.01.2027', wrong: '11/26/2026', deadline: '26.11.2030 18:00' },
      refusal: 'Bitte das Datum als TT.MM.JJJJ eingeben',
      stored: '2030-11-26T17:00:00.000Z',
      shown: { from: '26.11.2026', deadline: /^Frist 26\.11\.30 18:00 MEZ · /, zone: 'Uhrzeit in Europe/Berlin' },
    },
    {
      console: 'en',
      browser: 'de-DE',
      zone: 'Asia/Tokyo',
      labels: { name: 'Name', value: 'Value', from: 'Valid from', until: 'Valid until', deadline: 'Close submission deadline', save: 'Save' },
      typed: { from: '26/11/26', until: '05/01/2027', wrong: '26.11.2026', deadline: '27/11/2030 09:30' },
      refusal: 'Enter the date as DD/MM/YYYY',
      stored: '2030-11-27T08:30:00.000Z',
      shown: { from: '26/11/2026', deadline: /^Deadline 27\/11\/30 09:30 CET · /, zone: 'Time in Europe/Berlin' },
    },
  ])('takes dates as the $console console writes them on a $browser browser in $zone, and stores what was meant', async (given) => {
    const user = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], privacyAccepted: true, language: given.console as 'de' | 'en' });
    const page = await browserPage(given.browser, given.zone, '/login');
    await withScreenshot(page, `typed-dates-${given.console}`, async () => {
      await signInAs(page, user);
      // A calendar date in a create dialog: the other notation is refused naming the expected one.
      const name = `Freight ${given.console}`;
      await page.goto(`${stack.baseUrl}/factors/create`);
      const dialog = page.getByRole('dialog');
      await input(dialog, given.labels.name, true).fill(name);
      await input(dialog, given.labels.value, true).fill('2');
      await input(dialog, given.labels.from).fill(given.typed.wrong);
      await input(dialog, given.labels.until).fill(given.typed.until);
      await dialog.getByRole('button', { name: given.labels.save }).click();
      await shown(dialog.getByText(given.refusal));
      await input(dialog, given.labels.from).fill(given.typed.from);
      await dialog.getByRole('button', { name: given.labels.save }).click();
      await page.waitForURL(/\/factors\/[0-9a-f-]{36}\/view$/);
      expect(await factorNamed(name)).toMatchObject({ validFrom: '2026-11-26', validUntil: '2027-01-05' });
      // The edit page shows it back in the language's notation, the year in full.
      await page.goto(page.url().replace(/\/view$/, '/edit'));
      await until(() => input(page.locator('#main-content'), given.labels.from).inputValue(), given.shown.from);

      // A deadline on the organization's wall clock (Berlin), whatever the browser's zone.
      await page.goto(`${stack.baseUrl}/purchase-requests/${request.id}/edit`);
      const deadline = input(page.locator('#main-content'), given.labels.deadline, true);
      await shown(page.getByText(given.shown.zone));
      await deadline.fill(given.typed.deadline);
      await page.locator('#main-content').getByRole('button', { name: given.labels.save }).click();
      await until(deadlineOf, given.stored);
      await page.goto(`${stack.baseUrl}/purchase-requests/${request.id}/offers`);
      await shown(page.getByTestId('request-schedule').getByText(given.shown.deadline));

      // The dashboard's "Today" is the organization's day, not the browser's.
      await page.goto(`${stack.baseUrl}/`);
      await page.getByTestId('interval-today').click();
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: '2-digit', month: '2-digit', day: '2-digit' }).formatToParts(new Date()).map((part) => [part.type, part.value]),
      );
      const day = [parts.day, parts.month, parts.year].join(given.console === 'de' ? '.' : '/');
      await until(async () => (await page.getByTestId('dashboard-period').textContent())?.trim(), given.console === 'de' ? `${day} bis ${day} (Europe/Berlin)` : `${day} to ${day} (Europe/Berlin)`);
    });
  });

  it('asks before Escape or a click beside the stepper throws typed input away, once', async () => {
    const profile = await signedInProfile(stack, admin);
    const page = await profile.open('/purchase-requests/create');
    await withScreenshot(page, 'stepper-escape', async () => {
      const asked: string[] = [];
      let answer = false;
      page.on('dialog', (question) => {
        asked.push(question.message());
        void (answer ? question.accept() : question.dismiss());
      });
      const dialog = page.getByRole('dialog');
      const quantities = dialog.getByLabel(/^Quantities/);
      await quantities.fill('10 / 50');
      await page.keyboard.press('Escape');
      await until(async () => asked.length, 1);
      expect(asked[0]).toMatch(/changes weren't saved/);
      // Kept: still the stepper, with what was typed.
      await expectPath(page, '/purchase-requests/create');
      expect(await quantities.inputValue()).toBe('10 / 50');
      await page.mouse.click(5, 450);
      await until(async () => asked.length, 2);
      expect(await quantities.inputValue()).toBe('10 / 50');
      // Confirmed: gone, asked only once more.
      answer = true;
      await page.keyboard.press('Escape');
      await expectPath(page, '/purchase-requests');
      await gone(dialog);
      expect(asked).toHaveLength(3);
    });
    await profile.closeTabs();
  });

  it("keeps both of two people's changes to one record: each save writes only what its own form changed", async () => {
    const material = await createRecord(stack, admin, 'materials', { name: 'DC01 2 mm', number: 'DC01-2', pricePerUnit: 1.15 });
    const customer = await createRecord(stack, admin, 'customers', { name: 'Kessler Gerätebau', city: 'Ulm' });
    const profile = await signedInProfile(stack, admin);
    const cases = [
      // The material's own edit page; one person renames it while the other raises its price.
      { path: `/materials/${material.id}`, first: { field: 'name', label: 'Name', required: true, from: 'DC01 2 mm', to: 'DC01 2.0 mm' }, second: { field: 'pricePerUnit', label: 'Price per unit', from: '1.15', to: '1.35' } },
      // RecordEdit, the page of every other area.
      { path: `/customers/${customer.id}`, first: { field: 'name', label: 'Name', required: true, from: 'Kessler Gerätebau', to: 'Kessler Gerätebau GmbH' }, second: { field: 'city', label: 'City', from: 'Ulm', to: 'Neu-Ulm' } },
    ];
    for (const { path, first, second } of cases) {
      // Both open the record before either saves.
      const [one, two] = [await profile.open(`${path}/edit`), await profile.open(`${path}/edit`)];
      await withScreenshot(two, 'two-editors', async () => {
        for (const page of [one, two]) await until(async () => input(main(page), second.label).inputValue(), second.from);
        await input(main(one), first.label, first.required).fill(first.to);
        await one.getByRole('button', { name: 'Save', exact: true }).click();
        await expectPath(one, `${path}/view`);
        // The second form still holds the name as it was loaded, and saves its own change over the first one's.
        expect(await input(main(two), first.label, first.required).inputValue()).toBe(first.from);
        await input(main(two), second.label).fill(second.to);
        await two.getByRole('button', { name: 'Save', exact: true }).click();
        await expectPath(two, `${path}/view`);
      });
      const stored = await callApi<Record<string, unknown>>(stack, admin, 'GET', path.slice(1));
      expect([stored[first.field], String(stored[second.field])]).toEqual([first.to, second.to]);
    }
    await profile.closeTabs();
  });

  describe("a supplier's open page", () => {
    const [GERMAN, ENGLISH] = [0, 1];
    const price = (page: Page, quantity: number) => page.getByTestId(`price-operation:${request.operationLineId}:${quantity}`);
    const offerOf = async (index: number) => {
      const [offer] = await callApi<Array<{ id: string; shippingDate: string; revision: number }>>(
        stack,
        admin,
        'GET',
        `supplier-offers?purchaseRequestId=${request.id}&supplierId=${request.suppliers[index].id}&latest=true`,
      );
      if (!offer) return null;
      const prices = await callApi<Array<{ quantity: number; unitPrice: number }>>(stack, admin, 'GET', `supplier-offer-prices?supplierOfferId=${offer.id}`);
      return { shippingDate: offer.shippingDate.slice(0, 10), revision: offer.revision, prices: prices.map(({ quantity, unitPrice }) => ({ quantity, unitPrice })) };
    };
    const pageOf = (index: number) => `/pub/purchase-requests/${request.id}/${request.suppliers[index].id}?token=${request.suppliers[index].token}&host=demo`;

    it('survives a resend: reloaded it shows what was typed, and submits it from the first link', async () => {
      const page = await browserPage('en-US', 'America/New_York', pageOf(GERMAN));
      await withScreenshot(page, 'supplier-page-resend', async () => {
        await shown(page.getByTestId('supplier-page-deadline').getByText(/MEZ$/));
        await price(page, 10).fill('12,50');
        await page.getByTestId('shipping-date').fill('01.12.30');
        // Staff send the request to this supplier again: a new link is mailed, the page's link is replaced.
        await callApi(stack, admin, 'POST', `purchase-requests/${request.id}/send`, { supplierIds: [request.suppliers[GERMAN].id] }, 200);
        const resent = await mailTo(stack, request.suppliers[GERMAN].email);
        expect(linkIn(resent)).not.toContain(request.suppliers[GERMAN].token);
        // Reloaded with the first link, the page still opens and gives back what was typed.
        await page.reload();
        await shown(page.getByTestId('offer-draft-restored'));
        expect(await price(page, 10).inputValue()).toBe('12,50');
        expect(await page.getByTestId('shipping-date').inputValue()).toBe('01.12.2030');
        await page.getByRole('button', { name: 'Angebot abgeben' }).click();
        await shown(page.getByTestId('notification').getByText('Ihr Angebot wurde erfolgreich übermittelt'));
        expect(await offerOf(GERMAN)).toEqual({ shippingDate: '2030-12-01', revision: 1, prices: [{ quantity: 10, unitPrice: 12.5 }] });
        // Submitted, the replaced link says in plain words where the newer one is; the newer one opens the offer.
        await shown(page.getByTestId('link-replaced'));
        await page.goto(`${stack.baseUrl}${linkIn(resent)}`);
        await shown(page.getByTestId('offer-revision'));
        expect(await price(page, 10).inputValue()).toBe('12,50');
        await page.goto(`${stack.baseUrl}${pageOf(GERMAN)}`);
        // (Opening nothing, the page knows no supplier's language: it speaks English unless the link says `lang`.)
        await shown(page.getByTestId('supplier-link-replaced').getByText('A newer link has been sent to you'));
        await page.goto(`${stack.baseUrl}${pageOf(GERMAN)}&lang=de`);
        await shown(page.getByTestId('supplier-link-replaced').getByText('Wir haben Ihnen einen neueren Link geschickt'));
      });
    });

    it('survives a reminder: what was typed is submitted from the page opened before it', async () => {
      await sql(stack, `UPDATE purchase_requests SET reminder_frequency = 'daily' WHERE id = $1`, [request.id]);
      const page = await browserPage('de-DE', 'Asia/Tokyo', pageOf(ENGLISH));
      await withScreenshot(page, 'supplier-page-reminder', async () => {
        await shown(page.getByTestId('supplier-page-deadline').getByText(/CET$/));
        await price(page, 50).fill('7.25');
        await page.getByTestId('shipping-date').fill('02/12/30');
        // Two days on, the daily reminder mails this supplier a new link.
        const clock = stack.worker.get(ProcurementClock);
        clock.travel(2 * 86_400_000);
        const reminder = await mailTo(stack, request.suppliers[ENGLISH].email);
        expect(reminder.headers.subject).toMatch(/^Reminder: /);
        await page.getByRole('button', { name: 'Submit offer' }).click();
        await shown(page.getByTestId('notification').getByText('Your offer has been submitted successfully'));
        expect(await offerOf(ENGLISH)).toEqual({ shippingDate: '2030-12-02', revision: 1, prices: [{ quantity: 50, unitPrice: 7.25 }] });
        // The reminder's link opens the page with the offer.
        await page.goto(`${stack.baseUrl}${linkIn(reminder)}`);
        await shown(page.getByTestId('offer-revision'));
        expect(await page.getByTestId('shipping-date').inputValue()).toBe('02/12/2030');
      });
    });
  });
});
