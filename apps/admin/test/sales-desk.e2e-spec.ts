import { Locator, Page } from 'playwright-core';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { readPdfText } from '../../../libs/documents/test/read-pdf-text';
import { BrowserStack } from '../../test-support';
import { callApi, createRecord, expectNotice, gone, input, mailTo, main, shown, SignedInProfile, signedInProfile, until } from './browser-helpers';

/** A phone: 390 × 844 CSS pixels. */
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

interface Order {
  id: string;
  number: string;
  status: string;
  customerOrderNumber: string | null;
  valueOfGoods: number;
  totalWithVat: number;
}

interface Line {
  id: string;
  kind: string;
  position: number;
  text: string | null;
  productName: string | null;
  quantity: number | null;
  unitPrice: number | null;
  priceSource: string | null;
  priceQuantity: number | null;
  calculationId: string | null;
  calculationWhatIf: boolean;
}

/**
 * The sales desk in Chromium (docs/api-orders.md "The console"): an offer made and changed as one document — a product line, a free line
 * and a text line, reordered with Move up / Move down (by keyboard too), a line deleted after confirming, the
 * totals beneath following every change
 * to the cent in English and German; sent to a German customer (a German mail with the PDF, the reply going to the
 * clerk) and marked as ordered after the confirmation with the customer's order number; a what-if calculation
 * chosen for a line and marked so; on a phone the statuses moved with labelled buttons; toolbars in German whose
 * buttons never overlap at 390 and 1440 px.
 */
describe('admin console: the sales desk', () => {
  let stack: BrowserStack;
  let clerk: TestUser;
  let german: TestUser;
  let profile: SignedInProfile;
  let germanProfile: SignedInProfile;
  const given = {
    customer: { id: '', name: 'Huber Anlagenbau GmbH' },
    bracket: { id: '', name: 'Bracket 90' },
    plate: { id: '', name: 'Mounting plate' },
  };
  const made = { orderId: '', number: '' };

  const created = (resource: string, body: object) => createRecord(stack, clerk, resource, body);
  const linesOf = (orderId: string) => callApi<Line[]>(stack, clerk, 'GET', `order-items?orderId=${orderId}&_sort=position&_order=ASC`);
  const orderOf = (orderId: string) => callApi<Order>(stack, clerk, 'GET', `orders/${orderId}`);

  beforeAll(async () => {
    stack = await BrowserStack.start();
    [clerk, german] = await Promise.all([
      createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Clara Clerk', email: 'clara.clerk@demo.example', privacyAccepted: true }),
      createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Dieter Deutsch', language: 'de', privacyAccepted: true }),
    ]);
    const prepare = async () => {
      const [customer, bracket, material, operation] = await Promise.all([
        created('customers', { name: given.customer.name, city: 'München', country: 'Deutschland' }),
        created('products', { name: given.bracket.name, number: 'BR-90', type: 'single', status: 'manually_created' }),
        created('materials', { name: 'DC01 steel 2 mm', number: 'DC01-2', density: 7.85, pricePerUnit: 2.4, priceUnit: 'kg' }),
        created('operations', { name: 'Laser cutting' }),
      ]);
      given.customer.id = customer.id;
      given.bracket.id = bracket.id;
      // The bracket's price list: €12.50 a piece, €11.00 from 50 pieces.
      await created('product-bulk-prices', { productId: bracket.id, minQuantity: 1, maxQuantity: 49, unitPrice: 12.5 });
      await created('product-bulk-prices', { productId: bracket.id, minQuantity: 50, unitPrice: 11 });
      // A calculated plate: its programming spread over the pieces makes each tier's price differ; then a what-if at 7, 49 and 1,200.
      const plate = await created('products', {
        name: given.plate.name,
        number: 'MP-100',
        type: 'single',
        status: 'manually_created',
        materialId: material.id,
        thickness: 2,
        blankWidth: 120,
        blankLength: 80,
      });
      given.plate.id = plate.id;
      await created('product-materials', { productId: plate.id, materialId: material.id });
      await created('product-operations', { productId: plate.id, sorting: 10, operationId: operation.id, timePerUnit: 2, hourlyRate: 65, programTime: 60, programRate: 60 });
      await callApi(stack, clerk, 'POST', `products/${plate.id}/calculations`);
      await callApi(stack, clerk, 'POST', `products/${plate.id}/calculations`, { quantities: [7, 49, 1200] });
    };
    [profile, germanProfile] = await Promise.all([signedInProfile(stack, clerk), signedInProfile(stack, german), prepare()]);
  });

  afterEach(async () => {
    await Promise.all([profile.closeTabs(), germanProfile.closeTabs()]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const total = (page: Page, field: string) => main(page).getByTestId(`order-total-${field}`);
  const totals = async (page: Page) =>
    Promise.all(['valueOfGoods', 'vatAmount', 'totalWithVat'].map(async (field) => ((await total(page, field).textContent()) ?? '').replace(/\u00a0/g, ' ')));
  const line = (page: Page, name: RegExp) => main(page).getByRole('listitem', { name });
  const lineNames = async (page: Page) => Promise.all((await main(page).getByTestId('order-lines').getByRole('listitem').all()).map((item) => item.getAttribute('aria-label')));
  const statusChip = (page: Page) => main(page).getByTestId('order-status');

  /** Fills the dialog's fields by label and saves; the dialog closes. */
  const addLine = async (page: Page, button: string, fields: Array<[label: string, value: string, required: boolean]>) => {
    await main(page).getByRole('button', { name: button, exact: true }).click();
    const dialog = await shown(page.getByRole('dialog', { name: button }));
    for (const [label, value, required] of fields) await input(dialog, label, required).fill(value);
    await dialog.getByRole('button', { name: /^(Save|Speichern)$/ }).click();
    await gone(dialog);
  };

  /** No two of these elements share a pixel, each holds its label (nothing spills over its edge), and each is inside the window. */
  const expectApart = async (page: Page, elements: Locator, width: number) => {
    const measured = await Promise.all(
      (await elements.all()).map(async (element) => ({
        box: await element.boundingBox(),
        spills: (await element.evaluate('(element) => element.scrollWidth > element.clientWidth + 1')) as boolean,
      })),
    );
    const boxes = measured.flatMap(({ box }) => (box && box.width > 0 && box.height > 0 ? [box] : []));
    expect(boxes.length).toBeGreaterThan(2);
    expect(measured.filter(({ spills }) => spills)).toEqual([]);
    for (const [i, a] of boxes.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + a.width).toBeLessThanOrEqual(width);
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect({ a, b, overlap }).toEqual({ a, b, overlap: false });
      }
    }
    expect(await page.evaluate(`document.documentElement.scrollWidth <= ${width}`)).toBe(true);
  };

  it('builds an offer of a product, a free and a text line, reorders them and shows the totals after every change, in English and in German', async () => {
    const order = await created('orders', {
      customerId: given.customer.id,
      contactName: 'Franz Huber',
      contactEmail: 'franz@huber.example',
      items: [{ productId: given.bracket.id, quantity: 10 }],
    });
    made.orderId = order.id;
    made.number = (await orderOf(order.id)).number;
    const page = await profile.open(`/orders/${order.id}/items`);
    await withScreenshot(page, 'sales-desk-build', async () => {
      // One document: the header, the line priced from the bulk band, the totals beneath (10 × 12.50, VAT 19 %).
      await shown(main(page).getByTestId('order-header').getByText('Franz Huber', { exact: true }));
      const bracket = await shown(line(page, /^Line 1: Bracket 90$/));
      await shown(bracket.getByText('Bulk price from 1 pcs', { exact: true }));
      await until(() => totals(page), ['€125.00', '€23.75', '€148.75']);
      // A draft may be deleted: Delete is offered.
      await shown(page.getByTestId('order-toolbar').getByRole('button', { name: 'Delete', exact: true }));

      // A free line (2.5 h design work at €80.00) and a text line; text lines carry no amount.
      await addLine(page, 'Add free line', [
        ['Text', 'Design work', true],
        ['Quantity', '2.5', true],
        ['Unit', 'h', false],
        ['Unit price', '80', true],
      ]);
      await expectNotice(page, 'Line added');
      await shown(line(page, /^Line 2: Design work$/).getByText('Free line, price entered', { exact: true }));
      await until(() => totals(page), ['€325.00', '€61.75', '€386.75']);
      await addLine(page, 'Add text', [['Text', 'Delivery in two batches', true]]);
      await shown(line(page, /^Line 3: Delivery in two batches$/));
      await until(() => totals(page), ['€325.00', '€61.75', '€386.75']);

      // Reordered: the text to the top, once by click and once by keyboard (the focus stays with the line moved).
      await main(page).getByRole('button', { name: 'Move line 3 up', exact: true }).click();
      await until(() => lineNames(page), ['Line 1: Bracket 90', 'Line 2: Delivery in two batches', 'Line 3: Design work']);
      await until(() => page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-label')"), 'Move line 2 up');
      await page.keyboard.press('Enter');
      await until(() => lineNames(page), ['Line 1: Delivery in two batches', 'Line 2: Bracket 90', 'Line 3: Design work']);
      await until(async () => (await linesOf(order.id)).map((row) => [row.position, row.kind]), [
        [1, 'text'],
        [2, 'product'],
        [3, 'free'],
      ]);

      // A product added at the end, priced from its latest standard calculation; then deleted after confirming.
      await main(page).getByRole('button', { name: 'Add product', exact: true }).click();
      const adding = await shown(page.getByRole('dialog', { name: 'Add product' }));
      await adding.getByRole('combobox', { name: /^Product/ }).fill('Mount');
      await page.getByRole('option', { name: given.plate.name, exact: true }).click();
      await input(adding, 'Quantity', true).fill('300');
      await adding.getByRole('button', { name: 'Save', exact: true }).click();
      await gone(adding);
      await shown(line(page, /^Line 4: Mounting plate$/).getByText(/^Calculation, tier at \d+ pcs$/));
      await main(page).getByRole('button', { name: 'Delete line 4', exact: true }).click();
      const confirm = await shown(page.getByRole('dialog', { name: 'Delete line 4 (Mounting plate)?' }));
      await confirm.getByTestId('delete-confirmation-input').fill('DELETE');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectNotice(page, 'Line deleted');
      await until(() => lineNames(page), ['Line 1: Delivery in two batches', 'Line 2: Bracket 90', 'Line 3: Design work']);

      // Edited in place: 60 brackets take the band from 50 (€11.00); the totals follow.
      const products = line(page, /^Line 2: Bracket 90$/);
      await input(products, 'Quantity', true).fill('60');
      await products.getByRole('button', { name: 'Save', exact: true }).click();
      await expectNotice(page, 'Line saved');
      await shown(line(page, /^Line 2: Bracket 90$/).getByText('Bulk price from 50 pcs', { exact: true }));
      await until(() => totals(page), ['€860.00', '€163.40', '€1,023.40']);
      // 10 % off the design work: 200.00 − 20.00.
      const design = line(page, /^Line 3: Design work$/);
      await input(design, 'Discount (%)').fill('10');
      await input(design, 'Discount (%)').press('Enter');
      await until(() => totals(page), ['€840.00', '€159.60', '€999.60']);
    });

    // The German console: the same figures in German notation, and a quantity typed the German way.
    const deutsch = await germanProfile.open(`/orders/${order.id}/view`);
    await withScreenshot(deutsch, 'sales-desk-german', async () => {
      await until(() => totals(deutsch), ['840,00 €', '159,60 €', '999,60 €']);
      const design = await shown(line(deutsch, /^Position 3: Design work$/));
      await input(design, 'Menge', true).fill('3,5');
      await design.getByRole('button', { name: 'Speichern', exact: true }).click();
      // 3.5 × 80.00 = 280.00 − 10 % = 252.00; with 660.00 net 912.00, VAT 173.28.
      await until(() => totals(deutsch), ['912,00 €', '173,28 €', '1.085,28 €']);
      await until(() => input(line(deutsch, /^Position 3: Design work$/), 'Menge', true).inputValue(), '3,5');
      expect((await linesOf(order.id)).find((row) => row.kind === 'free')?.quantity).toBe(3.5);
    });
  });

  it('sends the offer to the German customer in German with the PDF, the reply going to the clerk, and marks it as ordered after asking', async () => {
    expect(made.orderId).not.toBe('');
    const page = await profile.open(`/orders/${made.orderId}/view`);
    await withScreenshot(page, 'sales-desk-send-order', async () => {
      await page.getByTestId('order-to-offered').click();
      await expectNotice(page, 'Status changed to Offered');
      await shown(statusChip(page).filter({ hasText: 'Offered' }));
      // Offered: its lines are read-only, saying why; it can not be deleted, so Delete is not offered.
      await shown(main(page).getByTestId('order-lines-locked'));
      expect(await main(page).getByTestId('order-lines').getByRole('textbox').count()).toBe(0);
      expect(await page.getByTestId('order-toolbar').getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

      // Sent in the customer's language.
      await page.getByTestId('order-send-pdf').click();
      const send = await shown(page.getByRole('dialog', { name: `Send ${made.number} as PDF?` }));
      await shown(send.getByText('Deutsch', { exact: true }));
      await send.getByRole('button', { name: 'Send PDF to contact', exact: true }).click();
      await gone(send);
      const mail = await mailTo(stack, 'franz@huber.example');
      expect(mail.headers.subject).toMatch(new RegExp(`^Angebot ${made.number}`));
      expect(mail.text).toContain('Guten Tag Franz Huber,');
      expect(mail.text).toContain('1.085,28');
      expect(mail.headers['reply-to']).toContain('clara.clerk@demo.example');
      expect(mail.headers['reply-to']).toContain('Clara Clerk');
      expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
      const pdf = (await readPdfText(mail.attachments[0].content)).pages.flat();
      expect(pdf).toContain(`Angebot ${made.number}`);
      // The lines print in their order: the text first.
      const at = (text: string) => pdf.findIndex((piece) => piece.includes(text));
      expect(at('Delivery in two batches')).toBeGreaterThan(-1);
      expect(at('Delivery in two batches')).toBeLessThan(at('Bracket 90'));
      expect(at('Bracket 90')).toBeLessThan(at('Design work'));

      // "Mark as ordered" asks first; Cancel leaves it offered.
      await page.getByTestId('order-to-ordered').click();
      const ask = await shown(page.getByRole('dialog', { name: `Mark ${made.number} as ordered?` }));
      await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
      await gone(ask);
      await shown(statusChip(page).filter({ hasText: 'Offered' }));
      await page.getByTestId('order-to-ordered').click();
      const confirm = await shown(page.getByRole('dialog', { name: `Mark ${made.number} as ordered?` }));
      await input(confirm, 'Customer order number').fill('PO-4711');
      await confirm.getByRole('button', { name: 'Mark as ordered', exact: true }).click();
      await gone(confirm);
      await expectNotice(page, 'Status changed to Ordered');
      await shown(statusChip(page).filter({ hasText: 'Ordered' }));
      await shown(main(page).getByTestId('order-header').getByText('PO-4711', { exact: true }));
      expect(await page.getByTestId('order-to-draft').count()).toBe(0);
    });
    expect((await orderOf(made.orderId)).customerOrderNumber).toBe('PO-4711');
  });

  it('takes a line’s price from the latest standard calculation unless a what-if is picked, and marks the what-if', async () => {
    const order = await created('orders', { customerId: given.customer.id, items: [{ productId: given.plate.id, quantity: 300 }] });
    const [standard] = await linesOf(order.id);
    expect(standard.calculationWhatIf).toBe(false);
    expect(standard.priceQuantity).not.toBe(49);
    const page = await profile.open(`/orders/${order.id}/view`);
    await withScreenshot(page, 'sales-desk-what-if', async () => {
      const plate = await shown(line(page, /^Line 1: Mounting plate$/));
      await shown(plate.getByText(`Calculation, tier at ${standard.priceQuantity} pcs`, { exact: true }));
      await plate.getByRole('combobox', { name: 'Price from' }).click();
      await page.getByRole('option', { name: /^What-if #2 of .* \(7 \/ 49 \/ 1,200 pcs\)$/ }).click();
      await plate.getByRole('button', { name: 'Save', exact: true }).click();
      await expectNotice(page, 'Line saved');
      const chosen = line(page, /^Line 1: Mounting plate$/);
      await shown(chosen.getByText('What-if calculation, tier at 49 pcs', { exact: true }));
      await shown(chosen.getByText('What-if', { exact: true }));
    });
    const [whatIf] = await linesOf(order.id);
    expect([whatIf.calculationWhatIf, whatIf.priceQuantity]).toEqual([true, 49]);
    expect(whatIf.unitPrice).toBeGreaterThan(standard.unitPrice ?? 0);
  });

  it('moves an offer through its statuses on a phone with labelled buttons; the lines are cards and nothing scrolls sideways', async () => {
    const order = await created('orders', { customerId: given.customer.id, items: [{ productId: given.bracket.id, quantity: 5 }] });
    const page = await profile.open(`/orders/${order.id}/view`, PHONE);
    await withScreenshot(page, 'sales-desk-phone', async () => {
      const card = await shown(line(page, /^Line 1: Bracket 90$/));
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await until(() => totals(page), ['€62.50', '€11.88', '€74.38']);
      const step = async (status: string, label: string, chip: string) => {
        const button = await shown(page.getByTestId(`order-to-${status}`));
        // A label in words, not an empty icon square.
        expect((await button.textContent())?.trim()).toBe(label);
        expect((await button.boundingBox())?.width).toBeGreaterThan(60);
        await button.click();
        if (status === 'ordered') {
          const confirm = await shown(page.getByRole('dialog', { name: /as ordered\?$/ }));
          await confirm.getByRole('button', { name: 'Mark as ordered', exact: true }).click();
        }
        await shown(statusChip(page).filter({ hasText: chip }));
      };
      await step('offered', 'Mark as offered', 'Offered');
      await step('deferred', 'Defer', 'Deferred');
      await step('offered', 'Mark as offered', 'Offered');
      await step('ordered', 'Mark as ordered', 'Ordered');
      await until(async () => (await page.getByTestId('order-history').getByRole('row').count()) - 1, 5);
      expect(await page.evaluate(`document.documentElement.scrollWidth <= ${PHONE.width}`)).toBe(true);
    });
  });

  it('lays the German order toolbar out without overlapping buttons at 1440 and at 390 px', async () => {
    const order = await created('orders', { customerId: given.customer.id, items: [{ productId: given.bracket.id, quantity: 5 }] });
    await callApi(stack, clerk, 'POST', `orders/${order.id}/status`, { status: 'offered' });
    for (const viewport of [WIDE, PHONE]) {
      const page = await germanProfile.open(`/orders/${order.id}/view`, viewport);
      await withScreenshot(page, `sales-desk-toolbar-${viewport.width}`, async () => {
        // Offered: four status changes, the PDF, sending and editing — the most an order shows.
        await shown(page.getByTestId('order-to-ordered'));
        await shown(page.getByTestId('order-send-pdf'));
        await expectApart(page, page.getByTestId('order-toolbar').locator('button, a'), viewport.width);
      });
    }
  });
});
