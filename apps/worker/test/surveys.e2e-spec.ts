import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { QueueName, Queues } from '@fabquote/queue';
import { createTestDatabase, createTestUser, eventually, onServer, OPENAI_DEFAULT_REPLY, OpenAiServer, startOpenAiServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { pdfOfPages } from '../../../libs/testing/src/pdf-pages';
import { stepBox } from '@fabquote/cad';
import { startTestApi, startTestWorker } from '../../test-support';
import { PLATE_CUT_LENGTH, plateDrawing } from '../../test-support/plate-drawing';

jest.setTimeout(120_000);

/** A real PDF of a page per line with an outline on each, as a customer's drawing would come. */
const drawingPdf = (pages: string[]) => pdfOfPages(pages, { fontSize: 18, draw: (document) => document.rect(100, 200, 300, 150).stroke() });

type Input = { id: string; status: string; error: string | null; errorDetail: string | null; productCount: number; text: string | null; kind: string; reader: string; warnings?: string[] };

/**
 * docs/api-surveys.md: inputs read into products by the worker, against a local server speaking the
 * OpenAI API to the real `openai` SDK: drawings without AI, texts, files and recordings with it, and
 * what the provider does wrong (answers that break the schema, 429, 500, too slow).
 */
describe('surveys: inputs read into products', () => {
  let db: TestDatabase;
  let ai: OpenAiServer;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let acme: Organization;
  let admin: TestUser;
  let german: TestUser;
  let extractionQueue: Queue;
  const http = () => request(api.getHttpServer());

  const survey = async (title: string) => (await http().post('/api/v1/surveys').set(admin.headers).send({ title }).expect(201)).body as { id: string; number: string };
  const addText = (surveyId: string, text: string, user = admin) => http().post(`/api/v1/surveys/${surveyId}/inputs`).set(user.headers).field('text', text);
  const addFile = (surveyId: string, content: Buffer | string, fileName: string) =>
    http().post(`/api/v1/surveys/${surveyId}/inputs`).set(admin.headers).attach('files', Buffer.from(content), fileName);
  const input = async (id: string, user = admin) => (await http().get(`/api/v1/survey-inputs/${id}`).set(user.headers).expect(200)).body as Input;
  const finished = (id: string, user = admin) =>
    eventually(async () => {
      const row = await input(id, user);
      return row.status === 'success' || row.status === 'error' ? row : undefined;
    }, 30_000, `input ${id} to finish`).catch(async (error) => {
      const failed = (await extractionQueue.getCompleted()).map((job) => [job.name, job.data, job.returnvalue]);
      const waiting = await extractionQueue.getJobCounts();
      throw new Error(`${(error as Error).message}: ${JSON.stringify(await input(id, user))} ${JSON.stringify(failed)} ${JSON.stringify(waiting)}`);
    });
  const productsOf = async (surveyId: string) =>
    (await http().get(`/api/v1/survey-products?surveyId=${surveyId}&_sort=createdAt&_order=ASC`).set(admin.headers).expect(200)).body as Array<Record<string, unknown> & { productId: string }>;

  beforeAll(async () => {
    [db, ai] = await Promise.all([createTestDatabase(), startOpenAiServer()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db, { ...ai.environment, OPENAI_TIMEOUT_MS: '1000' });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    extractionQueue = worker.get(Queues).get(QueueName.Extraction);
    [admin, german] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
    ]);
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
    await post('materials', { name: 'S235JR', number: 'M-1' });
    await post('operations', { name: 'Laser cutting' });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await ai?.close();
    await db?.drop();
  });

  it('reads a DXF without AI into a product with its contours, holes and blank, and prices it', async () => {
    const { id: surveyId } = await survey('Plate inquiry');
    const added = (await addFile(surveyId, plateDrawing(), 'plate_3mm.dxf').expect(201)).body.data as Input[];
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'file', reader: 'cad', status: 'created' });
    const done = await finished(added[0].id);
    expect(done).toMatchObject({ status: 'success', productCount: 1, error: null });
    const [made] = await productsOf(surveyId);
    expect(made).toMatchObject({ productName: 'plate_3mm', productStatus: 'generated_from_data_extractor', lowConfidence: ['thickness'] });
    const product = (await http().get(`/api/v1/products/${made.productId}`).set(admin.headers).expect(200)).body;
    expect(product).toMatchObject({ thickness: 3, blankWidth: 100, blankLength: 200 });
    const contours = (await http().get(`/api/v1/product-contours?productId=${made.productId}`).set(admin.headers).expect(200)).body as Array<{ kind: string; length: number; count: number }>;
    const holes = (await http().get(`/api/v1/product-holes?productId=${made.productId}`).set(admin.headers).expect(200)).body as Array<{ diameter: number; count: number }>;
    expect(contours.filter((contour) => contour.kind === 'outer')).toHaveLength(1);
    expect(contours.filter((contour) => contour.kind === 'inner')).toHaveLength(1);
    // 4 × Ø8, as staff would enter it: one row of four.
    expect(holes.map((hole) => [hole.count, hole.diameter])).toEqual([[4, 8]]);
    // The cut length the engine will compute: contours plus π·Σd, to 0.1 mm.
    const cut = contours.reduce((sum, contour) => sum + contour.length * contour.count, 0) + Math.PI * holes.reduce((sum, hole) => sum + hole.diameter * hole.count, 0);
    expect(Math.abs(cut - PLATE_CUT_LENGTH)).toBeLessThan(0.1);
    // The drawing can be shown beside what was read.
    const svg = await http().get(`/api/v1/survey-inputs/${added[0].id}/preview`).set(admin.headers).expect(200);
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(String(svg.text ?? svg.body)).toContain('<svg');
    // A calculation is one click away.
    await http().post(`/api/v1/products/${made.productId}/calculations`).set(admin.headers).send({}).expect(201);
    // Staff review it and mark it ready.
    await http().put(`/api/v1/products/${made.productId}`).set(admin.headers).send({ status: 'ready' }).expect(200);
    expect((await productsOf(surveyId))[0].productStatus).toBe('ready');
  });

  it('reads a STEP solid without AI into a product with its blank, thickness and volume', async () => {
    const { id: surveyId } = await survey('Solid');
    const [added] = (await addFile(surveyId, stepBox(100, 50, 3), 'box.step').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1 });
    const [made] = await productsOf(surveyId);
    const product = (await http().get(`/api/v1/products/${made.productId}`).set(admin.headers).expect(200)).body;
    expect(product).toMatchObject({ name: 'box', thickness: 3, blankWidth: 50, blankLength: 100 });
    // 100 × 50 × 3 mm = 15 cm³.
    expect(Math.abs(product.volume - 15)).toBeLessThan(0.02);
    const garbage = (await addFile(surveyId, 'ISO-10303-21;\nHEADER;\nnonsense', 'broken.step').expect(201)).body.data as Input[];
    expect(await finished(garbage[0].id)).toMatchObject({ status: 'error', error: 'Could not create products from files' });
  });

  it('reads a text through the provider into products, the material matched, low confidence named', async () => {
    const { id: surveyId } = await survey('Mail of Müller');
    const before = ai.requests.length;
    ai.script({ endpoint: 'chat' });
    const [added] = (await addText(surveyId, 'Please quote 25 mounting plates MP-100, S235JR 3 mm, 200 x 100, four holes 8.5').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1 });
    const sent = ai.requests.slice(before).filter((req) => req.endpoint === 'chat');
    expect(sent).toHaveLength(1);
    expect(sent[0].body.response_format.type).toBe('json_schema');
    expect(JSON.stringify(sent[0].body.messages)).toContain('mounting plates MP-100');
    const [made] = await productsOf(surveyId);
    expect(made).toMatchObject({ productNumber: 'MP-100', quantity: 25, unmatched: [], lowConfidence: ['operations'] });
    const product = (await http().get(`/api/v1/products/${made.productId}`).set(admin.headers).expect(200)).body;
    expect(product).toMatchObject({ name: 'Mounting plate', status: 'generated_from_data_extractor', thickness: 3, blankWidth: 100, blankLength: 200 });
    expect(product.materialId).toBeTruthy();
    const holes = (await http().get(`/api/v1/product-holes?productId=${made.productId}`).set(admin.headers).expect(200)).body;
    expect(holes.map((hole: { count: number; diameter: number }) => [hole.count, hole.diameter])).toEqual([[4, 8.5]]);
    // Operations are read, not booked: a line without a machine or rates could not be priced.
    expect(made.extracted).toMatchObject({ operations: ['laser cutting'] });

    // The same number again gets the next free one.
    ai.script({ endpoint: 'chat' });
    const [again] = (await addText(surveyId, 'The same again').expect(201)).body.data as Input[];
    await finished(again.id);
    expect((await productsOf(surveyId)).map((row) => row.productNumber)).toEqual(['MP-100', 'MP-100-2']);
  });

  it('reads several inputs at once, each product with a number of its own', async () => {
    const { id: surveyId } = await survey('Many at once');
    const added = await Promise.all(Array.from({ length: 6 }, (_, i) => addText(surveyId, `Inquiry ${i}`).expect(201)));
    const done = await Promise.all(added.map((response) => finished((response.body.data as Input[])[0].id)));
    expect(done.map((row) => row.status)).toEqual(Array(6).fill('success'));
    const numbers = (await productsOf(surveyId)).map((row) => row.productNumber);
    expect(new Set(numbers).size).toBe(6);
  });

  it('leaves no half product when the answer breaks the schema, and says so in the reader\'s language', async () => {
    const { id: surveyId } = await survey('Broken answer');
    ai.script({ endpoint: 'chat', reply: { products: [{ name: 'Half', number: null }] } });
    const [added] = (await addText(surveyId, 'Something').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'error', error: 'Could not create products from text', productCount: 0 });
    expect((await input(added.id, german)).error).toBe('Aus dem Text konnten keine Produkte erstellt werden');
    expect(await productsOf(surveyId)).toEqual([]);

    ai.script({ endpoint: 'chat', raw: '{"products": [' });
    const [cut] = (await addText(surveyId, 'Something else').expect(201)).body.data as Input[];
    expect(await finished(cut.id)).toMatchObject({ status: 'error', productCount: 0 });
  });

  it('retries a 429 and creates the products once', async () => {
    const { id: surveyId } = await survey('Rate limited');
    const before = ai.requests.length;
    ai.script({ endpoint: 'chat', status: 429 }, { endpoint: 'chat' });
    const [added] = (await addText(surveyId, 'Quote please').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1 });
    expect(ai.requests.slice(before).filter((req) => req.endpoint === 'chat')).toHaveLength(2);
    expect(await productsOf(surveyId)).toHaveLength(1);
  });

  it('honours Retry-After: a 429 asking for 60 s delays the next try by 60 s, not by the backoff', async () => {
    const { id: surveyId } = await survey('Rate limited for a minute');
    const before = ai.requests.length;
    ai.script({ endpoint: 'chat', status: 429, headers: { 'retry-after': '60' } }, { endpoint: 'chat' });
    const asked = Date.now();
    const [added] = (await addText(surveyId, 'Quote please, later').expect(201)).body.data as Input[];
    const eventId = await eventually(async () => {
      const { rows } = await onServer((client) => client.query(`SELECT id FROM outbox_events WHERE job_name = 'surveys.extract' AND payload->>'surveyInputId' = $1`, [added.id]), db.url);
      return rows[0]?.id as string | undefined;
    }, 20_000, 'the job');
    await eventually(async () => ((await extractionQueue.getJobState(eventId)) === 'delayed' ? true : undefined), 20_000, 'the job to wait');
    const job = await extractionQueue.getJob(eventId);
    // The test config's backoff is 50 ms: without Retry-After the next try would come 50 ms later.
    expect(job).toMatchObject({ attemptsMade: 1, delay: 60_000 });
    const client = await extractionQueue.client;
    const score = Number(await client.zscore(extractionQueue.keys.delayed, eventId));
    // BullMQ keeps the next try's time as score / 2^12.
    expect(Math.floor(score / 0x1000)).toBeGreaterThanOrEqual(asked + 60_000);
    expect((await input(added.id)).status).toBe('processing');
    expect(ai.requests.slice(before).filter((req) => req.endpoint === 'chat')).toHaveLength(1);
    // Rather than wait the minute: the next try now, which succeeds.
    await job?.promote();
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1 });
    expect(ai.requests.slice(before).filter((req) => req.endpoint === 'chat')).toHaveLength(2);
  });

  it('takes an answer inside a code fence, as local models write it', async () => {
    const { id: surveyId } = await survey('Fenced answer');
    ai.script({ endpoint: 'chat', raw: '```json\n' + JSON.stringify(OPENAI_DEFAULT_REPLY, null, 2) + '\n```' });
    const [added] = (await addText(surveyId, 'Please quote 25 mounting plates').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1, error: null });
    expect((await productsOf(surveyId)).map((row) => row.productName)).toEqual(['Mounting plate']);
  });

  it('ends an input that asks for no part in success with no product: "No parts found", in the reader\'s language', async () => {
    const { id: surveyId } = await survey('Just a thank-you');
    ai.script({ endpoint: 'chat', reply: { products: [] } });
    const [added] = (await addText(surveyId, 'Thank you for the delivery!').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 0, error: null, warnings: ['No parts found: the input was read, and it asks for no part to be made'] });
    expect((await input(added.id, german)).warnings).toEqual(['Keine Teile gefunden: Die Eingabe wurde gelesen, sie fragt kein zu fertigendes Teil an']);
    expect(await productsOf(surveyId)).toEqual([]);
  });

  it('gives up after the last try of a provider answering 500, and after answers too slow', async () => {
    const { id: surveyId } = await survey('Provider down');
    ai.script({ endpoint: 'chat', status: 500 }, { endpoint: 'chat', status: 500 }, { endpoint: 'chat', status: 500 });
    const [added] = (await addText(surveyId, 'Quote please').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'error', error: 'Could not create products from text' });
    expect(ai.pending()).toBe(0);

    ai.script({ endpoint: 'chat', delayMs: 2500 }, { endpoint: 'chat', delayMs: 2500 }, { endpoint: 'chat', delayMs: 2500 });
    const [slow] = (await addText(surveyId, 'Quote please, slowly').expect(201)).body.data as Input[];
    const done = await finished(slow.id);
    expect(done).toMatchObject({ status: 'error', productCount: 0 });
    expect(done.errorDetail).toBe('no answer within 1000 ms');
    expect(await productsOf(surveyId)).toEqual([]);
  });

  it('reads a PDF through the provider, its pages sent as images with its text (the default); a failure names the files', async () => {
    const { id: surveyId } = await survey('Drawings as PDF');
    const pdf = await drawingPdf(['Mounting plate MP-100, S235JR 3 mm, 25 pcs', 'Page two: notes']);
    const before = ai.requests.length;
    ai.script({ endpoint: 'chat' });
    const [added] = (await addFile(surveyId, pdf, 'drawing.pdf').expect(201)).body.data as Input[];
    expect(added.reader).toBe('ai');
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1 });
    const parts = ai.requests[before].body.messages[1].content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    // No `file` part, which vLLM and Ollama refuse: the two pages as PNG images, and the PDF's text.
    expect(parts.map((part) => part.type)).toEqual(['text', 'text', 'image_url', 'image_url']);
    expect(parts[1].text).toContain('Mounting plate MP-100, S235JR 3 mm, 25 pcs');
    expect(parts[2].image_url?.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(JSON.stringify(parts)).not.toContain('application/pdf');

    ai.script({ endpoint: 'chat', raw: 'no json here' });
    const [broken] = (await addFile(surveyId, pdf, 'other.pdf').expect(201)).body.data as Input[];
    expect(await finished(broken.id)).toMatchObject({ status: 'error', error: 'Could not create products from files' });
  });

  it('turns a recording into text, and the text into products; a failed transcription says so', async () => {
    const { id: surveyId } = await survey('Phone call');
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 1)]);
    ai.script({ endpoint: 'transcription', text: 'Twenty-five mounting plates, three millimetres' }, { endpoint: 'chat' });
    const [added] = (await http().post(`/api/v1/surveys/${surveyId}/inputs`).set(admin.headers).attach('audio', webm, 'call.webm').expect(201)).body.data as Input[];
    expect(added).toMatchObject({ kind: 'audio', reader: 'ai' });
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1, text: 'Twenty-five mounting plates, three millimetres' });

    ai.script({ endpoint: 'transcription', status: 400 });
    const [failed] = (await http().post(`/api/v1/surveys/${surveyId}/inputs`).set(admin.headers).attach('audio', webm, 'call.webm').expect(201)).body.data as Input[];
    expect(await finished(failed.id)).toMatchObject({ status: 'error', error: 'Failed to convert speech to text' });
    expect((await input(failed.id, german)).error).toBe('Sprache konnte nicht in Text umgewandelt werden');
  });

  it('a retry after a failed extraction of a recording reuses its transcript: the recording is not sent again', async () => {
    const { id: surveyId } = await survey('Phone call, answer broken');
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 2)]);
    const transcriptions = () => ai.requests.filter((req) => req.endpoint === 'transcription').length;
    ai.script({ endpoint: 'transcription', text: 'Ten covers, two millimetre aluminium' }, { endpoint: 'chat', raw: 'Sorry, no JSON today.' });
    const before = transcriptions();
    const [added] = (await http().post(`/api/v1/surveys/${surveyId}/inputs`).set(admin.headers).attach('audio', webm, 'call.webm').expect(201)).body.data as Input[];
    expect(await finished(added.id)).toMatchObject({ status: 'error', error: 'Could not create products from text', text: 'Ten covers, two millimetre aluminium' });
    expect(transcriptions()).toBe(before + 1);

    const chatBefore = ai.requests.length;
    ai.script({ endpoint: 'chat' });
    await http().post(`/api/v1/survey-inputs/${added.id}/retry`).set(admin.headers).expect(200);
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1, text: 'Ten covers, two millimetre aluminium' });
    expect(transcriptions()).toBe(before + 1);
    const chats = ai.requests.slice(chatBefore).filter((req) => req.endpoint === 'chat');
    expect(chats).toHaveLength(1);
    expect(JSON.stringify(chats[0].body.messages)).toContain('Ten covers, two millimetre aluminium');
  });

  it('stops an input staff stop: "Creation stopped", and its job creates nothing; a retry then reads it', async () => {
    const { id: surveyId } = await survey('Stopped');
    ai.script({ endpoint: 'chat', delayMs: 700 });
    const [added] = (await addText(surveyId, 'Quote please').expect(201)).body.data as Input[];
    await eventually(async () => (await input(added.id)).status === 'processing', 20_000, 'processing');
    const stopped = (await http().post(`/api/v1/survey-inputs/${added.id}/stop`).set(admin.headers).expect(200)).body;
    expect(stopped).toMatchObject({ status: 'error', error: 'Creation stopped' });
    await http().post(`/api/v1/survey-inputs/${added.id}/stop`).set(admin.headers).expect(409);
    // The provider answers after the stop: nothing is written.
    await eventually(async () => ai.pending() === 0 && (await extractionQueue.getActiveCount()) === 0, 20_000, 'the job to end');
    expect(await productsOf(surveyId)).toEqual([]);
    expect((await input(added.id)).error).toBe('Creation stopped');

    ai.script({ endpoint: 'chat' });
    expect((await http().post(`/api/v1/survey-inputs/${added.id}/retry`).set(admin.headers).expect(200)).body.status).toBe('created');
    expect(await finished(added.id)).toMatchObject({ status: 'success', productCount: 1 });
    await http().post(`/api/v1/survey-inputs/${added.id}/retry`).set(admin.headers).expect(409);
  });

  it('a job delivered again creates nothing twice', async () => {
    const { id: surveyId } = await survey('Delivered twice');
    const [added] = (await addFile(surveyId, plateDrawing(), 'twice.dxf').expect(201)).body.data as Input[];
    await finished(added.id);
    const [{ id: eventId }] = (
      await onServer((client) => client.query(`SELECT id FROM outbox_events WHERE job_name = 'surveys.read-cad' AND payload->>'surveyInputId' = $1`, [added.id]), db.url)
    ).rows;
    await (await extractionQueue.getJob(eventId))?.remove();
    await onServer((client) => client.query(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [eventId]), db.url);
    await eventually(async () => (await extractionQueue.getJobState(eventId)) === 'completed', 20_000, 'the job delivered again');
    expect((await extractionQueue.getJob(eventId))?.returnvalue).toBe('already handled');
    expect(await productsOf(surveyId)).toHaveLength(1);
  });
});
