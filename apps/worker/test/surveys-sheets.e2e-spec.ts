import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { dxfCircle, dxfDrawing, DxfEntity, dxfRectangle, plateAssemblyBodies, stepSolids } from '@fabquote/cad';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventually, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';

jest.setTimeout(120_000);

type Input = { id: string; status: string; error: string | null; errorDetail: string | null; productCount: number; warnings: string[] };
type SurveyProduct = { id: string; productId: string; productName: string; quantity: number | null; warnings: string[]; lowConfidence: string[]; position: number; notPriced: boolean };

const line = (x1: number, y1: number, x2: number, y2: number): DxfEntity => ({ type: 'LINE', start: { x: x1, y: y1 }, end: { x: x2, y: y2 } });
const circle = dxfCircle;
const box = dxfRectangle;
/** 120 × 80 with four Ø8 holes. */
const part = (x: number, y: number): DxfEntity[] => [box(x, y, 120, 80), circle(x + 10, y + 10, 8), circle(x + 110, y + 10, 8), circle(x + 110, y + 70, 8), circle(x + 10, y + 70, 8)];

/** A sheet of 12 parts, no unit: nine squares of different sizes with a Ø6 hole, and the 120 × 80 part three times. */
function sheetOfTwelve(): string {
  const entities: DxfEntity[] = [];
  for (let i = 0; i < 9; i++) {
    const side = 20 + 5 * i;
    entities.push(box((i % 3) * 100, Math.floor(i / 3) * 100, side, side), circle((i % 3) * 100 + side / 2, Math.floor(i / 3) * 100 + side / 2, 6));
  }
  entities.push(...part(400, 0), ...part(400, 100), ...part(400, 200));
  return dxfDrawing({ unit: 'none', entities });
}

/**
 * Drawings as customers send them (docs/architecture.md "Surveys") through the API and the worker: a sheet of parts becomes a survey product per part with its
 * count, the reader's warnings travel to the input, each product and the survey's count, in the reader's
 * language; staff drop a product they do not want; an assembly becomes a product per body.
 */
describe('surveys: sheets of parts, warnings, assemblies', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let acme: Organization;
  let admin: TestUser;
  let german: TestUser;
  const http = () => request(api.getHttpServer());

  const survey = async (title: string) => (await http().post('/api/v1/surveys').set(admin.headers).send({ title }).expect(201)).body as { id: string };
  const addFile = async (surveyId: string, content: string, fileName: string) =>
    ((await http().post(`/api/v1/surveys/${surveyId}/inputs`).set(admin.headers).attach('files', Buffer.from(content), fileName).expect(201)).body.data as Input[])[0];
  const input = async (id: string, user = admin) => (await http().get(`/api/v1/survey-inputs/${id}`).set(user.headers).expect(200)).body as Input;
  const finished = (id: string) =>
    eventually(async () => {
      const row = await input(id);
      return row.status === 'success' || row.status === 'error' ? row : undefined;
    }, 30_000, `input ${id} to finish`);
  let sheetSurveyId = '';
  /** The `pricing.calculate` events the jobs emitted naming the product, read in acme's tenant. */
  const calculationsAskedFor = (productId: string) =>
    db.app.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [acme.id]);
      const [row] = await manager.query(`SELECT count(*)::int AS n FROM outbox_events WHERE job_name = 'pricing.calculate' AND payload->'productIds' ? $1`, [productId]);
      return row.n as number;
    });
  const productsOf = async (surveyId: string, user = admin) =>
    (await http().get(`/api/v1/survey-products?surveyId=${surveyId}&_sort=position&_order=ASC`).set(user.headers).expect(200)).body as SurveyProduct[];

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db);
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    [admin, german] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
    ]);
    await http().post('/api/v1/materials').set(admin.headers).send({ name: 'Stainless', number: 'S235-3', height: 3 }).expect(201);
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await db?.drop();
  });

  it('makes a survey product per part of a sheet, identical ones once with their count, warnings everywhere; staff drop one', async () => {
    const { id: surveyId } = await survey('Sheet of twelve');
    sheetSurveyId = surveyId;
    const added = await addFile(surveyId, sheetOfTwelve(), 'Cover plate S235-3.dxf');
    const done = await finished(added.id);
    expect(done).toMatchObject({ status: 'success', productCount: 10, error: null, warnings: ['No drawing unit given: millimetres assumed'] });
    expect((await input(added.id, german)).warnings).toEqual(['Keine Zeichnungseinheit angegeben: Millimeter angenommen']);

    const made = await productsOf(surveyId);
    expect(made).toHaveLength(10);
    expect(made.reduce((sum, row) => sum + (row.quantity ?? 0), 0)).toBe(12);
    // Largest first: the 120 × 80 part, three times.
    expect(made[0]).toMatchObject({ productName: 'Cover plate S235-3 (1)', quantity: 3 });
    for (const row of made) expect(row.warnings).toEqual(['No drawing unit given: millimetres assumed']);
    expect((await productsOf(surveyId, german))[0].warnings).toEqual(['Keine Zeichnungseinheit angegeben: Millimeter angenommen']);
    // The material found in the name brings its thickness; both guesses from the name are marked.
    expect(made[0].lowConfidence).toEqual(expect.arrayContaining(['material', 'thickness']));
    const largest = (await http().get(`/api/v1/products/${made[0].productId}`).set(admin.headers).expect(200)).body;
    expect(largest).toMatchObject({ thickness: 3, blankWidth: 80, blankLength: 120 });

    const counted = (await http().get(`/api/v1/surveys/${surveyId}`).set(admin.headers).expect(200)).body;
    expect(counted).toMatchObject({ productCount: 10, warningCount: 1 });

    // The review drops the smallest part: the survey product and its product go.
    const smallest = made[made.length - 1];
    await http().delete(`/api/v1/survey-products/${smallest.id}`).set(admin.headers).expect(200);
    await http().get(`/api/v1/survey-products/${smallest.id}`).set(admin.headers).expect(404);
    await http().get(`/api/v1/products/${smallest.productId}`).set(admin.headers).expect(404);
    expect(await productsOf(surveyId)).toHaveLength(9);
    await http().delete(`/api/v1/survey-products/${smallest.id}`).set(admin.headers).expect(404);
  });

  it('flags a part larger than the sheets in a drawing without units, with its sizes in inches and px, and does not price it', async () => {
    const { id: surveyId } = await survey('Export');
    // An export in px without a unit: 4000 × 2000 "mm" is past 3000 × 1500; in px (96 dpi) 1058.3 × 529.2 mm.
    const done = await finished((await addFile(surveyId, dxfDrawing({ unit: 'none', entities: [box(0, 0, 4000, 2000), circle(100, 100, 20)] }), 'export.dxf')).id);
    expect(done.status).toBe('success');
    expect(done.warnings).toEqual([
      'No drawing unit given: millimetres assumed',
      'At 4,000 × 2,000 mm larger than the sheets (3,000 × 1,500 mm): not priced until confirmed',
      'Without a unit the part measures 4,000 × 2,000 mm; in inches it would be 101,600 × 50,800 mm, in px (96 dpi) 1,058.3 × 529.2 mm: not priced until confirmed',
    ]);
    expect((await input(done.id, german)).warnings[2]).toBe(
      'Ohne Einheit misst das Teil 4.000 × 2.000 mm; in Zoll wären es 101.600 × 50.800 mm, in px (96 dpi) 1.058,3 × 529,2 mm: erst nach Bestätigung kalkuliert',
    );
    const [made] = await productsOf(surveyId);
    expect(made.warnings).toHaveLength(3);
    // Not priced: the job asked no calculation for it (the outbox holds what the job emitted); the sheet's were asked.
    expect(await calculationsAskedFor(made.productId)).toBe(0);
    const [sheetProduct] = await productsOf(sheetSurveyId);
    expect(await calculationsAskedFor(sheetProduct.productId)).toBe(1);
    // The review says so (`notPriced`) until the product has a calculation; a part of the sheet never was flagged.
    expect(made.notPriced).toBe(true);
    expect(sheetProduct.notPriced).toBe(false);
  });

  it('reads the part inside a frame, and says what it found in a drawing of views', async () => {
    const { id: surveyId } = await survey('Framed');
    const framed = dxfDrawing({
      entities: [
        box(0, 0, 297, 210),
        line(187, 0, 187, 30),
        line(187, 30, 297, 30),
        { type: 'TEXT', position: { x: 190, y: 10 }, height: 3.5, text: 'Flange' },
        ...part(40, 60),
      ],
    });
    const done = await finished((await addFile(surveyId, framed, 'flange.dxf')).id);
    expect(done).toMatchObject({ status: 'success', productCount: 1 });
    // The title block's lines end on the frame: they go with it, not as open lines.
    expect(done.warnings).toEqual(['Drawing frame left out: 1', 'Title block fields left out: 1']);
    const [made] = await productsOf(surveyId);
    expect(made).toMatchObject({ productName: 'flange', quantity: null });
    expect((await http().get(`/api/v1/products/${made.productId}`).set(admin.headers).expect(200)).body).toMatchObject({ blankWidth: 80, blankLength: 120 });

    const views = dxfDrawing({ entities: [...part(0, 0), line(150, 0, 150, 80), line(150, 80, 153, 80), line(153, 80, 153, 0)] });
    const viewsInput = await addFile(surveyId, views, 'views.dxf');
    const failed = await finished(viewsInput.id);
    expect(failed.status).toBe('error');
    expect(failed.error).toContain('5 closed contours and 1 open lines');
    expect((await input(viewsInput.id, german)).error).toContain('5 geschlossene Konturen und 1 offene Linien');
  });

  it('makes a product per body of an assembly, identical ones counted, a body that is no sheet flagged', async () => {
    const { id: surveyId } = await survey('Assembly');
    const done = await finished((await addFile(surveyId, stepSolids(plateAssemblyBodies()), 'frame.step')).id);
    expect(done).toMatchObject({ status: 'success', productCount: 2 });
    expect(done.warnings).toEqual(['Not a sheet of constant thickness: thickness, area and price need checking']);
    const [bent, plates] = await productsOf(surveyId);
    expect(bent).toMatchObject({ productName: 'frame (1)', quantity: 1, warnings: ['Not a sheet of constant thickness: thickness, area and price need checking'] });
    expect(plates).toMatchObject({ productName: 'frame (2)', quantity: 3, warnings: [] });
    expect((await http().get(`/api/v1/products/${plates.productId}`).set(admin.headers).expect(200)).body).toMatchObject({ thickness: 3, blankWidth: 50, blankLength: 100 });
  });
});
