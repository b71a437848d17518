import { Locator, Page } from 'playwright-core';
import { QueueName, Queues } from '@fabquote/queue';
import { createTestUser, OPENAI_DEFAULT_REPLY, OpenAiServer, startOpenAiServer, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { PLATE_CUT_LENGTH, PLATE_PIERCES, plateDrawing } from '../../test-support/plate-drawing';
import { callApi, createRecord, expectNotice, gone, input, main, noticesSeen, shown, SignedInProfile, signedInProfile, sql, until } from './browser-helpers';

/** A WebM file as the API's content check knows one: the EBML magic number, then anything. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2048, 0x42)]);

/** docs/product.md §1, as GET /surveys/ai-status gives it to an English reader. */
const AI_WARNING = 'Your input is processed by an external AI provider. Do not enter sensitive data.';

const TRANSCRIPT = 'Twenty-five mounting plates MP-100 in S235JR, three millimetres, two hundred by one hundred, four holes.';

/** Records every processing result an input row shows, in order, so a test sees Created or Processing before Success. */
const RECORD_INPUT_STATUSES = `
  window.__inputStatuses = [];
  new MutationObserver(() => {
    for (const row of document.querySelectorAll('[data-testid="survey-input-row"]')) {
      const status = row.getAttribute('data-status');
      const seen = window.__inputStatuses;
      if (status && seen[seen.length - 1] !== status) seen.push(status);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] });
`;

type Input = { id: string; kind: string; status: string; error: string | null; text: string | null; productCount: number };

/**
 * Surveys in Chromium against the served product, with a local server speaking the OpenAI API:
 * a DXF read without AI into a product shown beside its drawing, calculated and marked ready; a
 * recording transcribed into a text and read into products; the spec's refusals before anything is
 * sent; an input stopped while the provider is slow; on a phone; and in German (last: the switch
 * stays with the profile).
 */
describe('admin console: surveys', () => {
  let ai: OpenAiServer;
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  const made = { dxfSurveyId: '', stoppedSurveyId: '' };

  beforeAll(async () => {
    ai = await startOpenAiServer();
    stack = await BrowserStack.start({ ...ai.environment });
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Sven Survey', privacyAccepted: true });
    // The material the fake provider names, so the text's product is matched to it.
    [profile] = await Promise.all([signedInProfile(stack, admin), createRecord(stack, admin, 'materials', { name: 'S235JR', number: 'M-S235' })]);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
    await ai?.close();
  });

  const surveyFor = (title: string) => createRecord(stack, admin, 'surveys', { title });
  const inputRows = (page: Page) => main(page).getByTestId('survey-inputs').getByTestId('survey-input-row');
  const statusesSeen = (page: Page) => page.evaluate('window.__inputStatuses') as Promise<string[]>;
  const inputsOf = (surveyId: string) => callApi<Input[]>(stack, admin, 'GET', `survey-inputs?surveyId=${surveyId}`);

  /** Confirms the warning of docs/product.md §1 the first time something goes to the AI provider in a tab. */
  const confirmAiWarning = async (page: Page) => {
    const dialog = await shown(page.getByTestId('survey-ai-confirmation'));
    await shown(dialog.getByText(AI_WARNING, { exact: true }));
    await dialog.getByRole('button', { name: 'I understand, send', exact: true }).click();
    await gone(dialog);
  };

  /** A value the review shows (under its label, which `figureOf` holds too). */
  const figureOf = (card: Locator, field: string) => card.getByTestId(`survey-product-${field}`);
  const valueOf = (card: Locator, field: string) => figureOf(card, field).getByTestId('survey-product-value').innerText();

  it('creates a survey, reads an uploaded DXF without AI into a product beside its drawing, calculates it and marks it ready', async () => {
    const page = await profile.open('/surveys/create');
    await page.addInitScript(RECORD_INPUT_STATUSES);
    await withScreenshot(page, 'surveys-dxf', async () => {
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Survey' }));
      await input(dialog, 'Title', true).fill('Plates for Müller');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => /^\/surveys\/[^/]+\/view$/.test(url.pathname));
      made.dxfSurveyId = new URL(page.url()).pathname.split('/')[2];
      // The init script runs from the next load on: load the view once more so statuses are recorded.
      await page.reload();
      await shown(main(page).getByText(/^SV-\d{4}-\d{4}$/));

      // Before anything goes to the AI provider, the warning of docs/product.md §1 stands above the inputs.
      await shown(main(page).getByTestId('survey-ai-warning').getByText(AI_WARNING, { exact: true }));
      await shown(main(page).getByTestId('survey-inputs-empty'));

      // A drawing through the Files tab: read without AI, so no confirmation is asked.
      await page.getByTestId('survey-files-input').setInputFiles({ name: 'plate_3mm.dxf', mimeType: 'application/dxf', buffer: Buffer.from(plateDrawing()) });
      await shown(main(page).getByTestId('survey-files-chosen').getByText('plate_3mm.dxf', { exact: true }));
      await page.getByTestId('survey-files-send').click();
      await expectNotice(page, 'Input added; it is being read');
      expect(await page.getByTestId('survey-ai-confirmation').count()).toBe(0);

      // Created or Processing first, then Success by polling, without reloading the page.
      const row = await shown(inputRows(page).filter({ hasText: 'plate_3mm.dxf' }));
      await shown(row.getByTestId('survey-input-status').getByText('Success', { exact: true }));
      const seen = await statusesSeen(page);
      expect(['created', 'processing']).toContain(seen[0]);
      expect(seen[seen.length - 1]).toBe('success');

      // The review: the drawing as SVG beside the product with its outline and holes.
      const review = main(page).getByTestId('survey-review');
      const drawing = await shown(review.getByTestId('survey-source-drawing'));
      expect(await drawing.getAttribute('alt')).toBe('Drawing of plate_3mm.dxf');
      expect(await drawing.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
      const card = await shown(review.getByTestId('survey-product').filter({ hasText: 'plate_3mm' }));
      await shown(card.getByTestId('survey-product-status').getByText('Generated from data extractor', { exact: true }));
      expect(await valueOf(card, 'blankWidth')).toBe('100');
      expect(await valueOf(card, 'blankLength')).toBe('200');
      expect(await valueOf(card, 'holes')).toBe('4');
      // What the CAD reader found: the cut length and pierces of apps/test-support/plate-drawing.ts, the slot an inner contour.
      expect(await valueOf(card, 'cutLength')).toBe(`${PLATE_CUT_LENGTH.toFixed(3)} mm`);
      expect(await valueOf(card, 'pierces')).toBe(String(PLATE_PIERCES));
      expect(await valueOf(card, 'innerContours')).toBe('1');
      expect(await valueOf(card, 'slots')).toBe('1');
      // The thickness comes from the file's name (3 mm): a guess, marked for checking.
      expect(await valueOf(card, 'thickness')).toBe('3');
      expect(await figureOf(card, 'thickness').getAttribute('data-low-confidence')).toBe('true');
      expect(await figureOf(card, 'blankWidth').getAttribute('data-low-confidence')).toBeNull();

      // Priced at once when it was made (docs/api-surveys.md), and a calculation more is one click away.
      const productId = (await card.getAttribute('data-product-id'))!;
      const calculations = async () => (await sql<{ count: number }>(stack, 'SELECT count(*)::int AS count FROM calculations WHERE product_id = $1', [productId]))[0].count;
      await until(calculations, 1);
      await card.getByRole('button', { name: 'Calculate', exact: true }).click();
      await until(async () => (await noticesSeen(page)).some((notice) => notice.startsWith('Calculation #2 stored')), true);
      expect(await calculations()).toBe(2);

      await card.getByTestId('survey-product-ready').click();
      await expectNotice(page, 'plate_3mm is ready');
      await shown(card.getByTestId('survey-product-status').getByText('Ready', { exact: true }));
      await gone(card.getByTestId('survey-product-ready'));
      const [product] = await callApi<Array<{ productStatus: string }>>(stack, admin, 'GET', `survey-products?surveyId=${made.dxfSurveyId}`);
      expect(product.productStatus).toBe('ready');
    });
  });

  it('transcribes an uploaded recording into the input\'s text and reads it into products, marking what is unsure', async () => {
    const survey = await surveyFor('Call of Müller');
    ai.script({ endpoint: 'transcription', text: TRANSCRIPT }, { endpoint: 'chat' });
    const page = await profile.open(`/surveys/${survey.id}/view`);
    await withScreenshot(page, 'surveys-audio', async () => {
      await page.getByTestId('survey-tab-audio').click();
      await page.getByTestId('survey-audio-input').setInputFiles({ name: 'call.webm', mimeType: 'audio/webm', buffer: WEBM });
      await shown(main(page).getByTestId('survey-audio-playback'));
      await page.getByTestId('survey-audio-send').click();
      await confirmAiWarning(page);
      await expectNotice(page, 'Input added; it is being read');

      // The transcript becomes the input's text, and the products follow.
      const row = await shown(inputRows(page).filter({ hasText: TRANSCRIPT.slice(0, 40) }));
      await shown(row.getByTestId('survey-input-status').getByText('Success', { exact: true }));
      const review = main(page).getByTestId('survey-review');
      await shown(review.getByTestId('survey-source-audio'));
      await shown(review.getByTestId('survey-source-text').getByText(TRANSCRIPT, { exact: true }));
      const expected = OPENAI_DEFAULT_REPLY.products[0];
      const card = await shown(review.getByTestId('survey-product').filter({ hasText: expected.name }));
      expect(await valueOf(card, 'number')).toBe(expected.number);
      expect(await valueOf(card, 'quantity')).toBe(String(expected.quantity));
      await shown(figureOf(card, 'materialId').getByText('S235JR', { exact: true }));
      expect(await valueOf(card, 'holes')).toBe('4 × Ø8.5');
      // The operations were read with confidence 0.5: marked for checking (the name is one of the shop's operations).
      expect(await valueOf(card, 'operations')).toBe('laser cutting');
      expect(await figureOf(card, 'operations').getAttribute('data-low-confidence')).toBe('true');
      await shown(card.getByText('Please check the marked fields', { exact: true }));
      expect(await figureOf(card, 'materialId').getAttribute('data-low-confidence')).toBeNull();

      const [input] = await inputsOf(survey.id);
      expect(input).toMatchObject({ kind: 'audio', status: 'success', text: TRANSCRIPT, productCount: 1 });
    });
  });

  it('refuses a blank text and files with nothing chosen, before anything is sent', async () => {
    const survey = await surveyFor('Nothing yet');
    const page = await profile.open(`/surveys/${survey.id}/view`);
    await withScreenshot(page, 'surveys-refusals', async () => {
      await page.getByTestId('survey-files-send').click();
      await shown(main(page).getByTestId('survey-files-error').getByText('Please select files to upload', { exact: true }));

      await page.getByTestId('survey-tab-text').click();
      await page.getByTestId('survey-text-input').fill('   \n  ');
      await page.getByTestId('survey-text-send').click();
      await shown(main(page).getByText('Please enter text to process', { exact: true }));
      expect(await page.getByTestId('survey-ai-confirmation').count()).toBe(0);
      expect(await inputsOf(survey.id)).toEqual([]);
    });
  });

  it('stops a text while the provider is slow: the input ends in Error with "Creation stopped" and makes nothing', async () => {
    const survey = await surveyFor('Slow answer');
    made.stoppedSurveyId = survey.id;
    // Slow enough to be stopped before it answers, on a busy machine too.
    ai.script({ endpoint: 'chat', delayMs: 4000 });
    const page = await profile.open(`/surveys/${survey.id}/view`);
    await withScreenshot(page, 'surveys-stop', async () => {
      await page.getByTestId('survey-tab-text').click();
      await page.getByTestId('survey-text-input').fill('Ten brackets, please.');
      await page.getByTestId('survey-text-send').click();
      await confirmAiWarning(page);
      const row = await shown(inputRows(page).filter({ hasText: 'Ten brackets, please.' }));
      await row.getByTestId('survey-input-stop').click();
      const ask = await shown(page.getByRole('dialog', { name: 'Stop reading Ten brackets, please.?' }));
      await ask.getByTestId('survey-input-stop-confirm').click();
      await gone(ask);
      await expectNotice(page, 'Ten brackets, please. was stopped');
      await shown(row.getByTestId('survey-input-error').getByText('Creation stopped', { exact: true }));
      await shown(row.getByTestId('survey-input-status').getByText('Error', { exact: true }));
      await shown(row.getByTestId('survey-input-retry'));
    });
    // The slow answer arrives after the stop, and its job ends: nothing is made of it.
    await until(async () => ai.pending(), 0);
    await until(async () => {
      const counts = await stack.worker.get(Queues).get(QueueName.Extraction).getJobCounts('active', 'waiting', 'delayed');
      return counts.active + counts.waiting + counts.delayed;
    }, 0);
    const [stopped] = await inputsOf(survey.id);
    expect(stopped).toMatchObject({ status: 'error', error: 'Creation stopped', productCount: 0 });
    expect(await callApi(stack, admin, 'GET', `survey-products?surveyId=${survey.id}`)).toEqual([]);
  });

  it('fits a phone: the list scrolls only downwards and the view\'s input panel is usable', async () => {
    // Sized before it loads: resized after, react-admin keeps the desktop's open sidebar, a drawer over the list.
    const page = await profile.open('/surveys', { width: 390, height: 844 });
    await withScreenshot(page, 'surveys-phone', async () => {
      const list = await shown(main(page).getByTestId('survey-list-small'));
      // A line per survey: its title, number and date (react-admin puts the date beside the title).
      const line = await shown(list.getByText('Plates for Müller'));
      const fits = () => page.evaluate('document.documentElement.scrollWidth <= 390') as Promise<boolean>;
      expect(await fits()).toBe(true);

      await line.click();
      await page.waitForURL((url) => url.pathname === `/surveys/${made.dxfSurveyId}/view`);
      const panel = await shown(main(page).getByTestId('survey-add-input'));
      await shown(inputRows(page).first());
      const inView = async (locator: Locator) => {
        const box = (await locator.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 390;
      };
      for (const tab of ['files', 'text', 'audio']) expect(await inView(panel.getByTestId(`survey-tab-${tab}`))).toBe(true);
      await panel.getByTestId('survey-tab-text').click();
      const text = panel.getByTestId('survey-text-input');
      await text.fill('Two covers');
      expect(await inView(text)).toBe(true);
      expect(await inView(panel.getByTestId('survey-text-send'))).toBe(true);
      await until(fits, true);
    });
  });

  it('switched to German, shows the warning, the processing results and the error in German', async () => {
    expect(made.dxfSurveyId).not.toBe('');
    expect(made.stoppedSurveyId).not.toBe('');
    const page = await profile.open(`/surveys/${made.dxfSurveyId}/view`);
    await withScreenshot(page, 'surveys-german', async () => {
      await shown(main(page).getByTestId('survey-ai-warning').getByText(AI_WARNING, { exact: true }));
      await page.getByTestId('locale-switcher').click();
      await page.getByTestId('locale-option-de').click();
      // The warning is the API's, asked again in the new language; the rest is the console's.
      await shown(main(page).getByTestId('survey-ai-warning').getByText('Ihre Eingabe wird von einem externen KI-Anbieter verarbeitet. Geben Sie keine sensiblen Daten ein.', { exact: true }));
      await shown(inputRows(page).first().getByTestId('survey-input-status').getByText('Erfolgreich', { exact: true }));
      await shown(main(page).getByTestId('survey-product-status').getByText('Bereit', { exact: true }));
      await shown(main(page).getByRole('tab', { name: 'Dateien', exact: true }));

      // The stopped input: its error in the reader's language, whoever stopped it in whichever.
      await page.goto(`${stack.baseUrl}/surveys/${made.stoppedSurveyId}/view`);
      const row = await shown(inputRows(page).first());
      await shown(row.getByTestId('survey-input-status').getByText('Fehler', { exact: true }));
      await shown(row.getByTestId('survey-input-error').getByText('Erstellung gestoppt', { exact: true }));
    });
  });
});
