import { Locator, Page } from 'playwright-core';
import { createTestUser, eventually, ReceivedMail, supplierLinkIn, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { ProcurementClock } from '../../api/src/procurement/shared/procurement-clock';
import { callApi, createRecord, expectNotice, expectPath, gone, input, mailTo, main, openPage, shown, SignedInProfile, signedInProfile } from './browser-helpers';

/**
 * Procurement in Chromium against the served product: a purchase request made through the create
 * stepper for two suppliers, a third (German) attached, the German email preview, the send to all
 * three; then each supplier follows the link from its own mail (nothing written into the database):
 * the German one (on a phone too) submits, revises and asks, the two English ones submit; staff read
 * the offers and answer; and the deadline passes for real (the procurement clock moved, the worker's
 * due check closes the request by itself), after which the page from the answer's mail is read-only.
 */
describe('admin console: purchase requests and the supplier page', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  const given = {
    product: { id: '', name: 'Bracket 90' },
    operation: { id: '', name: 'Powder coating' },
    part: { id: '', name: 'Press nut M5', number: 'PN-M5' },
    english: { id: '', name: 'Northern Coating Ltd', email: 'offers@northern-coating.test' },
    german: { id: '', name: 'Blechwerk Süd GmbH', email: 'angebote@blechwerk-sued.test' },
    baltic: { id: '', name: 'Baltic Metal UAB', email: 'offers@baltic-metal.test' },
  };
  /** Made by the first test, used by the next ones: the request and each supplier's link from its mail. */
  const made = { requestId: '', links: { english: '', german: '', baltic: '' } };

  /** The personal link in a supplier's mail (quoted-printable undone), as path and query on the test's server. */
  const linkIn = (mail: ReceivedMail): string => {
    const url = supplierLinkIn(mail);
    return `${url.pathname}${url.search}`;
  };

  const created = (resource: string, body: object) => createRecord(stack, admin, resource, body);

  beforeAll(async () => {
    // The worker's due check runs often, so the passed deadline closes the request within a second.
    stack = await BrowserStack.start({ PROCUREMENT_CHECK_MS: '300' });
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Petra Purchaser', privacyAccepted: true });
    const prepare = async () => {
      const [operation, part, product, english, german, baltic] = await Promise.all([
        created('operations', { name: given.operation.name }),
        created('parts', { name: given.part.name, number: given.part.number, ownCost: 0.1 }),
        created('products', { name: given.product.name, number: 'BR-90', type: 'single', status: 'manually_created' }),
        created('suppliers', { name: given.english.name, email: given.english.email, language: 'en', status: 'active' }),
        created('suppliers', { name: given.german.name, email: given.german.email, language: 'de', status: 'active' }),
        created('suppliers', { name: given.baltic.name, email: given.baltic.email, language: 'en', status: 'active' }),
      ]);
      Object.assign(given.operation, { id: operation.id });
      Object.assign(given.part, { id: part.id });
      Object.assign(given.product, { id: product.id });
      Object.assign(given.english, { id: english.id });
      Object.assign(given.german, { id: german.id });
      Object.assign(given.baltic, { id: baltic.id });
      await created('product-operations', { productId: product.id, sorting: 10, operationId: operation.id, boughtIn: true });
      await created('product-parts', { productId: product.id, partId: part.id, quantity: 2 });
    };
    [profile] = await Promise.all([signedInProfile(stack, admin), prepare()]);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Types into an autocomplete and picks the option. */
  const choose = async (page: Page, scope: Locator, label: string, option: string) => {
    await input(scope, label).and(scope.getByRole('combobox')).fill(option.slice(0, 8));
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  /** A week ahead, as a datetime-local input takes it (the browser runs in this machine's zone). */
  const nextWeek = () => {
    const date = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T10:00`;
  };

  const fitsTheWindow = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

  it('creates a request through the stepper, attaches a supplier, previews the German mail and sends it to three', async () => {
    const page = await profile.open('/purchase-requests/create');
    await withScreenshot(page, 'procurement-create-send', async () => {
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Purchase request' }));
      // Step 1, products: Next is refused until a product is chosen.
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await shown(dialog.getByRole('alert').filter({ hasText: 'Please select a product' }));
      await choose(page, dialog, 'Product', given.product.name);
      await input(dialog, 'Quantities').fill('10 / 50 / 200');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      // Step 2, details.
      await shown(dialog.getByTestId('step-details'));
      await input(dialog, 'Name', true).fill('Brackets Q3');
      await input(dialog, 'Close submission deadline', true).fill(nextWeek());
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      // Step 3, suppliers: refused empty, then the two English ones.
      await shown(dialog.getByTestId('step-suppliers'));
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await shown(dialog.getByRole('alert').filter({ hasText: 'Please select a supplier' }));
      await choose(page, dialog, 'Suppliers', given.english.name);
      await choose(page, dialog, 'Suppliers', given.baltic.name);
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      // Step 4, product operations: the bought-in one is ticked already.
      const operation = await shown(dialog.getByRole('checkbox', { name: `${given.product.name} – ${given.operation.name}` }));
      expect(await operation.isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      // Step 5, product parts.
      await dialog.getByRole('checkbox', { name: `${given.product.name} – ${given.part.name} (${given.part.number})` }).check();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => /^\/purchase-requests\/[^/]+\/view$/.test(url.pathname));
      await expectNotice(page, 'Purchase request successfully created');
      made.requestId = new URL(page.url()).pathname.split('/')[2];
      await shown(main(page).getByText('Brackets Q3', { exact: true }).first());

      // What it asks: the product at its quantities, the ticked operation and the part.
      await page.getByRole('tab', { name: 'Products', exact: true }).click();
      await shown(page.getByTestId('request-rows-purchase-request-products').getByRole('cell', { name: '10 / 50 / 200', exact: true }));
      await page.getByRole('tab', { name: 'Product operations', exact: true }).click();
      await shown(page.getByTestId('request-rows-purchase-request-operations').getByRole('cell', { name: given.operation.name, exact: true }));
      await page.getByRole('tab', { name: 'Product parts', exact: true }).click();
      await shown(page.getByTestId('request-rows-purchase-request-parts').getByRole('cell', { name: given.part.number, exact: true }));

      // The list shows it as an active request.
      await page.goto(`${stack.baseUrl}/purchase-requests`);
      const row = await shown(main(page).getByRole('row').filter({ hasText: 'Brackets Q3' }));
      await shown(row.getByText('Active Request', { exact: true }));

      // Attach the German supplier on the suppliers tab.
      await page.goto(`${stack.baseUrl}/purchase-requests/${made.requestId}/suppliers`);
      const suppliers = await shown(page.getByTestId('request-rows-purchase-request-suppliers'));
      await shown(suppliers.getByText(given.english.email, { exact: true }));
      await suppliers.getByRole('button', { name: 'Attach a supplier', exact: true }).click();
      const attach = await shown(page.getByRole('dialog', { name: 'Attach a supplier' }));
      await choose(page, attach, 'Supplier', given.german.name);
      await attach.getByRole('button', { name: 'Save', exact: true }).click();
      await gone(attach);
      await expectNotice(page, 'Supplier attached successfully');
      await shown(suppliers.getByText(given.german.email, { exact: true }));

      // The German supplier's mail is German without choosing a language: exactly the mail that supplier gets.
      await page.getByRole('tab', { name: 'Email preview', exact: true }).click();
      await expectPath(page, `/purchase-requests/${made.requestId}/email-preview`);
      await main(page).getByRole('combobox', { name: 'Supplier' }).click();
      await page.getByRole('option', { name: given.german.name, exact: true }).click();
      const subject = await shown(page.getByTestId('email-preview-subject').filter({ hasText: /^Anfrage PR-\d{4}-\d{4}: Brackets Q3/ }));
      expect(await subject.innerText()).toContain(stack.organization.name);
      expect(await page.locator('iframe[sandbox=""]').getAttribute('srcdoc')).toContain('Brackets Q3');

      // Send: the dialog counts the suppliers.
      await main(page).getByRole('button', { name: 'Send', exact: true }).first().click();
      const send = await shown(page.getByRole('dialog', { name: 'Send Brackets Q3?' }));
      await shown(send.getByText(/each of the 3 suppliers/));
      await send.getByRole('button', { name: 'Send', exact: true }).click();
      await expectNotice(page, 'Purchase request sent successfully');
      await gone(send);
    });
    // Three mails go out, each in its supplier's language with its own personal link.
    const [english, german, baltic] = await Promise.all([mailTo(stack, given.english.email), mailTo(stack, given.german.email), mailTo(stack, given.baltic.email)]);
    expect(german.headers.subject).toMatch(/^Anfrage PR-\d{4}-\d{4}: Brackets Q3/);
    expect(english.headers.subject).toMatch(/^Purchase request PR-\d{4}-\d{4}: Brackets Q3/);
    made.links = { english: linkIn(english), german: linkIn(german), baltic: linkIn(baltic) };
    expect(made.links.german).toContain(`/pub/purchase-requests/${made.requestId}/${given.german.id}?token=`);
    expect(new Set(Object.values(made.links)).size).toBe(3);
  });

  /** An English supplier follows the link from its mail and submits the operation at 10 and the part at 20 pieces. */
  const offerAs = async (link: string, operationPrice: string, partPrice: string) => {
    const { context, page } = await openPage(stack, link);
    try {
      const form = await shown(page.getByTestId('supplier-offer-form'));
      await form.getByTestId('offer-line').filter({ hasText: given.operation.name }).getByLabel('Unit price at 10 pcs').fill(operationPrice);
      await form.getByTestId('offer-line').filter({ hasText: given.part.name }).getByLabel('Unit price at 20 pcs').fill(partPrice);
      await form.getByLabel(/^Shipping date/).fill('2031-03-01');
      await form.getByLabel('Lead time (days)').fill('10');
      await form.getByRole('button', { name: 'Submit offer', exact: true }).click();
      await expectNotice(page, 'Your offer has been submitted successfully');
    } finally {
      await context.close();
    }
  };

  it('lets each supplier offer from the link in its mail (the German one revises and asks, on a phone too); staff answer; the deadline closes the request', async () => {
    expect(made.requestId).not.toBe('');
    const { context, page } = await openPage(stack, made.links.german);
    try {
      await withScreenshot(page, 'procurement-supplier-page', async () => {
        const supplierPage = await shown(page.getByTestId('supplier-page'));
        // The supplier's language: German.
        await shown(supplierPage.getByRole('heading', { name: 'Ihr Angebot' }));
        await shown(supplierPage.getByText('Mengen: 10 / 50 / 200', { exact: true }));
        const form = page.getByTestId('supplier-offer-form');
        const operationLine = form.getByTestId('offer-line').filter({ hasText: given.operation.name });
        // A part line asks for the pieces per product times the quantities.
        await shown(form.getByTestId('offer-line').filter({ hasText: given.part.name }).getByLabel('Stückpreis bei 400 Stk.'));

        // Every price and cost field carries the organization's currency, and the page says offers are in it.
        await shown(form.getByTestId('offer-currency').getByText('Angebote sind in EUR: alle Stückpreise und Kosten auf dieser Seite.', { exact: true }));
        expect(await operationLine.getByText('EUR pro Stück', { exact: true }).count()).toBe(3);
        expect(await form.getByText('EUR', { exact: true }).count()).toBe(3);

        // No shipping date: refused with the spec's message.
        await operationLine.getByLabel('Stückpreis bei 10 Stk.').fill('4,20');
        await form.getByRole('button', { name: 'Angebot abgeben', exact: true }).click();
        await shown(form.getByText('Versanddatum ist erforderlich').first());

        await form.getByLabel(/^Versanddatum/).fill('2031-03-01');
        await form.getByLabel('Lieferzeit (Tage)').fill('12');
        await form.getByLabel('Verpackungskosten').fill('25');
        await form.getByRole('button', { name: 'Angebot abgeben', exact: true }).click();
        await expectNotice(page, 'Ihr Angebot wurde erfolgreich übermittelt');
        await shown(page.getByTestId('offer-revision').filter({ hasText: 'Revision 1' }));

        // A revision starts from the latest offer, written the page's way with its cents ("4,20", not "4.2").
        expect(await operationLine.getByLabel('Stückpreis bei 10 Stk.').inputValue()).toBe('4,20');
        await operationLine.getByLabel('Stückpreis bei 50 Stk.').fill('3,90');
        await form.getByRole('button', { name: 'Überarbeitetes Angebot abgeben', exact: true }).click();
        await shown(page.getByTestId('offer-revision').filter({ hasText: 'Revision 2' }));

        // A question.
        await page.getByRole('button', { name: 'Frage stellen', exact: true }).click();
        const ask = await shown(page.getByRole('dialog', { name: 'Eine Frage stellen' }));
        await ask.getByLabel('Ihre Frage').fill('Ist eine Pulverbeschichtung in RAL 7016 möglich?');
        await ask.getByRole('button', { name: 'Frage senden', exact: true }).click();
        await expectNotice(page, 'Ihre Frage wurde gesendet');
        await shown(page.getByTestId('supplier-question').filter({ hasText: 'RAL 7016' }));

        // On a phone: nothing scrolls sideways.
        await page.setViewportSize({ width: 375, height: 812 });
        await shown(form.getByRole('button', { name: 'Überarbeitetes Angebot abgeben', exact: true }));
        expect(await fitsTheWindow(page)).toBe(true);

        // Switched to English.
        await page.getByRole('button', { name: 'English', exact: true }).click();
        await shown(supplierPage.getByRole('heading', { name: 'Your offer' }));
        expect(await fitsTheWindow(page)).toBe(true);

        // A wrong token opens nothing, and says nothing about why.
        await page.goto(`${stack.baseUrl}/pub/purchase-requests/${made.requestId}/${given.german.id}?token=wrong&host=demo`);
        await shown(page.getByTestId('supplier-page-not-found').getByText('No data found', { exact: true }));
      });
    } finally {
      await context.close();
    }
    // The two English suppliers, each from its own mail's link.
    await offerAs(made.links.english, '4.10', '0.55');
    await offerAs(made.links.baltic, '4.40', '0.50');

    // Staff read the three offers, the German one's earlier revision and the question, and answer it.
    const staff = await profile.open(`/purchase-requests/${made.requestId}/offers`);
    await withScreenshot(staff, 'procurement-offers', async () => {
      await shown(staff.getByTestId('supplier-offer').nth(2));
      const offer = await shown(staff.getByTestId('supplier-offer').filter({ hasText: given.german.name }));
      await shown(offer.getByText('Revision 2 of 2', { exact: true }));
      await shown(offer.getByRole('cell', { name: '€3.90' }));
      await offer.getByRole('button', { name: 'Show earlier revisions' }).click();
      await shown(offer.getByTestId('older-revision').getByText('Revision 1', { exact: true }));
      const question = await shown(staff.getByTestId('request-question').filter({ hasText: 'RAL 7016' }));
      await question.getByRole('button', { name: 'Answer', exact: true }).click();
      const answer = await shown(staff.getByRole('dialog', { name: `Answer ${given.german.name}` }));
      await answer.getByRole('textbox', { name: 'Answer' }).fill('Ja, RAL 7016 ist möglich.');
      await answer.getByRole('button', { name: 'Send answer', exact: true }).click();
      await expectNotice(staff, 'Answer sent to the supplier');
      await shown(staff.getByTestId('request-question').filter({ hasText: 'Ja, RAL 7016 ist möglich.' }));
    });
    // The answer is mailed to the supplier with a new link.
    const answerLink = linkIn(await mailTo(stack, given.german.email, 2));

    // The deadline passes for real: the clocks of the API and the worker a week and a day on, the worker's
    // due check closes the request by itself (no staff close), and the list reads "Closed".
    const week = 8 * 86_400_000;
    stack.worker.get(ProcurementClock).travel(week);
    stack.api.get(ProcurementClock).travel(week);
    await eventually(
      async () => (await callApi<{ status: string; closedAt: string | null }>(stack, admin, 'GET', `purchase-requests/${made.requestId}`)).status === 'closed' || undefined,
      20_000,
      'the request closed at its deadline',
    );
    await staff.goto(`${stack.baseUrl}/purchase-requests`);
    await withScreenshot(staff, 'procurement-closed', async () => {
      await shown(main(staff).getByRole('row').filter({ hasText: 'Brackets Q3' }).getByText('Closed', { exact: true }));
    });
    const { context: again, page: reopened } = await openPage(stack, answerLink);
    try {
      await withScreenshot(reopened, 'procurement-submission-closed', async () => {
        await shown(reopened.getByTestId('submission-not-allowed').getByText('Abgabe ist nicht erlaubt'));
        expect(await reopened.getByRole('button', { name: /Angebot abgeben/ }).count()).toBe(0);
        await shown(reopened.getByTestId('supplier-question').filter({ hasText: 'Ja, RAL 7016 ist möglich.' }));
      });
    } finally {
      await again.close();
    }
  });
});
