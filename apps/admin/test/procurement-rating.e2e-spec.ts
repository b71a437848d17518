import { Locator, Page } from 'playwright-core';
import { TenantTransactions } from '@fabquote/database';
import { createTestUser, eventually, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { SeededRequest, seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';
import { callApi, createRecord, expectNotice, gone, input, main, openPage, shown, SignedInProfile, signedInProfile, signInAs, sql, until } from './browser-helpers';

/**
 * The rating and the award in Chromium (docs/api-procurement.md "Procurement II: the rating", "Procurement II: award"): three suppliers submit through their own page's API, the
 * worker rates the offers, and staff compare them in the offers tab's matrix (bands, best cells,
 * stars, the one trophy with its green border, sorting, the legend in German), award a line and
 * withdraw it again; the matrix scrolls inside its card on a phone.
 */
describe('admin console: comparing, rating and awarding offers', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  let request: SeededRequest;
  let empty: SeededRequest;
  const names = ['Alpha Laser GmbH', 'Beta Coating Ltd', 'Gamma Blech KG'];

  /** The supplier's page's submit, as the page sends it: each submit emits the rating job. */
  const submit = async (index: number, body: object) => {
    const supplier = request.suppliers[index];
    const response = await fetch(
      `${stack.baseUrl}/api/v1/pub/purchase-requests/${request.id}/${supplier.id}/offers?token=${encodeURIComponent(supplier.token)}&host=demo`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${index + 1}` }, body: JSON.stringify(body) },
    );
    if (response.status !== 201) throw new Error(`submit ${index}: ${response.status} ${await response.text()}`);
  };
  /** The operation at 10 / 50 / 200 pieces, the part (2 per product) at 20 / 100 / 400. */
  const prices = (operation: (number | null)[], part: (number | null)[]) => [
    ...operation.map((unitPrice, i) => ({ kind: 'operation', lineId: request.operationLineId, quantity: [10, 50, 200][i], unitPrice })),
    ...part.map((unitPrice, i) => ({ kind: 'part', lineId: request.partLineId, quantity: [20, 100, 400][i], unitPrice })),
  ];

  interface RatedOffer {
    supplierName: string;
    stars: number | null;
    trophy: boolean;
  }

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Petra Purchaser', privacyAccepted: true });
    const tenants = stack.api.get(TenantTransactions);
    [profile, request, empty] = await Promise.all([
      signedInProfile(stack, admin),
      seedPurchaseRequest(tenants, stack.organization, { suppliers: names.map((name, index) => ({ name, language: index === 2 ? ('de' as const) : ('en' as const) })) }),
      seedPurchaseRequest(tenants, stack.organization, { suppliers: [{ name: 'Delta Pulver GmbH' }] }),
    ]);
    // Alpha: the best nearly everywhere, every price, costs given → the trophy. Beta: dearer and slower.
    // Gamma: only the operation at 10, the best there (Alpha stays within 95 % of it), a month's lead time.
    await submit(0, { shippingDate: '2031-03-01', packagingCost: 0, shippingCost: 0, customsCost: 0, leadTimeDays: 10, prices: prices([4, 3.5, 3], [0.5, 0.4, 0.3]) });
    await submit(1, { shippingDate: '2031-03-05', packagingCost: 5, shippingCost: 15, leadTimeDays: 14, prices: prices([4.6, 4, 3.4], [0.6, 0.45, 0.35]) });
    await submit(2, { shippingDate: '2031-04-01', leadTimeDays: 30, prices: prices([3.9, null, null], []) });
    // The worker's rating job: all three rated, one trophy.
    await eventually(
      async () => {
        const offers = await callApi<RatedOffer[]>(stack, admin, 'GET', `supplier-offers?purchaseRequestId=${request.id}&latest=true`);
        return offers.length === 3 && offers.every((offer) => offer.stars !== null) && offers.filter((offer) => offer.trophy).length === 1 ? offers : undefined;
      },
      30_000,
      'three rated offers',
    );
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const rows = (page: Page) => page.getByTestId('offer-matrix').getByTestId('offer-row');
  const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('button', { name, exact: true }) });
  const order = (page: Page) => rows(page).evaluateAll((found) => found.map((row) => (row as unknown as { getAttribute(name: string): string | null }).getAttribute('data-supplier')));
  const sortBy = async (page: Page, key: string) => page.locator(`th[data-sort="${key}"]`).getByRole('button').click();
  /** Two weeks ahead, as a datetime-local input takes it (the browser runs in this machine's zone). */
  const inTwoWeeks = () => {
    const date = new Date(Date.now() + 14 * 24 * 3600 * 1000);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T10:00`;
  };
  /** A computed style of the element; runs in the page (the backend tsconfig has no DOM types). */
  const style = (locator: Locator, property: string) =>
    locator.evaluate((element, name) => {
      const page = globalThis as unknown as { getComputedStyle(element: unknown): { getPropertyValue(name: string): string } };
      return page.getComputedStyle(element).getPropertyValue(name);
    }, property);

  it('shows the offers as a matrix: bands, best cells, stars, the one trophy with a green border; sorts by any column', async () => {
    const page = await profile.open(`/purchase-requests/${request.id}/offers`);
    await withScreenshot(page, 'procurement-rating-matrix', async () => {
      const matrix = await shown(page.getByTestId('offer-matrix'));
      await until(async () => rows(page).count(), 3);
      // Ranked: Alpha first. Operation and part as column groups, then the product's landed totals.
      expect((await order(page))[0]).toBe(names[0]);
      expect(await matrix.getByRole('columnheader', { name: 'Total per quantity' }).count()).toBe(0);
      await shown(matrix.getByTestId('product-total-header').filter({ hasText: 'Landed total per product' }));
      await shown(page.getByTestId('offers-currency').getByText('Prices in EUR.', { exact: true }));
      // Every rated cell has its band's colour and says the band in words; the best cells are marked.
      const alpha = rowOf(page, names[0]);
      // The operation at 50 pieces, to the cent.
      expect(await alpha.getByLabel('€3.50, best price, band 1: within 5 % of the best').count()).toBe(1);
      expect(await alpha.locator('[data-best="true"]').count()).toBeGreaterThanOrEqual(6);
      const gamma = rowOf(page, names[2]);
      expect(await gamma.getByLabel('€3.90, best price, band 1: within 5 % of the best').count()).toBe(1);
      // The bracket's landed total at 10: Alpha 4.00 × 10 + 0.50 × 20 = 50.00, the lowest (Beta: (4.60 + 1.00) × 10
      // + (0.60 + 0.50) × 20 = 78.00); Gamma prices only the operation, so it has no total there.
      const totals = (row: Locator) => row.getByTestId('product-total');
      await shown(totals(alpha).first().getByLabel(/: €50\.00, the lowest landed total for this product$/));
      expect(await totals(alpha).first().getAttribute('data-best')).toBe('true');
      await shown(totals(rowOf(page, names[1])).first().getByText('€78.00', { exact: true }));
      await shown(totals(gamma).first().getByText('1 of 2 lines priced', { exact: true }));
      // Money to the cent, the exact value on hover: Beta's part at 400 is 0.35 + 20 / (2 lines × 400) = 0.375.
      await rowOf(page, names[1]).getByLabel(/^€0\.38, /).hover();
      await shown(page.getByRole('tooltip').getByText('Exact: 0.375 EUR', { exact: true }));
      // The cards follow the matrix's order (the rating), each with its landed totals.
      const ranked = await order(page);
      await until(async () => page.getByTestId('supplier-offer').evaluateAll((cards) => cards.map((card) => (card as unknown as { getAttribute(name: string): string | null }).getAttribute('aria-label'))), ranked);
      await shown(page.getByTestId('supplier-offer').first().getByTestId('offer-product-totals').getByText('€50.00', { exact: true }));
      expect(await gamma.getByTestId('best-mark').count()).toBeGreaterThanOrEqual(1);
      const beta = rowOf(page, names[1]);
      expect(await beta.locator('[data-band="1"]').count()).toBe(0);
      expect(await style(beta.locator('[data-band="3"]').first(), 'background-color')).toBe('rgb(255, 243, 176)');
      // Stars with their label for all three; the trophy once, with the green border on its row and card.
      expect(await page.getByTestId('offer-stars').count()).toBe(3);
      await shown(alpha.getByRole('img', { name: '5 stars' }));
      await shown(alpha.getByText('Excellent', { exact: true }));
      expect(await page.getByTestId('trophy').count()).toBe(1);
      await shown(alpha.getByTestId('trophy'));
      expect(await rows(page).and(page.locator('[data-trophy="true"]')).count()).toBe(1);
      const firstCell = alpha.locator('td').first();
      expect(await style(firstCell, 'border-left-width')).toBe('2px');
      // MUI's success green.
      expect(await style(firstCell, 'border-left-color')).toBe('rgb(46, 125, 50)');
      await shown(page.locator('[data-testid="supplier-offer"][data-trophy="true"]').filter({ hasText: names[0] }));

      // Sorted by the operation's price at 10 pieces: Gamma's 3.90 first; once more: dearest first, Gamma (the rest priced) still before none.
      await sortBy(page, `cell:${request.operationLineId}@10`);
      await until(() => order(page), [names[2], names[0], names[1]]);
      await sortBy(page, `cell:${request.operationLineId}@10`);
      await until(() => order(page), [names[1], names[0], names[2]]);
      // By the part at 400: Gamma gave none, so it is last either way.
      await sortBy(page, `cell:${request.partLineId}@400`);
      await until(() => order(page), [names[0], names[1], names[2]]);
      // By lead time, by stars.
      await sortBy(page, 'leadTime');
      await until(() => order(page), [names[0], names[1], names[2]]);
      await sortBy(page, 'leadTime');
      await until(() => order(page), [names[2], names[1], names[0]]);
      await sortBy(page, 'stars');
      expect((await order(page))[0]).toBe(names[0]);

      // The details are one click away: the supplier's name goes to its card with the revisions.
      await alpha.getByRole('button', { name: names[0], exact: true }).click();
      await until(async () => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid') ?? null), 'supplier-offer');
    });
  });

  it('awards a line after previewing what it does (other prices kept unless chosen), shows it awarded, withdraws it, and names the products whose price rose', async () => {
    // Alpha already supplies the press nut at 0.09: an existing suppliable of the line the award must not switch off silently.
    const [{ part_id: partId }] = await sql<{ part_id: string }>(stack, 'SELECT pp.part_id FROM purchase_request_parts r JOIN product_parts pp ON pp.id = r.product_part_id WHERE r.id = $1', [request.partLineId]);
    const existing = await createRecord(stack, admin, 'suppliables', { type: 'part', number: 'SN-PN-ALPHA', supplierId: request.suppliers[0].id, partId, cost: 0.09, active: true });
    const page = await profile.open(`/purchase-requests/${request.id}/offers`);
    await withScreenshot(page, 'procurement-rating-award', async () => {
      await until(async () => rows(page).count(), 3);
      const beta = rowOf(page, names[1]);
      await beta.getByTestId('award-line-menu').click();
      await page.getByRole('menuitem', { name: /^Award this line: .* – Press nut/ }).click();
      const dialog = await shown(page.getByRole('dialog', { name: new RegExp(`^Award .*Press nut.* to ${names[1]}\\?$`) }));
      await shown(dialog.getByText(/bulk prices of Beta Coating Ltd's suppliables/));
      await shown(dialog.getByText(/repriced/));
      // The preview: the product's unit price per tier before and after, in the currency; the line's
      // existing suppliables with their current price. Alpha's stays active unless switching off is chosen.
      const preview = dialog.getByTestId('award-preview');
      await shown(preview.getByTestId('award-preview-currency').getByText('Prices in EUR.', { exact: true }));
      await shown(preview.getByTestId('award-preview-product').filter({ hasText: `Bracket ${request.number.slice('PR-2026-'.length)}` }));
      expect(await preview.getByTestId('award-preview-tier').count()).toBeGreaterThanOrEqual(1);
      const alphaNut = preview.getByTestId('award-preview-suppliable').filter({ hasText: names[0] });
      await shown(alphaNut.getByText('€0.09', { exact: true }));
      await shown(alphaNut.getByText('Stays active', { exact: true }));
      const switchOff = preview.getByRole('checkbox', { name: "Switch off other suppliers' prices for these lines" });
      expect(await switchOff.isChecked()).toBe(false);
      await switchOff.check();
      await shown(alphaNut.getByText('Switched off', { exact: true }));
      await switchOff.uncheck();
      await shown(alphaNut.getByText('Stays active', { exact: true }));
      await dialog.getByRole('button', { name: 'Award', exact: true }).click();
      // Alpha's nut at 0.09 stays the cheapest, so no product's price rose.
      await expectNotice(page, 'The offer has been awarded');
      await gone(dialog);
      expect((await callApi<{ active: boolean }>(stack, admin, 'GET', `suppliables/${existing.id}`)).active).toBe(true);
      // The part's three cells and the row say so; the award is listed with the suppliable it wrote.
      await until(async () => beta.getByTestId('awarded-chip').count(), 3);
      // The chips never hide a price: each awarded cell still shows Beta's landed price, 0.60 + 20 / (2 lines × 20) = 1.10,
      // 0.45 + 20 / 200 = 0.55 and 0.35 + 20 / 800 = 0.375.
      const awardedCells = beta.getByTestId('matrix-cell').filter({ has: page.getByTestId('awarded-chip') });
      for (const [index, price] of ['€1.10', '€0.55', '€0.38'].entries()) await shown(awardedCells.nth(index).getByText(price, { exact: true }));
      await shown(beta.getByTestId('row-awarded').getByText('Awarded: 1 line'));
      const award = await shown(page.getByTestId('request-award').filter({ hasText: names[1] }));
      await shown(award.getByText(`${request.number}-1`, { exact: true }));
      const awarded = await callApi<{ kind: string; lineId: string; supplierName: string }[]>(stack, admin, 'GET', `purchase-request-awards?purchaseRequestId=${request.id}&active=true`);
      expect(awarded.map((row) => [row.kind, row.lineId, row.supplierName])).toEqual([['part', request.partLineId, names[1]]]);

      // Withdrawn after asking: the chips and the list go.
      await award.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const withdraw = await shown(page.getByRole('dialog', { name: new RegExp(`^Withdraw the award of .* to ${names[1]}\\?$`) }));
      await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expectNotice(page, 'Award withdrawn');
      await gone(page.getByTestId('request-awards'));
      await until(async () => beta.getByTestId('awarded-chip').count(), 0);
      expect(await callApi<unknown[]>(stack, admin, 'GET', `purchase-request-awards?purchaseRequestId=${request.id}&active=true`)).toEqual([]);

      // Priced by the engine (a material with its density and price, the operation bought from Alpha), the bracket gets
      // dearer when Alpha's nut at 0.09 is switched off for Beta's at 1.10 landed: the preview marks it, and the notice
      // after the award names it.
      await sql(stack, 'UPDATE materials SET density = 7.85, price_per_unit = 1.2 WHERE id = (SELECT material_id FROM products WHERE id = $1)', [request.productId]);
      const [{ operation_id: operationId }] = await sql<{ operation_id: string }>(
        stack,
        'SELECT po.operation_id FROM purchase_request_operations r JOIN product_operations po ON po.id = r.product_operation_id WHERE r.id = $1',
        [request.operationLineId],
      );
      await createRecord(stack, admin, 'suppliables', { type: 'operation', number: 'SN-OP-ALPHA', supplierId: request.suppliers[0].id, operationId, cost: 9, active: true });
      await beta.getByTestId('award-line-menu').click();
      await page.getByRole('menuitem', { name: /^Award this line: .* – Press nut/ }).click();
      const dearer = await shown(page.getByRole('dialog', { name: new RegExp(`^Award .*Press nut.* to ${names[1]}\\?$`) }));
      await dearer.getByRole('checkbox', { name: "Switch off other suppliers' prices for these lines" }).check();
      await shown(dearer.getByTestId('award-preview-suppliable').filter({ hasText: names[0] }).getByText('Switched off', { exact: true }));
      await shown(dearer.locator('[data-testid="award-preview-product"][data-rises="true"]'));
      await dearer.getByRole('button', { name: 'Award', exact: true }).click();
      const tag = request.number.slice('PR-2026-'.length);
      await expectNotice(page, `The offer has been awarded. The price rose for: P-${tag} Bracket ${tag}`);
      await gone(dearer);
      expect((await callApi<{ active: boolean }>(stack, admin, 'GET', `suppliables/${existing.id}`)).active).toBe(false);
    });
  });

  it('explains the rating in German to a German reader, who may view but not award', async () => {
    const reader = await createTestUser(stack.api, stack.organization, { roles: ['Viewer'], language: 'de', privacyAccepted: true, signIn: false });
    const { context, page } = await openPage(stack, '/login');
    try {
      await withScreenshot(page, 'procurement-rating-legend-de', async () => {
        await signInAs(page, reader);
        await page.goto(`${stack.baseUrl}/purchase-requests/${request.id}/offers`);
        await until(async () => rows(page).count(), 3);
        await shown(page.getByTestId('product-total-header').filter({ hasText: 'Einstandssumme je Produkt' }).first());
        await shown(rowOf(page, names[0]).getByText('Ausgezeichnet', { exact: true }));
        // Without the request's update permission there is nothing to award.
        expect(await page.getByTestId('award-offer').count()).toBe(0);
        await page.getByRole('button', { name: 'Legende der Bewertung' }).click();
        const legend = await shown(page.getByTestId('rating-legend'));
        await shown(legend.getByRole('heading', { name: 'So werden Angebote bewertet' }));
        await shown(legend.getByText('Innerhalb 15 %', { exact: true }));
        await shown(legend.getByText('Mehr als 10 Tage länger oder keine Lieferzeit angegeben', { exact: true }));
        await shown(legend.getByText(/Preis \(60 %\), Lieferung \(25 %\) und Vollständigkeit \(15 %\)/));
        await shown(legend.getByText(/mindestens 95 %/));
        // A trophy needs two offers, disproportionate costs lower the price score, the setting by its label.
        await shown(legend.getByTestId('legend-trophy-two').getByText(/mindestens zwei Angebote/));
        await shown(legend.getByTestId('legend-costs').getByText(/senken die Preisbewertung/));
        await shown(legend.getByText(/in den Einstellungen fest \(„Gewichte der Angebotsbewertung“\)/));
        expect(await legend.getByText(/offer-rating-weights/).count()).toBe(0);
        await shown(legend.getByText('Ausgezeichnet', { exact: true }));

        // On a phone the matrix scrolls inside its card; the page itself does not scroll sideways.
        await page.setViewportSize({ width: 375, height: 812 });
        const scroller = page.getByTestId('offer-matrix-scroll');
        await until(() => scroller.evaluate((element) => (element as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth > (element as unknown as { clientWidth: number }).clientWidth), true);
        await until(() => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>, true);
      });
    } finally {
      await context.close();
    }
  });

  it('says so while no supplier has offered; closed, the request reads "Closed" and its edit form says a later deadline reopens it', async () => {
    const page = await profile.open(`/purchase-requests/${empty.id}/offers`);
    await withScreenshot(page, 'procurement-rating-posted', async () => {
      await shown(page.getByTestId('offers-empty').getByText('No supplier has submitted an offer yet.'));
      expect(await page.getByTestId('offer-matrix').count()).toBe(0);
      await shown(page.getByTestId('request-schedule').getByText(/^Deadline .* · Reminders: None$/));

      await callApi(stack, admin, 'POST', `purchase-requests/${empty.id}/close`);
      await page.goto(`${stack.baseUrl}/purchase-requests/${empty.id}/view`);
      await shown(main(page).getByText('Closed', { exact: true }));
      await shown(page.getByTestId('request-posted-note'));
      await page.goto(`${stack.baseUrl}/purchase-requests/${empty.id}/edit`);
      await shown(page.getByTestId('reopen-note').getByText(/^This request is closed\. A deadline in the future reopens it/));
      await input(main(page), 'Close submission deadline', true).fill(inTwoWeeks());
      await shown(page.getByTestId('reopen-note').getByText(/^Saving reopens the request/));
    });
  });

  it('edits the rating weights in the settings as three labelled numbers, checked as the API checks them', async () => {
    const page = await profile.open('/settings/create');
    await withScreenshot(page, 'procurement-rating-weights', async () => {
      await input(page.locator('body'), 'Key', true).fill('offer-rating-weights');
      const weights = await shown(page.getByTestId('rating-weights'));
      const weight = (label: string) => input(weights, label);
      await weight('Price weight').fill('0');
      await weight('Delivery weight').fill('0');
      await weight('Completeness weight').fill('0');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await shown(weights.getByText('At least one weight must be above 0'));
      // What is no number is refused by the number input, with the notation expected; a negative one by the rating's rule.
      await weight('Delivery weight').fill('abc');
      await shown(weights.getByText('Enter a number, written like 1,234.56'));
      await weight('Delivery weight').fill('-1');
      await shown(weights.getByText('The delivery weight must be a number of 0 or more'));
      await weight('Price weight').fill('2');
      await weight('Delivery weight').fill('1');
      await weight('Completeness weight').fill('1');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await shown(page.getByTestId('setting-values').getByText('Price weight: 2', { exact: true }));
      await shown(page.getByTestId('setting-values').getByText('Completeness weight: 1', { exact: true }));
      const [setting] = await callApi<{ slug: string; value: string[] }[]>(stack, admin, 'GET', 'settings?slug=offer-rating-weights');
      expect(setting.value).toEqual(['2', '1', '1']);
    });
  });
});
