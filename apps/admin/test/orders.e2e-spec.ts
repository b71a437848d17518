import { Locator, Page } from 'playwright-core';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { callApi, createRecord, expectNotice, gone, input, main, noticesSeen, requestsSettled, shown, SignedInProfile, signedInProfile, until } from './browser-helpers';

/**
 * Orders in Chromium against the served product: an order of two products made in the create dialog
 * (refused without a product), offered, its PDF downloaded, ordered; only legal status changes are
 * offered, and the API's refusal of an illegal one is its 422 message.
 */
describe('admin console: orders', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  const given = {
    customer: { id: '', name: 'Müller Maschinenbau GmbH' },
    bracket: { id: '', name: 'Bracket 90' },
    cover: { id: '', name: 'Cover plate' },
  };
  const made = { orderId: '' };

  const created = (resource: string, body: object) => createRecord(stack, admin, resource, body);

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Olga Offer', privacyAccepted: true });
    const prepare = async () => {
      const [customer, bracket, cover] = await Promise.all([
        created('customers', { name: given.customer.name }),
        created('products', { name: given.bracket.name, number: 'BR-90', type: 'single', status: 'manually_created' }),
        created('products', { name: given.cover.name, number: 'CP-10', type: 'single', status: 'manually_created' }),
      ]);
      Object.assign(given.customer, { id: customer.id });
      Object.assign(given.bracket, { id: bracket.id });
      Object.assign(given.cover, { id: cover.id });
      // Priced from their price lists: 10 brackets at 12.50, 3 covers at 20.00.
      await created('product-bulk-prices', { productId: bracket.id, minQuantity: 1, unitPrice: 12.5 });
      await created('product-bulk-prices', { productId: cover.id, minQuantity: 1, unitPrice: 20 });
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
  const choose = async (page: Page, field: Locator, option: string) => {
    await field.fill(option.slice(0, 6));
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  const statusChip = (page: Page) => main(page).getByTestId('order-status');

  const figure = (page: Page, widget: string) => main(page).getByTestId(`widget-${widget}`).getByTestId('widget-figure').first().innerText();

  it('creates an order of two products, offers it, downloads its PDF and orders it; illegal changes are not offered; the dashboard counts it', async () => {
    // The dashboard before: what this month's widgets say, to see them change at the end.
    const board = await profile.open('/dashboard?interval=30d');
    await shown(main(board).getByTestId('widget-number_of_orders').getByTestId('widget-figure'));
    const ordersBefore = Number(await figure(board, 'number_of_orders'));
    const volumeBefore = await figure(board, 'order_volume').catch(() => '');
    await board.close();

    const page = await profile.open('/orders/create');
    await withScreenshot(page, 'orders-create-offer-order', async () => {
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Order' }));
      // No product chosen: refused before any call.
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await shown(dialog.getByRole('alert').filter({ hasText: 'An order needs at least one product selected' }));

      await choose(page, input(dialog, 'Customer').and(dialog.getByRole('combobox')), given.customer.name);
      await input(dialog, 'Contact name').fill('Jana Müller');
      await input(dialog, 'Contact email').fill('jana@mueller.test');
      const products = dialog.getByRole('combobox', { name: /^Product/ });
      await choose(page, products.first(), given.bracket.name);
      await input(dialog, 'Quantity', true).first().fill('10');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await choose(page, products.nth(1), given.cover.name);
      await input(dialog, 'Quantity', true).nth(1).fill('3');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => /^\/orders\/[^/]+\/view$/.test(url.pathname));
      await expectNotice(page, 'Order created successfully');
      made.orderId = new URL(page.url()).pathname.split('/')[2];

      // A draft: the totals in euros (125.00 + 60.00 = 185.00, VAT 19 % = 35.15, 220.15), its creation in the history.
      await shown(statusChip(page).filter({ hasText: 'Draft' }));
      await shown(main(page).getByText('€185.00', { exact: true }).first());
      await shown(main(page).getByText('€220.15', { exact: true }));
      await shown(page.getByTestId('order-history').getByText('Created', { exact: true }));
      // From Draft: offered or declined, nothing else.
      await shown(page.getByTestId('order-to-offered'));
      expect(await page.getByTestId('order-to-ordered').count()).toBe(0);
      expect(await page.getByTestId('order-to-deferred').count()).toBe(0);

      // The lines on the same page: both products, changeable while Draft.
      const lines = await shown(page.getByTestId('order-lines'));
      await shown(lines.getByRole('listitem', { name: `Line 1: ${given.bracket.name}` }).getByRole('textbox', { name: /^Quantity/ }));
      await shown(lines.getByRole('listitem', { name: `Line 2: ${given.cover.name}` }));

      await page.getByTestId('order-to-offered').click();
      await expectNotice(page, 'Status changed to Offered');
      await shown(statusChip(page).filter({ hasText: 'Offered' }));
      await gone(page.getByTestId('order-to-offered'));
      await shown(page.getByTestId('order-to-ordered'));

      // The offer as a PDF, fetched with the session's headers.
      const [pdf] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith(`/api/v1/orders/${made.orderId}/pdf`)),
        page.getByTestId('order-pdf').click(),
      ]);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);

      // Mailed to the contact after asking; the notice is the API's answer naming the address.
      await page.getByTestId('order-send-pdf').click();
      const send = await shown(page.getByRole('dialog', { name: /^Send OR-\d{4}-\d{4} as PDF\?$/ }));
      await shown(send.getByText('The offer goes as a PDF to jana@mueller.test.', { exact: true }));
      await send.getByRole('button', { name: 'Send PDF to contact', exact: true }).click();
      await gone(send);
      await until(async () => (await noticesSeen(page)).some((notice) => notice.includes('jana@mueller.test')), true);

      // Ordered after asking.
      await page.getByTestId('order-to-ordered').click();
      const ask = await shown(page.getByRole('dialog', { name: /^Mark OR-\d{4}-\d{4} as ordered\?$/ }));
      await ask.getByRole('button', { name: 'Mark as ordered', exact: true }).click();
      await expectNotice(page, 'Status changed to Ordered');
      await shown(statusChip(page).filter({ hasText: 'Ordered' }));
      // Ordered is final: no status change is offered.
      await gone(page.getByTestId('order-to-draft'));
      for (const status of ['draft', 'offered', 'deferred', 'declined']) expect(await page.getByTestId(`order-to-${status}`).count()).toBe(0);
      const history = page.getByTestId('order-history');
      expect(await history.getByRole('row').count()).toBe(4);

      // The list: the order with its status and total.
      await page.goto(`${stack.baseUrl}/orders`);
      const row = await shown(main(page).getByRole('row').filter({ hasText: given.customer.name }));
      await shown(row.getByText('Ordered', { exact: true }));
      await shown(row.getByText('€220.15', { exact: true }));

      // The dashboard: one order more this month, and the order volume now holds its value of goods.
      await page.goto(`${stack.baseUrl}/dashboard?interval=30d`);
      await until(async () => Number(await figure(page, 'number_of_orders')), ordersBefore + 1);
      await until(async () => (await figure(page, 'order_volume')) !== volumeBefore, true);
      await shown(main(page).getByTestId('widget-recent_orders').getByText(given.customer.name).or(main(page).getByTestId('widget-recent_orders').getByText(/OR-\d{4}-\d{4}/)).first());
    });

    // The list's date filter: whole days, both ends included.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ids = async (query: string) => (await callApi<Array<{ id: string }>>(stack, admin, 'GET', `orders?${query}`)).map((order) => order.id);
    expect(await ids(`createdAt_gte=${today}&createdAt_lte=${today}`)).toContain(made.orderId);
    expect(await ids(`createdAt_lte=${yesterday}`)).not.toContain(made.orderId);
    await callApi(stack, admin, 'GET', 'orders?createdAt_gte=soon', undefined, 400);

    // The API refuses what the console does not offer, with the message the console would show.
    const refused = await callApi<{ message: string; errors: { status: string } }>(stack, admin, 'POST', `orders/${made.orderId}/status`, { status: 'draft' }, 422);
    expect(refused.errors.status).toBe('An order can not change from Ordered to Draft');
  });

  it("shows the items across orders and on the product's items tab", async () => {
    expect(made.orderId).not.toBe('');
    const page = await profile.open('/items');
    await withScreenshot(page, 'orders-items', async () => {
      const row = await shown(main(page).getByRole('row').filter({ hasText: given.cover.name }));
      await shown(row.getByText('€60.00', { exact: true }));
      await page.goto(`${stack.baseUrl}/products/${given.bracket.id}/items`);
      const inOrders = await shown(page.getByTestId('product-order-items'));
      await shown(inOrders.getByText('€125.00', { exact: true }));
    });
  });

  it("changes a draft's item price only with a reason, and shows the API's refusal of a change the page no longer allows", async () => {
    const order = await created('orders', { customerId: given.customer.id, items: [{ productId: given.bracket.id, quantity: 5 }] });
    const page = await profile.open(`/orders/${order.id}/items`);
    await withScreenshot(page, 'orders-item-price', async () => {
      // Edited in place on the offer's page, opened at its lines.
      const row = await shown(main(page).getByRole('listitem', { name: `Line 1: ${given.bracket.name}` }));
      await shown(row.getByText('€62.50', { exact: true }));
      await input(row, 'Unit price').fill('11');
      await row.getByRole('button', { name: 'Save', exact: true }).click();
      // The API's rule beside its field: a price of its own needs a reason.
      await shown(row.getByText(/Please give a reason for a unit price other than the one taken/).first());
      await input(row, 'Reason for the unit price').fill('Agreed on the phone');
      await row.getByRole('button', { name: 'Save', exact: true }).click();
      const saved = main(page).getByRole('listitem', { name: `Line 1: ${given.bracket.name}` });
      await shown(saved.getByText('€55.00', { exact: true }));
      await shown(saved.getByText('Own price: Agreed on the phone (the product gives €12.50)', { exact: true }));

      // Declined behind the page's back: the page still offers "Mark as offered", the API refuses it.
      await shown(page.getByTestId('order-to-offered'));
      await requestsSettled(page);
      await callApi(stack, admin, 'POST', `orders/${order.id}/status`, { status: 'declined' });
      await page.getByTestId('order-to-offered').click();
      await until(async () => (await noticesSeen(page)).some((notice) => /can not change from Declined to Offered/.test(notice)), true);
    });
  });
});
