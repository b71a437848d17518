import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

jest.setTimeout(120_000);

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const DXF = Buffer.from('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n');
const STEP = Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n');

/** docs/api-surveys.md: surveys and what the API checks of an input before anything is stored or sent. */
describe('surveys: the resource and its inputs', () => {
  let db: TestDatabase;
  let withAi: NestExpressApplication;
  let withoutAi: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let viewer: TestUser;
  let noAi: TestUser;
  let betaAdmin: TestUser;
  let surveyId: string;
  const http = (app = withAi) => request(app.getHttpServer());
  const inputs = (id = surveyId, user = admin, app = withAi) => http(app).post(`/api/v1/surveys/${id}/inputs`).set(user.headers);
  const outboxJobs = async () => (await onServer((client) => client.query(`SELECT job_name FROM outbox_events WHERE job_name LIKE 'surveys.%' ORDER BY occurred_at`), db.url)).rows.map((row) => row.job_name);

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    [withAi, withoutAi] = await Promise.all([
      startTestApi(testConfig(db, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })),
      startTestApi(testConfig(db)),
    ]);
    [admin, german, viewer, noAi, betaAdmin] = await Promise.all([
      createTestUser(withAi, acme, { roles: ['Administrator'] }),
      createTestUser(withAi, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(withAi, acme, { roles: ['Viewer'] }),
      createTestUser(withAi, acme, { permissions: ['surveys.view', 'surveys.update'] }),
      createTestUser(withAi, beta, { roles: ['Administrator'] }),
    ]);
    const customer = (await http().post('/api/v1/customers').set(admin.headers).send({ name: 'Müller AG' }).expect(201)).body;
    const created = (await http().post('/api/v1/surveys').set(admin.headers).send({ title: 'Inquiry of Müller', customerId: customer.id }).expect(201)).body;
    expect(created).toMatchObject({ title: 'Inquiry of Müller', customerName: 'Müller AG', inputCount: 0, productCount: 0 });
    expect(created.number).toMatch(/^SV-\d{4}-0001$/);
    surveyId = created.id;
  });

  afterAll(async () => {
    await Promise.all([withAi?.close(), withoutAi?.close()]);
    await db?.drop();
  });

  it('lists, finds, edits and refuses what a survey cannot be', async () => {
    const list = await http().get('/api/v1/surveys?q=müller').set(viewer.headers).expect(200);
    expect(list.headers['x-total-count']).toBe('1');
    await http().put(`/api/v1/surveys/${surveyId}`).set(admin.headers).send({ title: 'Inquiry of Müller AG' }).expect(200);
    await http().put('/api/v1/surveys/00000000-0000-4000-8000-000000000000').set(admin.headers).send({ title: 'Nobody' }).expect(404);
    const refused = await http().post('/api/v1/surveys').set(admin.headers).send({ title: '' }).expect(422);
    expect(refused.body.errors.title).toBeTruthy();
    const stranger = await http().post('/api/v1/surveys').set(admin.headers).send({ title: 'x', customerId: '00000000-0000-4000-8000-000000000000' }).expect(422);
    expect(stranger.body.errors.customerId).toBeTruthy();
    await http().post('/api/v1/surveys').set(viewer.headers).send({ title: 'x' }).expect(403);
  });

  it('says whether the AI provider is there, with the warning in the reader\'s language', async () => {
    expect((await http().get('/api/v1/surveys/ai-status').set(admin.headers).expect(200)).body).toEqual({
      configured: true,
      warning: 'Your input is processed by an external AI provider. Do not enter sensitive data.',
    });
    const german = (await http(withoutAi).get('/api/v1/surveys/ai-status').set(viewer.headers).set('Accept-Language', 'de').expect(200)).body;
    expect(german.configured).toBe(false);
  });

  it('refuses an empty input, a blank text, a file of another type and two kinds at once, with the spec\'s messages', async () => {
    expect((await inputs().expect(422)).body.errors.files).toBe('Please select files to upload');
    expect((await inputs().field('text', '   ').expect(422)).body.errors.text).toBe('Please enter text to process');
    expect((await inputs(surveyId, german).field('text', '').expect(422)).body.errors.text).toBe('Bitte geben Sie einen Text zur Verarbeitung ein');
    expect((await inputs().attach('files', Buffer.from('just text'), 'drawing.pdf').expect(422)).body.errors.files).toBe('This file type is not accepted');
    // A ZIP is a purchase request's attachment, not a drawing.
    expect((await inputs().attach('files', Buffer.from('PK\x03\x04rest'), 'a.zip').expect(422)).body.errors.files).toBe('This file type is not accepted');
    expect((await inputs().attach('audio', PDF, 'call.webm').expect(422)).body.errors.audio).toMatch(/sound file type/);
    expect((await inputs().attach('files', PDF, 'a.pdf').field('text', 'and a text').expect(422)).body.errors.files).toMatch(/one kind at a time/);
    const many = inputs();
    for (let i = 0; i < 21; i += 1) many.attach('files', DXF, `d${i}.dxf`);
    expect((await many.expect(422)).body.errors.files).toBe('At most 20 files at a time');
    expect((await inputs().attach('files', Buffer.alloc(10 * 1024 * 1024 + 1, 0x25), 'big.pdf').expect(422)).body.errors.files).toBe('The file is larger than 10 MB');
    expect((await inputs().field('text', 'x'.repeat(100_001)).expect(422)).body.errors.text).toMatch(/100,000/);
    expect(await outboxJobs()).toEqual([]);
  });

  it('stores every file as an input with its job: drawings to the CAD reader, the rest to the AI', async () => {
    const added = (await inputs().attach('files', DXF, 'plate.dxf').attach('files', STEP, 'box.step').attach('files', PDF, 'drawing.pdf').expect(201)).body.data;
    expect(added.map((row: { reader: string; contentType: string; status: string }) => [row.reader, row.contentType, row.status])).toEqual([
      ['cad', 'image/vnd.dxf', 'created'],
      ['cad', 'model/step', 'created'],
      ['ai', 'application/pdf', 'created'],
    ]);
    await inputs().field('text', 'Please quote 25 plates').expect(201);
    expect(await outboxJobs()).toEqual(['surveys.read-cad', 'surveys.read-cad', 'surveys.extract', 'surveys.extract']);
    const content = await http().get(`/api/v1/survey-inputs/${added[2].id}/content`).set(viewer.headers).expect(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    await http().get(`/api/v1/survey-inputs/${added[0].id}/preview`).set(viewer.headers).expect(404);
    const survey = (await http().get(`/api/v1/surveys/${surveyId}`).set(viewer.headers).expect(200)).body;
    expect(survey).toMatchObject({ inputCount: 4, processingCount: 4, errorCount: 0 });
    const listed = await http().get(`/api/v1/survey-inputs?surveyId=${surveyId}&status=created`).set(viewer.headers).expect(200);
    expect(listed.headers['x-total-count']).toBe('4');
  });

  it('without a key takes drawings and refuses the rest at once, storing nothing', async () => {
    const before = (await outboxJobs()).length;
    const refused = await inputs(surveyId, admin, withoutAi).field('text', 'Please quote').expect(422);
    expect(refused.body.message).toBe('The AI provider is not configured. Drawings in DXF or STEP are read without it.');
    await inputs(surveyId, admin, withoutAi).attach('files', PDF, 'drawing.pdf').expect(422);
    await inputs(surveyId, admin, withoutAi).attach('audio', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2]), 'call.webm').expect(422);
    await inputs(surveyId, admin, withoutAi).attach('files', DXF, 'plate.dxf').expect(201);
    expect((await outboxJobs()).slice(before)).toEqual(['surveys.read-cad']);
  });

  it('sends to the AI only for who may use it (ai.use), and keeps inputs to their organization', async () => {
    await inputs(surveyId, noAi).field('text', 'Please quote').expect(403);
    await inputs(surveyId, noAi).attach('files', DXF, 'plate.dxf').expect(201);
    await inputs(surveyId, viewer).attach('files', DXF, 'plate.dxf').expect(403);
    await http().get(`/api/v1/surveys/${surveyId}`).set(betaAdmin.headers).expect(404);
    await inputs(surveyId, betaAdmin).field('text', 'Please quote').expect(404);
    const foreign = await http().get(`/api/v1/survey-inputs?surveyId=${surveyId}`).set(betaAdmin.headers).expect(200);
    expect(foreign.headers['x-total-count']).toBe('0');
  });

  it('stops a waiting input, tries it again, and deletes it; a finished one cannot be stopped', async () => {
    const [added] = (await inputs().field('text', 'Stop me').expect(201)).body.data;
    const stopped = (await http().post(`/api/v1/survey-inputs/${added.id}/stop`).set(german.headers).expect(200)).body;
    expect(stopped).toMatchObject({ status: 'error', error: 'Erstellung gestoppt' });
    expect((await http().post(`/api/v1/survey-inputs/${added.id}/stop`).set(admin.headers).expect(409)).body.message).toBe('This input is already finished');
    expect((await http().post(`/api/v1/survey-inputs/${added.id}/retry`).set(admin.headers).expect(200)).body.status).toBe('created');
    await http().post(`/api/v1/survey-inputs/${added.id}/retry`).set(admin.headers).expect(409);
    await http().delete(`/api/v1/survey-inputs/${added.id}`).set(admin.headers).expect(200);
    await http().get(`/api/v1/survey-inputs/${added.id}`).set(admin.headers).expect(404);
  });

  it('deletes a survey with its inputs', async () => {
    const other = (await http().post('/api/v1/surveys').set(admin.headers).send({ title: 'To go' }).expect(201)).body;
    await inputs(other.id).attach('files', DXF, 'plate.dxf').expect(201);
    await http().delete(`/api/v1/surveys/${other.id}`).set(admin.headers).expect(200);
    await http().get(`/api/v1/surveys/${other.id}`).set(admin.headers).expect(404);
    const left = await http().get(`/api/v1/survey-inputs?surveyId=${other.id}`).set(admin.headers).expect(200);
    expect(left.headers['x-total-count']).toBe('0');
  });
});
