import { randomUUID } from 'node:crypto';
import { BrowserContext, Page } from 'playwright-core';
import { dxfDrawing, readDxf } from '@fabquote/cad';
import { TenantTransactions } from '@fabquote/database';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';
import { BrowserStack } from '../../test-support';
import { createRecord, gone, main, openPage, shown, SignedInProfile, signedInProfile, sql, until } from './browser-helpers';

/**
 * How the console answers (docs/product.md §4, §8, §9): toasts closed by a swipe to the right,
 * F8 to the notification region, "No results found" apart from an empty list, the asset's load error.
 */
describe('admin console: feedback', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Fee Feedback', privacyAccepted: true });
    profile = await signedInProfile(stack, admin);
  });

  afterEach(async () => {
    await profile.closeTabs();
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The forgot-password page showing its toast "Forgot password email sent". */
  const withToast = async (): Promise<Page> => {
    const { context, page } = await openPage(stack, '/forgot-password');
    contexts.push(context);
    await page.getByLabel('Email').fill(`nobody-${randomUUID().slice(0, 8)}@fabquote.example`);
    await page.getByRole('button', { name: 'Send link' }).click();
    await shown(page.getByTestId('notification').getByText('Forgot password email sent'));
    return page;
  };

  const toastBox = async (page: Page) => {
    const box = await page.getByTestId('notification').boundingBox();
    if (!box) throw new Error('no toast on screen');
    return box;
  };

  /** What has the focus: its aria-label, else its own text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null; textContent: string | null } | null } }).document.activeElement;
      return active?.getAttribute('aria-label') ?? active?.getAttribute('title') ?? active?.textContent ?? null;
    });

  it('closes a toast swiped right past 50 px with the mouse; a shorter drag springs back', async () => {
    const page = await withToast();
    await withScreenshot(page, 'feedback-swipe-mouse', async () => {
      const box = await toastBox(page);
      // At most 420 px wide on a wide screen (1280 px here), at the bottom right.
      expect(box.width).toBeLessThanOrEqual(420);
      expect(box.x + box.width).toBeGreaterThan(1280 - 40);
      const y = box.y + box.height / 2;
      const x = box.x + 40;

      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 30, y, { steps: 5 });
      await page.mouse.up();
      // Not far enough: it stays, back in its place.
      await until(async () => Math.round((await toastBox(page)).x), Math.round(box.x));
      expect(await page.getByTestId('notification').isVisible()).toBe(true);

      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 80, y, { steps: 8 });
      expect((await toastBox(page)).x).toBeGreaterThan(box.x + 50);
      await page.mouse.up();
      await gone(page.getByTestId('notification'));
    });
  });

  it('closes a toast swiped right with a finger', async () => {
    const page = await withToast();
    await withScreenshot(page, 'feedback-swipe-touch', async () => {
      const box = await toastBox(page);
      const y = Math.round(box.y + box.height / 2);
      const x = Math.round(box.x + 40);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let step = 1; step <= 8; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + step * 10, y }] });
      // The toast follows the finger, then closes when it lets go.
      await until(async () => (await toastBox(page)).x > box.x + 50, true);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await gone(page.getByTestId('notification'));
    });
  });

  it('moves the focus to the notification region on F8, the toast’s close button next', async () => {
    const page = await withToast();
    await withScreenshot(page, 'feedback-f8', async () => {
      await page.keyboard.press('F8');
      await until(() => focused(page), 'Notifications (F8)');
      await page.keyboard.press('Tab');
      await until(() => focused(page), 'Close');
      await page.keyboard.press('Enter');
      await gone(page.getByTestId('notification'));
      // The region stays when no toast is shown: F8 still finds it.
      await page.getByRole('link', { name: /sign in/i }).first().focus();
      expect(await focused(page)).not.toBe('Notifications (F8)');
      await page.keyboard.press('F8');
      await until(() => focused(page), 'Notifications (F8)');
    });
  });

  it('says "No results found" when a search matches nothing, apart from the empty state of a list with no rows', async () => {
    const page = await profile.open('/customers');
    await withScreenshot(page, 'feedback-no-results', async () => {
      await shown(main(page).getByTestId('empty-list'));
      await shown(main(page).getByText('No data found'));
      expect(await main(page).getByText('No results found').count()).toBe(0);

      await createRecord(stack, admin, 'customers', { name: 'Kessler Gerätebau' });
      await page.reload();
      await shown(main(page).getByRole('cell', { name: 'Kessler Gerätebau' }));
      await page.getByPlaceholder('Search').fill('nothing like it');
      await shown(main(page).getByTestId('no-results'));
      await shown(main(page).getByText('No results found'));
      expect(await main(page).getByTestId('empty-list').count()).toBe(0);

      await main(page).getByRole('button', { name: 'Clear filters' }).click();
      await shown(main(page).getByRole('cell', { name: 'Kessler Gerätebau' }));
    });
  });

  it('says so on the page when an asset, its prices or its rates can not be loaded', async () => {
    const message = 'An error occurred while trying to access the asset information';
    const missing = await profile.open(`/assets/${randomUUID()}/view`);
    await withScreenshot(missing, 'feedback-asset-missing', async () => {
      await shown(main(missing).getByTestId('load-error').getByText(message));
    });

    const asset = await createRecord(stack, admin, 'assets', { name: `Laser ${randomUUID().slice(0, 8)}` });
    const page = await profile.open('/');
    // The API answering the prices with a server error, as when it can not be reached.
    await page.route('**/api/v1/asset-prices?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"A server error occurred during request execution"}' }));
    await page.goto(`${stack.baseUrl}/assets/${asset.id}/prices`);
    await withScreenshot(page, 'feedback-asset-prices', async () => {
      await shown(page.getByTestId('child-records-asset-prices').getByTestId('load-error').getByText(message));
      // The rates came: their sections show what they hold.
      await shown(page.getByTestId('child-records-asset-cutting-rates').getByText('No data found'));
      expect(await page.getByTestId('load-error').count()).toBe(1);
    });
  });

  it('moves a dialog in 200 ms, and not at all when the system asks for reduced motion', async () => {
    const asset = await createRecord(stack, admin, 'assets', { name: `Brake ${randomUUID().slice(0, 8)}` });
    const page = await profile.open(`/assets/${asset.id}/prices`);
    const prices = page.getByTestId('child-records-asset-prices');
    /**
     * The duration and easing MUI's fade gives the open dialog (on its backdrop's own style: the browser stack
     * turns CSS motion off in every page, so what the console asks for is read where MUI writes it).
     */
    const fadeOfDialog = async () => {
      await prices.getByRole('button', { name: 'Add' }).click();
      const dialog = await shown(page.getByRole('dialog'));
      const fade = await page.locator('.MuiDialog-root .MuiBackdrop-root').evaluate((backdrop) => {
        const { style } = backdrop as unknown as { style: { transitionProperty: string; transitionDuration: string; transitionTimingFunction: string } };
        return [style.transitionProperty, style.transitionDuration, style.transitionTimingFunction];
      });
      await page.keyboard.press('Escape');
      await gone(dialog);
      return fade;
    };
    await withScreenshot(page, 'feedback-reduced-motion', async () => {
      expect(await fadeOfDialog()).toEqual(['opacity', '200ms', 'cubic-bezier(0.4, 0, 0.2, 1)']);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await fadeOfDialog()).toEqual(['opacity', expect.stringMatching(/^0m?s$/), 'cubic-bezier(0.4, 0, 0.2, 1)']);
    });
  });

  it('opens a tooltip 4 px from what it explains, from the theme', async () => {
    const [setting] = await sql<{ id: string }>(stack, `SELECT id FROM settings WHERE slug = 'currency'`);
    const page = await profile.open(`/settings/${setting.id}/view`);
    await withScreenshot(page, 'feedback-tooltip', async () => {
      const copy = await shown(main(page).getByRole('button', { name: 'Copy' }));
      await copy.hover();
      await shown(page.getByRole('tooltip', { name: 'Copy' }));
      const [button, tooltip] = await Promise.all([copy.boundingBox(), page.locator('.MuiTooltip-tooltip').boundingBox()]);
      if (!button || !tooltip) throw new Error('no tooltip on screen');
      // Below the button (MUI's default placement), 4 px away.
      expect(Math.round(tooltip.y - (button.y + button.height))).toBe(4);
    });
  });

  it('shows the supplier the part’s drawing beside its figures', async () => {
    const tenants = stack.api.get(TenantTransactions);
    const request = await seedPurchaseRequest(tenants, stack.organization);
    const svg = readDxf(
      dxfDrawing({
        entities: [
          { type: 'LINE', start: { x: 0, y: 0 }, end: { x: 160, y: 0 } },
          { type: 'LINE', start: { x: 160, y: 0 }, end: { x: 160, y: 90 } },
          { type: 'LINE', start: { x: 160, y: 90 }, end: { x: 0, y: 90 } },
          { type: 'LINE', start: { x: 0, y: 90 }, end: { x: 0, y: 0 } },
          { type: 'CIRCLE', center: { x: 40, y: 45 }, radius: 8 },
        ],
      }),
    ).svg;
    await tenants.run(stack.organization.id, async (manager) => {
      const [survey] = await manager.query(`INSERT INTO surveys (number, title) VALUES ($1, 'Drawings') RETURNING id`, [`S-${randomUUID()}`]);
      const [input] = await manager.query(
        `INSERT INTO survey_inputs (survey_id, kind, reader, file_name, content, status, preview_svg) VALUES ($1, 'file', 'cad', 'bracket.dxf', '\\x00', 'success', $2) RETURNING id`,
        [survey.id, svg],
      );
      await manager.query(`INSERT INTO survey_products (survey_id, survey_input_id, product_id, position) VALUES ($1, $2, $3, 0)`, [survey.id, input.id, request.productId]);
    });
    const supplier = request.suppliers[0];
    const { context, page } = await openPage(stack, `/pub/purchase-requests/${request.id}/${supplier.id}?token=${encodeURIComponent(supplier.token)}&host=demo`);
    contexts.push(context);
    await withScreenshot(page, 'feedback-supplier-drawing', async () => {
      const product = page.getByTestId('supplier-page-product');
      const drawing = await shown(product.getByRole('img', { name: /^Drawing of Bracket / }));
      await shown(product.getByTestId('product-preview'));
      // Drawn: the browser decoded the SVG, wider than high like the part.
      await until(() => drawing.evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).complete && (image as unknown as { naturalWidth: number }).naturalWidth > 0), true);
      const size = await drawing.evaluate((image) => {
        const { naturalWidth, naturalHeight } = image as unknown as { naturalWidth: number; naturalHeight: number };
        return naturalWidth > naturalHeight;
      });
      expect(size).toBe(true);
      expect(await drawing.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      // Beside the figures, not under them.
      const [picture, figures] = await Promise.all([drawing.boundingBox(), product.getByTestId('product-preview').boundingBox()]);
      expect(picture && figures && picture.x + picture.width <= figures.x).toBe(true);
    });
  });
});
