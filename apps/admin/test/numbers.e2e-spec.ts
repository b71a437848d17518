import { readFile } from 'node:fs/promises';
import { BrowserContext } from 'playwright-core';
import { TenantTransactions } from '@fabquote/database';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { SeededRequest, seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';
import { callApi, createRecord, gone, input, openPage, shown, signInAs, until } from './browser-helpers';

/**
 * In Chromium (apps/admin/README.md "Decisions"): numbers are read the way the console's language writes them, on a browser
 * of the other locale (German console on en-US, English console on de-DE). A purchase request's quantity
 * list, an order line's quantity, unit price and discount are typed (in place), read back through the API, and shown
 * again in the same notation; an entry ambiguous in the language is refused with the notation expected.
 */
describe('admin console: numbers in the chosen language, whatever the browser', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let request: SeededRequest;
  let productId = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], privacyAccepted: true });
    request = await seedPurchaseRequest(stack.api.get(TenantTransactions), stack.organization);
    productId = (await createRecord(stack, admin, 'products', { name: 'Number bracket', number: 'NB-1', type: 'single', status: 'manually_created' })).id;
    await createRecord(stack, admin, 'product-bulk-prices', { productId, minQuantity: 1, unitPrice: 12.5 });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  interface RequestProduct {
    id: string;
    quantities: Array<number | string>;
  }
  interface OrderItem {
    id: string;
    quantity: number | string;
    unitPrice: number | string;
    discountPercent: number | string;
  }

  it.each([
    {
      console: 'de' as const,
      browser: 'en-US',
      labels: { edit: 'Bearbeiten', save: 'Speichern', quantities: 'Mengen', quantity: 'Menge', unitPrice: 'Stückpreis', reason: 'Grund für den Stückpreis', discount: 'Rabatt (%)' },
      quantities: { ambiguous: '10 / 1.5', refusal: '„1.5“ ist keine deutsche Zahl: 1,5 schreiben (ein Punkt trennt nur Tausender, wie in 1.000)', typed: '10 / 50 / 1.000' },
      item: { quantity: '12,5', ambiguousPrice: '12.5', refusal: '„12.5“ ist keine deutsche Zahl: 12,5 schreiben (ein Punkt trennt nur Tausender, wie in 1.000)', price: '1.234,5', discount: '2,5' },
      stored: { quantity: 12.5 },
      shown: { quantities: '10 / 50 / 1.000', quantity: '12,5', price: '1.234,50', discount: '2,5' },
    },
    {
      console: 'en' as const,
      browser: 'de-DE',
      labels: { edit: 'Edit', save: 'Save', quantities: 'Quantities', quantity: 'Quantity', unitPrice: 'Unit price', reason: 'Reason for the unit price', discount: 'Discount (%)' },
      quantities: { ambiguous: '10 / 1,5', refusal: '"1,5" is not how English writes a number: write 1.5 (a comma only separates thousands, as in 1,000)', typed: '10 / 50 / 1,000' },
      item: { quantity: '1,000', ambiguousPrice: '12,5', refusal: '"12,5" is not how English writes a number: write 12.5 (a comma only separates thousands, as in 1,000)', price: '1,234.5', discount: '2.5' },
      stored: { quantity: 1000 },
      shown: { quantities: '10 / 50 / 1,000', quantity: '1,000', price: '1,234.50', discount: '2.5' },
    },
  ])('reads numbers the $console way on a $browser browser: a quantity list, a quantity, a price and a discount', async (given) => {
    const user = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], language: given.console, privacyAccepted: true });
    const order = await createRecord(stack, admin, 'orders', { items: [{ productId, quantity: 5 }] });
    const { context, page } = await openPage(stack, '/login', given.browser);
    contexts.push(context);
    await withScreenshot(page, `numbers-${given.console}-on-${given.browser}`, async () => {
      await signInAs(page, user);

      // A purchase request's quantities: the ambiguous entry is refused with the notation expected, then a thousand is a thousand.
      await page.goto(`${stack.baseUrl}/purchase-requests/${request.id}/products`);
      const products = await shown(page.getByTestId('child-records-purchase-request-products'));
      await products.getByRole('button', { name: given.labels.edit, exact: true }).first().click();
      const productDialog = await shown(page.getByRole('dialog'));
      const quantities = input(productDialog, given.labels.quantities);
      await quantities.fill(given.quantities.ambiguous);
      await productDialog.getByRole('button', { name: given.labels.save, exact: true }).click();
      await shown(productDialog.getByText(given.quantities.refusal, { exact: true }));
      await quantities.fill(given.quantities.typed);
      await productDialog.getByRole('button', { name: given.labels.save, exact: true }).click();
      await gone(productDialog);
      await until(async () => (await callApi<RequestProduct>(stack, admin, 'GET', `purchase-request-products/${request.productLineId}`)).quantities.map(Number), [10, 50, 1000]);
      await shown(products.getByText(given.shown.quantities, { exact: true }));

      // An order item: an ambiguous price is refused; quantity, price and discount are stored as typed in the language.
      // The order's line is edited in place on the offer's page.
      await page.goto(`${stack.baseUrl}/orders/${order.id}/items`);
      const line = await shown(page.getByTestId('order-lines').getByRole('listitem').first());
      await input(line, given.labels.quantity, true).fill(given.item.quantity);
      await input(line, given.labels.unitPrice).fill(given.item.ambiguousPrice);
      await input(line, given.labels.reason).fill('Agreed');
      await input(line, given.labels.discount).fill(given.item.discount);
      await line.getByRole('button', { name: given.labels.save, exact: true }).click();
      await shown(line.getByText(given.item.refusal, { exact: true }));
      await input(line, given.labels.unitPrice).fill(given.item.price);
      await line.getByRole('button', { name: given.labels.save, exact: true }).click();
      await until(async () => {
        const [item] = await callApi<OrderItem[]>(stack, admin, 'GET', `order-items?orderId=${order.id}`);
        return [item.quantity, item.unitPrice, item.discountPercent].map(Number);
      }, [given.stored.quantity, 1234.5, 2.5]);

      // Read again after saving, the stored values are written the same way ("1.234,50", not "1234.5").
      await until(
        () => Promise.all([input(line, given.labels.quantity, true).inputValue(), input(line, given.labels.unitPrice).inputValue(), input(line, given.labels.discount).inputValue()]),
        [given.shown.quantity, given.shown.price, given.shown.discount],
      );
    });
  });

  it('exports a list as the German console writes it, for German Excel, on an en-US browser', async () => {
    const user = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], language: 'de', privacyAccepted: true });
    const group = await createRecord(stack, admin, 'groups', { name: 'Stahl verzinkt' });
    await createRecord(stack, admin, 'materials', { name: 'DX51; 1,5 mm', number: 'CSV-1', groupId: group.id, height: 1.5, width: 1250, length: 2500, pricePerUnit: 1234.5, priceUnit: 'sheet', density: 7.85 });
    const { context, page } = await openPage(stack, '/login', 'en-US');
    contexts.push(context);
    await withScreenshot(page, 'csv-de-on-en-US', async () => {
      await signInAs(page, user);
      await page.goto(`${stack.baseUrl}/materials`);
      await shown(page.getByRole('cell', { name: 'CSV-1' }));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportieren' }).click()]);
      expect(download.suggestedFilename()).toBe('Materialien.csv');
      const csv = await readFile(await download.path(), 'utf8');
      // The byte order mark tells Excel the file is UTF-8 ("Müller", not "MÃ¼ller").
      expect(csv.startsWith('\ufeff')).toBe(true);
      const lines = csv.slice(1).split('\r\n');
      expect(lines[0]).toBe('Nummer;Name;Gruppe;Höhe (mm);Breite (mm);Länge (mm);Gewicht (kg);Preis je Einheit;Einheit des Preises;Dichte (g/cm³)');
      // ";" between cells (the name holding one is quoted), decimal commas, no thousands points, the group by name, the unit in German.
      expect(lines.find((line) => line.startsWith('CSV-1;'))).toMatch(/^CSV-1;"DX51; 1,5 mm";Stahl verzinkt;1,5;1250;2500;[\d,]*;1234,5;Tafel;7,85$/);
    });
  });
});
