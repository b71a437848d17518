import { BrowserContext, Page } from 'playwright-core';
import { withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { main, newUser, openPage, shown, signInAs, sql, until } from './browser-helpers';

/** The dashboard's widgets in Chromium: empty, then filled by orders and products, per interval, in German. */
describe('admin console: the dashboard', () => {
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

  const open = async (path: string, locale?: string): Promise<Page> => {
    const opened = await openPage(stack, path, locale);
    context = opened.context;
    return opened.page;
  };
  const figure = (page: Page, widget: string) => main(page).getByTestId(`widget-${widget}`).getByTestId('widget-figure').first().innerText();

  it('shows empty widgets, then the figures of an order offered and ordered, and the interval chosen', async () => {
    const user = await newUser(stack, { roles: ['Viewer'], name: 'Dora Dashboard', language: 'de' });
    const page = await open('/', 'de-DE');
    await withScreenshot(page, 'dashboard', async () => {
      await signInAs(page, user);
      await shown(main(page).getByTestId('widget-number_of_orders'));
      await until(() => figure(page, 'number_of_orders'), '0');
      await shown(main(page).getByTestId('widget-orders_by_status').getByText('In diesem Zeitraum wurden keine Aufträge erstellt'));

      // An order made 40 days ago, offered yesterday and ordered today; a product made today.
      const [product] = await sql<{ id: string }>(stack, `INSERT INTO products (name, number, status) VALUES ('Winkel', 'W-1', 'ready') RETURNING id`);
      const [order] = await sql<{ id: string }>(
        stack,
        `INSERT INTO orders (number, name, status, currency, vat_rate, status_changed_at, created_at)
         VALUES ('OR-2026-0042', 'Winkel', 'ordered', 'EUR', 19, now(), now() - interval '40 days') RETURNING id`,
      );
      await sql(stack, `INSERT INTO order_items (order_id, product_id, quantity, unit_price, price_source, unit_price_reason) VALUES ($1, $2, 10, 12.5, 'manual', 'Test')`, [order.id, product.id]);
      await sql(stack, `INSERT INTO order_status_changes (order_id, from_status, to_status, changed_at) VALUES ($1, 'draft', 'offered', now() - interval '1 day')`, [order.id]);

      await page.reload();
      await until(() => figure(page, 'conversion_rate'), '100\u00a0%');
      await until(() => figure(page, 'order_volume'), '125,00\u00a0€');
      await until(() => figure(page, 'number_of_orders'), '0');
      await until(() => figure(page, 'number_of_products'), '1');
      await shown(main(page).getByTestId('widget-products_by_status').locator('svg').first());
      await shown(main(page).getByTestId('widget-recent_products').getByText('W-1'));

      await main(page).getByTestId('interval-60d').click();
      await until(async () => new URL(page.url()).search, '?interval=60d');
      await until(() => figure(page, 'number_of_orders'), '1');
      await shown(main(page).getByTestId('widget-recent_orders').getByText('OR-2026-0042'));
      await shown(main(page).getByTestId('widget-orders_by_status').locator('svg').first());
    });
  });
});
