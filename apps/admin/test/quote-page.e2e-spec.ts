import { dxfCircle, dxfDrawing, dxfRectangle } from '@fabquote/cad';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { createRecord, expectNotice, input, main, openPage, shown, signedInProfile, sql, UI_TIMEOUT, until } from './browser-helpers';

const box = dxfRectangle;
jest.setTimeout(120_000);

const circle = dxfCircle;

type Progress = { drawings: Array<{ fileName: string; state: string; parts: Array<{ tiers: Array<{ quantity: number; unitPrice: string }> }> }> };

/**
 * The public quote page (docs/api-surveys.md "The quote-request page") in Chromium against the served product: a
 * customer on an English browser fills it in German, quantities in German notation, with two DXF drawings; one comes
 * back with an indicative price in German notation, the other says staff will price it; staff find the survey marked
 * as from the quote page.
 */
describe('the public quote page', () => {
  let stack: BrowserStack;
  let admin: TestUser;

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Sina Staff', privacyAccepted: true });
    const material = await createRecord(stack, admin, 'materials', { name: 'S235JR', number: 'S235', density: 7.85, pricePerUnit: 1.5, priceUnit: 'kg', height: 3 });
    const laser = await createRecord(stack, admin, 'assets', { name: 'Fiber laser', calculateByTime: true, timeModel: 'laser-cutting' });
    await createRecord(stack, admin, 'asset-cutting-rates', { assetId: laser.id, cutSpeed: 2000, pierceTime: 1 });
    const booked = await createRecord(stack, admin, 'products', { name: 'Booked part', number: 'BP-1', materialId: material.id, thickness: 3, blankWidth: 50, blankLength: 50 });
    await createRecord(stack, admin, 'product-operations', { productId: booked.id, sorting: 10, assetId: laser.id, hourlyRate: 120 });
    await createRecord(stack, admin, 'settings', { slug: 'letterhead-email', value: 'office@demo.example' });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('is off until staff switch it on, with instant prices, on the company profile page', async () => {
    const closed = await openPage(stack, '/pub/quote?host=demo&lang=de', 'en-US');
    await shown(closed.page.getByTestId('quote-page-not-found'));
    await closed.context.close();

    const profile = await signedInProfile(stack, admin);
    const page = await profile.open('/company-profile');
    await withScreenshot(page, 'quote-page-switches', async () => {
      const card = await shown(main(page).getByTestId('quote-page-switches'));
      const instant = card.getByRole('switch', { name: 'Instant indicative prices for DXF drawings read without warnings' });
      // Instant prices wait for the page itself.
      expect(await instant.isDisabled()).toBe(true);
      // A switch shows what is stored: it turns once the API has saved it.
      const enabled = card.getByRole('switch', { name: 'Quote page switched on' });
      await enabled.click();
      await expectNotice(page, 'Quote page settings saved');
      await until(() => enabled.isChecked(), true);
      await instant.click();
      await until(() => instant.isChecked(), true);
      await until(async () => (await sql<{ value: string }>(stack, `SELECT value FROM settings WHERE slug = 'quote-instant-prices'`))[0]?.value, 'true');
      await shown(card.getByRole('link', { name: 'Open the quote page' }));
    });
    await profile.closeTabs();
  });

  it('takes a request in German on an English browser and shows an indicative price and "staff will price it"; staff see where it came from', async () => {
    const { context, page } = await openPage(stack, '/pub/quote?host=demo&lang=de', 'en-US');
    await withScreenshot(page, 'quote-page', async () => {
      const form = await shown(page.getByTestId('quote-form'));
      await input(form, 'Firma', true).fill('Blech Partner GmbH');
      await input(form, 'Ihr Name', true).fill('Jana Vogt');
      await input(form, 'E-Mail', true).fill('jana@blech-partner.example');
      await input(form, 'Mengen', true).fill('10 / 1.000');
      await form.getByRole('combobox', { name: 'Werkstoff' }).click();
      await page.getByRole('option', { name: /^S235JR/ }).click();
      await input(form, 'Dicke (mm)').fill('2');
      await page.getByTestId('quote-files').setInputFiles([
        { name: 'Platte.dxf', mimeType: 'application/dxf', buffer: Buffer.from(dxfDrawing({ unit: 'mm', entities: [box(0, 0, 120, 80), circle(20, 40, 10)] })) },
        { name: 'Ohne Einheit.dxf', mimeType: 'application/dxf', buffer: Buffer.from(dxfDrawing({ unit: 'none', entities: [box(0, 0, 120, 80)] })) },
      ]);
      await page.getByTestId('quote-send').click();

      await shown(page.getByTestId('quote-received'));
      const priced = page.locator('[data-testid="quote-drawing"][data-state="priced"]');
      const forStaff = page.locator('[data-testid="quote-drawing"][data-state="staff"]');
      await priced.waitFor({ state: 'visible', timeout: 60_000 });
      await forStaff.waitFor({ state: 'visible', timeout: 60_000 });
      await shown(priced.getByText('Platte.dxf'));
      await shown(priced.getByText('unverbindlich, verbindlich ist unser Angebot'));
      await shown(forStaff.getByText(/unsere Mitarbeiter kalkulieren sie/));
      await shown(priced.getByText('1.000 Stück'));

      // The prices the API gave, written as German writes money.
      const url = new URL(page.url());
      const id = url.pathname.split('/').pop()!;
      const answer = await fetch(`${stack.baseUrl}/api/v1/pub/quote/${id}?token=${url.searchParams.get('token')}&host=demo`);
      const progress = (await answer.json()) as Progress;
      const tiers = progress.drawings.find((drawing) => drawing.state === 'priced')!.parts[0].tiers;
      expect(tiers.map((tier) => tier.quantity)).toEqual([10, 1000]);
      const german = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(Number(tiers[1].unitPrice));
      expect(german).toMatch(/^\d+,\d{2}\s€$/);
      expect(await priced.getByTestId('quote-unit-price').allInnerTexts()).toContain(german);
    });
    await context.close();

    const [survey] = await sql<{ id: string }>(stack, `SELECT id FROM surveys WHERE source = 'quote-page'`);
    const profile = await signedInProfile(stack, admin);
    const list = await profile.open('/surveys');
    await shown(main(list).getByTestId('survey-from-quote-page').first());
    const view = await profile.open(`/surveys/${survey.id}/view`);
    await withScreenshot(view, 'quote-page-staff', async () => {
      const panel = await shown(main(view).getByTestId('survey-quote-request'));
      await shown(panel.getByText('From the quote page'));
      await shown(panel.getByText('Blech Partner GmbH'));
      await shown(panel.getByText('10 / 1,000'));
      await panel.getByTestId('survey-quote-drawing').nth(1).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    });
    await profile.closeTabs();
  });
});
