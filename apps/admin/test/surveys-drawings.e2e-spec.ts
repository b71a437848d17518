import { dxfCircle, dxfDrawing, DxfEntity, dxfRectangle } from '@fabquote/cad';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { callApi, createRecord, expectNotice, gone, main, shown, SignedInProfile, signedInProfile, sql, until } from './browser-helpers';

const box = dxfRectangle;
const circle = dxfCircle;
/** 120 × 80 with four Ø8 holes. */
const part = (x: number, y: number): DxfEntity[] => [box(x, y, 120, 80), circle(x + 10, y + 10, 8), circle(x + 110, y + 10, 8), circle(x + 110, y + 70, 8), circle(x + 10, y + 70, 8)];

/**
 * A sheet of parts as customers send it, in the console (docs/api-surveys.md): a drawing without a unit holding the
 * 120 × 80 part twice and a 4,000 × 2,000 plate. Each part is a product of the review, the identical ones once with their
 * count; the readers' warnings stand on each product beside the drawing and are counted on the survey; the plate past the
 * sheets is flagged and not priced; staff drop a part they do not want.
 */
describe('admin console: a sheet of parts in a survey', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Sven Survey', privacyAccepted: true });
    profile = await signedInProfile(stack, admin);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('shows each part of a sheet with its warnings beside the drawing, flags the plate past the sheets as not priced, counts the warnings and drops a part', async () => {
    const survey = await createRecord(stack, admin, 'surveys', { title: 'Sheet from Müller' });
    const drawing = dxfDrawing({ unit: 'none', entities: [...part(0, 0), ...part(0, 100), box(200, 0, 4000, 2000)] });
    const page = await profile.open(`/surveys/${survey.id}/view`);
    await withScreenshot(page, 'surveys-sheet', async () => {
      await page.getByTestId('survey-files-input').setInputFiles({ name: 'sheet.dxf', mimeType: 'application/dxf', buffer: Buffer.from(drawing) });
      await page.getByTestId('survey-files-send').click();
      await expectNotice(page, 'Input added; it is being read');
      const row = await shown(main(page).getByTestId('survey-input-row').filter({ hasText: 'sheet.dxf' }));
      await shown(row.getByTestId('survey-input-status').getByText('Success', { exact: true }));

      const review = main(page).getByTestId('survey-review');
      await shown(review.getByTestId('survey-source-drawing'));
      const cards = review.getByTestId('survey-product');
      await until(() => cards.count(), 2);
      // Largest first: the plate, flagged and not priced; then the part, twice.
      const plate = cards.filter({ hasText: 'sheet (1)' });
      const pieces = cards.filter({ hasText: 'sheet (2)' });
      await shown(plate.getByTestId('survey-product-not-priced').getByText('Not priced: check the part and press Calculate', { exact: true }));
      const warningsOf = (card: typeof plate) => card.getByTestId('survey-product-warning').allInnerTexts();
      expect(await warningsOf(plate)).toEqual([
        'No drawing unit given: millimetres assumed',
        'At 4,000 × 2,000 mm larger than the sheets (3,000 × 1,500 mm): not priced until confirmed',
        'Without a unit the part measures 4,000 × 2,000 mm; in inches it would be 101,600 × 50,800 mm, in px (96 dpi) 1,058.3 × 529.2 mm: not priced until confirmed',
      ]);
      expect(await warningsOf(pieces)).toEqual(['No drawing unit given: millimetres assumed']);
      expect(await pieces.getByTestId('survey-product-not-priced').count()).toBe(0);
      const [{ quantity }] = await sql<{ quantity: string }>(stack, 'SELECT quantity::text AS quantity FROM survey_products WHERE product_id = $1', [await pieces.getAttribute('data-product-id')]);
      expect(Number(quantity)).toBe(2);

      // Dropped after DELETE is typed: Cancel keeps the part; then the part and its product go.
      await pieces.getByTestId('survey-product-drop').click();
      let confirm = await shown(page.getByRole('dialog', { name: 'Drop sheet (2)? Its product is deleted with it.' }));
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await gone(confirm);
      expect(await callApi<unknown[]>(stack, admin, 'GET', `survey-products?surveyId=${survey.id}`)).toHaveLength(2);
      await pieces.getByTestId('survey-product-drop').click();
      confirm = await shown(page.getByRole('dialog', { name: 'Drop sheet (2)? Its product is deleted with it.' }));
      await confirm.getByTestId('delete-confirmation-input').fill('DELETE');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectNotice(page, 'sheet (2) dropped');
      await gone(pieces);
      expect(await callApi<unknown[]>(stack, admin, 'GET', `survey-products?surveyId=${survey.id}`)).toHaveLength(1);

      // The surveys list counts the input's warnings.
      await page.goto(`${stack.baseUrl}/surveys`);
      await shown(main(page).getByRole('row').filter({ hasText: 'Sheet from Müller' }).getByTestId('survey-warning-count').getByText('3 warnings', { exact: true }));
    });
  });
});
