import { Locator, Page } from 'playwright-core';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { hashSupplierToken } from '../../api/src/procurement/supplier-token';
import { createRecord, expectNotice, expectPath, gone, input, mailTo, main, openPage, shown, SignedInProfile, signedInProfile, sql } from './browser-helpers';

/**
 * Procurement in Chromium against the served product: a purchase request made through the create
 * stepper, a supplier attached, the German email preview, the send; then the supplier's own page
 * (German, on a phone too) with an offer, a revision and a question; and staff reading the offer.
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
  };
  /** Made by the first test, used by the next ones. */
  const made = { requestId: '', token: '' };

  const created = (resource: string, body: object) => createRecord(stack, admin, resource, body);

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Petra Purchaser', privacyAccepted: true });
    const prepare = async () => {
      const [operation, part, product, english, german] = await Promise.all([
        created('operations', { name: given.operation.name }),
        created('parts', { name: given.part.name, number: given.part.number, ownCost: 0.1 }),
        created('products', { name: given.product.name, number: 'BR-90', type: 'single', status: 'manually_created' }),
        created('suppliers', { name: given.english.name, email: given.english.email, language: 'en', status: 'active' }),
        created('suppliers', { name: given.german.name, email: given.german.email, language: 'de', status: 'active' }),
      ]);
      Object.assign(given.operation, { id: operation.id });
      Object.assign(given.part, { id: part.id });
      Object.assign(given.product, { id: product.id });
      Object.assign(given.english, { id: english.id });
      Object.assign(given.german, { id: german.id });
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

  it('creates a request through the stepper, attaches a supplier, previews the German mail and sends it', async () => {
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
      // Step 3, suppliers: refused empty, then the English one.
      await shown(dialog.getByTestId('step-suppliers'));
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await shown(dialog.getByRole('alert').filter({ hasText: 'Please select a supplier' }));
      await choose(page, dialog, 'Suppliers', given.english.name);
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

      // The mail in German, as the German supplier gets it.
      await page.getByRole('tab', { name: 'Email preview', exact: true }).click();
      await expectPath(page, `/purchase-requests/${made.requestId}/email-preview`);
      await page.getByRole('button', { name: 'Deutsch', exact: true }).click();
      const subject = await shown(page.getByTestId('email-preview-subject').filter({ hasText: /^Anfrage PR-\d{4}-\d{4}: Brackets Q3/ }));
      expect(await subject.innerText()).toContain(stack.organization.name);
      expect(await page.locator('iframe[sandbox=""]').getAttribute('srcdoc')).toContain('Brackets Q3');

      // Send: the dialog counts the suppliers.
      await main(page).getByRole('button', { name: 'Send', exact: true }).first().click();
      const send = await shown(page.getByRole('dialog', { name: 'Send Brackets Q3?' }));
      await shown(send.getByText(/each of the 2 suppliers/));
      await send.getByRole('button', { name: 'Send', exact: true }).click();
      await expectNotice(page, 'Purchase request sent successfully');
      await gone(send);
    });
    // Both mails go out; then the German supplier's link is one the test knows.
    await Promise.all([mailTo(stack, given.english.email), mailTo(stack, given.german.email)]);
    made.token = 'test-token-for-the-german-supplier';
    await sql(stack, `UPDATE purchase_request_suppliers SET token_hash = $1 WHERE purchase_request_id = $2 AND supplier_id = $3`, [
      hashSupplierToken(made.token),
      made.requestId,
      given.german.id,
    ]);
  });

  it("lets the supplier submit, revise and ask on its own page, in German and on a phone; staff see the offer", async () => {
    expect(made.requestId).not.toBe('');
    const link = `/pub/purchase-requests/${made.requestId}/${given.german.id}?token=${made.token}&host=demo`;
    const { context, page } = await openPage(stack, link);
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

        // A revision starts from the latest offer, written the page's way with its cents (issue 23: "4,20", not "4.2").
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

    // Staff read the latest offer, its earlier revision and the question, and answer it.
    const staff = await profile.open(`/purchase-requests/${made.requestId}/offers`);
    await withScreenshot(staff, 'procurement-offers', async () => {
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

      // Closed: the list reads "Posted", and the supplier's page is read-only with the answer on it.
      await main(staff).getByRole('button', { name: 'Close', exact: true }).click();
      const close = await shown(staff.getByRole('dialog', { name: 'Close Brackets Q3?' }));
      await close.getByRole('button', { name: 'Close request', exact: true }).click();
      await expectNotice(staff, 'Purchase request closed');
      await staff.goto(`${stack.baseUrl}/purchase-requests`);
      await shown(main(staff).getByRole('row').filter({ hasText: 'Brackets Q3' }).getByText('Posted', { exact: true }));
    });
    const { context: again, page: reopened } = await openPage(stack, `/pub/purchase-requests/${made.requestId}/${given.german.id}?token=${made.token}&host=demo`);
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
