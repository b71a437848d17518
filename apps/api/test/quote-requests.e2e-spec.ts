import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { dxfCircle, dxfDrawing, dxfRectangle } from '@fabquote/cad';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventsHandled, eventually, onServer, SmtpSink, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';
import { addressPerTest } from './support/client-address';
import { DEEP_JSON, deepJsonProblem, HOSTILE, HOSTILE_IN_BODIES } from './support/hostile-values';

jest.setTimeout(240_000);

type Drawing = { id: string; fileName: string; state: 'reading' | 'priced' | 'staff'; reason: string | null; parts: Array<{ name: string; count: number | null; tiers: Array<{ quantity: number; unitPrice: string; totalPrice: string }> }> };
type Progress = { id: string; drawings: Drawing[]; currency: string; indicativeNote: string; quantities: number[] };

const box = dxfRectangle;
const circle = dxfCircle;
/** A plate of 120 × 80 mm with two Ø10 holes, in millimetres: read without a warning. */
const plainPlate = () => dxfDrawing({ unit: 'mm', entities: [box(0, 0, 120, 80), circle(20, 40, 10), circle(100, 40, 10)] });
/** The same plate without a unit: the reader assumes millimetres and says so (a warning: staff price it). */
const unitlessPlate = () => dxfDrawing({ unit: 'none', entities: [box(0, 0, 120, 80), circle(20, 40, 10)] });

/** docs/api-surveys.md "The quote-request page": the public page, its requests, instant prices, limits and mails. */
describe('the quote-request page', () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let acme: Organization;
  let admin: TestUser;
  let material: { id: string };
  let partner: { id: string };
  const http = () => request(api.getHttpServer());
  /** Every test (and each `from.next()`) from an address of its own, so one test's requests and failures never throttle another's. */
  const from = addressPerTest('198.51');
  const asAdmin = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  const inAcme = <T>(sql: string, parameters: unknown[] = []) =>
    onServer(async (client) => {
      await client.query(`SELECT set_config('app.organization_id', $1, false)`, [acme.id]);
      return (await client.query(sql, parameters)).rows as T[];
    }, db.url);
  const page = (language = 'en') => http().get('/api/v1/pub/quote').set('X-Organization', 'acme').set('X-Forwarded-For', from()).set('Accept-Language', language);
  const progress = (id: string, token: string, language = 'en') =>
    http().get(`/api/v1/pub/quote/${id}?token=${encodeURIComponent(token)}`).set('X-Organization', 'acme').set('X-Forwarded-For', from()).set('Accept-Language', language);
  /** A multipart request from the page: its fields, and files as [content, name]. */
  const ask = (fields: Record<string, string | string[]>, files: Array<[Buffer | string, string]>, language = 'en') => {
    let call = http().post('/api/v1/pub/quote').set('X-Organization', 'acme').set('X-Forwarded-For', from()).set('Accept-Language', language);
    for (const [name, value] of Object.entries(fields)) for (const each of Array.isArray(value) ? value : [value]) call = call.field(name, each);
    for (const [content, name] of files) call = call.attach('files', Buffer.from(content), name);
    return call;
  };
  const fields = (overrides: Record<string, string | string[]> = {}) => ({
    company: 'Blech Partner GmbH',
    name: 'Jana Vogt',
    email: 'jana.vogt@blech-partner.example',
    quantities: ['10', '100'],
    materialId: material.id,
    thickness: '2',
    note: 'Bitte mit Entgraten',
    ...overrides,
  });
  const counts = async () => (await inAcme<{ requests: number; surveys: number }>(`SELECT (SELECT count(*)::int FROM quote_requests) AS requests, (SELECT count(*)::int FROM surveys) AS surveys`))[0];
  const settle = (id: string, token: string) =>
    eventually(async () => {
      const answer = (await progress(id, token, 'de').expect(200)).body as Progress;
      return answer.drawings.every((drawing) => drawing.state !== 'reading') ? answer : undefined;
    }, 60_000, 'every drawing read and decided');

  beforeAll(async () => {
    [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:4100' });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    material = await asAdmin('materials', { name: 'S235JR', number: 'S235', density: 7.85, pricePerUnit: 1.5, priceUnit: 'kg', height: 3 });
    // The laser as the shop books it: its cutting rate, and the rate its products' lines give it (the writer's laser line).
    const laser = await asAdmin('assets', { name: 'Fiber laser', calculateByTime: true, timeModel: 'laser-cutting' });
    await asAdmin('asset-cutting-rates', { assetId: laser.id, cutSpeed: 2000, pierceTime: 1 });
    const booked = await asAdmin('products', { name: 'Booked part', number: 'BP-1', materialId: material.id, thickness: 3, blankWidth: 50, blankLength: 50 });
    await asAdmin('product-operations', { productId: booked.id, sorting: 10, assetId: laser.id, hourlyRate: 120 });
    // A customer the shop knows, with an address at the requester's domain.
    partner = await asAdmin('customers', { name: 'Blech Partner GmbH' });
    await inAcme(`UPDATE customers SET email = 'einkauf@blech-partner.example' WHERE id = $1`, [partner.id]);
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await Promise.all([db?.drop(), smtp?.stop()]);
  });

  it('answers the neutral 404 on every endpoint while the page is switched off (the default)', async () => {
    const notFound = { code: 'not_found', message: 'No data found' };
    expect((await page().expect(404)).body).toMatchObject(notFound);
    expect((await ask(fields(), [[plainPlate(), 'plate.dxf']]).expect(404)).body).toMatchObject(notFound);
    expect((await progress('5f0c6b52-3c1e-4f43-9d1c-0b0b8c7e2a11', 'x'.repeat(43)).expect(404)).body).toMatchObject(notFound);
    expect(await counts()).toEqual({ requests: 0, surveys: 0 });
  });

  it('switches on through the settings, a switch taking true or false only', async () => {
    const bad = await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'quote-page-enabled', value: 'yes' }).expect(422);
    expect(bad.body.errors).toEqual({ value: 'Enter true or false' });
    await asAdmin('settings', { slug: 'quote-page-enabled', value: 'true' });
    await asAdmin('settings', { slug: 'quote-instant-prices', value: 'TRUE' });
    expect((await inAcme<{ value: string }>(`SELECT value FROM settings WHERE slug = 'quote-instant-prices'`))[0].value).toBe('true');
    await asAdmin('settings', { slug: 'letterhead-email', value: 'office@acme-blech.example' });
    const opened = (await page().expect(200)).body;
    expect(opened).toMatchObject({
      organization: { name: 'Acme Blech GmbH', email: 'office@acme-blech.example' },
      enabled: true,
      instantPrices: true,
      limits: { maxFiles: 10, maxFileBytes: 10 * 1024 * 1024 },
      currency: 'EUR',
    });
    expect(opened.materials).toEqual([{ id: material.id, name: 'S235JR', thicknesses: [3] }]);
  });

  let asked: { id: string; token: string };
  it('turns a request with two DXF drawings into a survey from the quote page: one priced at once at the stated quantities, one for staff', async () => {
    const answer = await ask(fields(), [
      [plainPlate(), 'Platte.dxf'],
      [unitlessPlate(), 'Platte ohne Einheit.dxf'],
    ], 'de').expect(201);
    expect(answer.body).toMatchObject({ id: expect.any(String), token: expect.any(String), message: 'Vielen Dank: Ihre Anfrage ist eingegangen.' });
    asked = answer.body;

    // The survey for staff, its customer matched by the email's domain.
    const [survey] = (await http().get('/api/v1/surveys?source=quote-page').set(admin.headers).expect(200)).body;
    expect(survey).toMatchObject({ source: 'quote-page', quoteRequestId: asked.id, customerId: partner.id, inputCount: 2 });
    expect((await http().get('/api/v1/surveys?source=staff').set(admin.headers).expect(200)).body).toEqual([]);

    const done = await settle(asked.id, asked.token);
    expect(done.quantities).toEqual([10, 100]);
    const priced = done.drawings.find((drawing) => drawing.fileName === 'Platte.dxf')!;
    const forStaff = done.drawings.find((drawing) => drawing.fileName === 'Platte ohne Einheit.dxf')!;
    expect(forStaff).toMatchObject({ state: 'staff', parts: [] });
    expect(forStaff.reason).toBe('Die Zeichnung wirft Fragen auf (Keine Zeichnungseinheit angegeben: Millimeter angenommen): unsere Mitarbeiter kalkulieren sie');
    expect(priced.state).toBe('priced');
    expect(done.indicativeNote).toBe('Unverbindlich, verbindlich ist unser Angebot');
    expect(priced.parts).toHaveLength(1);
    expect(priced.parts[0].tiers.map((tier) => tier.quantity)).toEqual([10, 100]);

    // The part carries the customer's material and thickness; the engine prices it at those quantities to the cent alike.
    const [part] = (await http().get(`/api/v1/survey-products?surveyInputId=${priced.id}`).set(admin.headers).expect(200)).body;
    const product = (await http().get(`/api/v1/products/${part.productId}`).set(admin.headers).expect(200)).body;
    expect(product).toMatchObject({ materialId: material.id, thickness: 2 });
    const engine = (await http().post(`/api/v1/products/${part.productId}/calculations`).set(admin.headers).send({ quantities: [10, 100] }).expect(201)).body;
    expect(priced.parts[0].tiers).toEqual(engine.tiers.map((tier: { quantity: number; unitPrice: string; totalPrice: string }) => ({ quantity: tier.quantity, unitPrice: tier.unitPrice, totalPrice: tier.totalPrice })));
    expect(Number(priced.parts[0].tiers[0].unitPrice)).toBeGreaterThan(0);

    // Staff see where it came from, what was asked and the prices given.
    const shown = (await http().get(`/api/v1/surveys/${survey.id}`).set(admin.headers).expect(200)).body;
    expect(shown.quoteRequest).toMatchObject({
      company: 'Blech Partner GmbH',
      name: 'Jana Vogt',
      email: 'jana.vogt@blech-partner.example',
      quantities: [10, 100],
      material: 'S235JR',
      thickness: 2,
      note: 'Bitte mit Entgraten',
    });
    expect(shown.quoteRequest.indicativePrices.map((drawing: Drawing) => drawing.state).sort()).toEqual(['priced', 'staff']);
    expect(shown.quoteRequest.indicativePrices.find((drawing: Drawing) => drawing.state === 'staff').reason).toBe(
      'The drawing raised questions (No drawing unit given: millimetres assumed): our staff will price it',
    );
  });

  it('mails staff and acknowledges to the customer in the page\'s language, once each; the mail\'s link opens the progress', async () => {
    await eventsHandled(db.url, 60_000);
    const toStaff = smtp.mails.filter((mail) => mail.to.includes('office@acme-blech.example'));
    const toCustomer = smtp.mails.filter((mail) => mail.to.includes('jana.vogt@blech-partner.example'));
    expect(toStaff).toHaveLength(1);
    expect(toCustomer).toHaveLength(1);
    expect(toStaff[0].subject).toBe('Quote request from Blech Partner GmbH (Jana Vogt)');
    expect(toStaff[0].text).toContain('10 / 100 pieces');
    expect(toStaff[0].text).toMatch(/http:\/\/localhost:4100\/surveys\/[0-9a-f-]{36}\/view\?host=acme/);
    expect(toCustomer[0].subject).toBe('Ihre Angebotsanfrage – Acme Blech GmbH');
    expect(toCustomer[0].text).toContain('Mengen: 10 / 100 Stück');
    const link = /http:\/\/localhost:4100\/pub\/quote\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)&host=acme/.exec(toCustomer[0].text);
    expect(link?.[1]).toBe(asked.id);
    expect((await progress(link![1], link![2]).expect(200)).body.id).toBe(asked.id);
  });

  it('makes a new customer for an unknown domain, and for a free-mail address even when one is known', async () => {
    await inAcme(`UPDATE customers SET email = 'someone@gmail.com' WHERE id = $1`, [partner.id]);
    const first = (await ask(fields({ company: 'Neu GmbH', email: 'max@neu-gmbh.example' }), [[plainPlate(), 'a.dxf']]).expect(201)).body;
    from.next();
    const second = (await ask(fields({ company: 'Privat', email: 'eva@gmail.com' }), [[plainPlate(), 'b.dxf']]).expect(201)).body;
    const customers = await inAcme<{ request: string; customer: string; name: string; email: string }>(
      `SELECT q.id AS request, c.id AS customer, c.name, c.email FROM quote_requests q JOIN customers c ON c.id = q.customer_id WHERE q.id = ANY($1::uuid[]) ORDER BY c.name`,
      [[first.id, second.id]],
    );
    expect(customers.map(({ name, email }) => ({ name, email }))).toEqual([
      { name: 'Neu GmbH', email: 'max@neu-gmbh.example' },
      { name: 'Privat', email: 'eva@gmail.com' },
    ]);
    expect(customers.map((row) => row.customer)).not.toContain(partner.id);
  });

  it('leaves every drawing to staff while instant prices are off, and a PDF always', async () => {
    const [instant] = await inAcme<{ id: string }>(`SELECT id FROM settings WHERE slug = 'quote-instant-prices'`);
    await http().put(`/api/v1/settings/${instant.id}`).set(admin.headers).send({ slug: 'quote-instant-prices', value: 'false' }).expect(200);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
    const sent = (await ask(fields(), [[plainPlate(), 'Platte.dxf'], [pdf, 'Zeichnung.pdf']]).expect(201)).body;
    const done = await settle(sent.id, sent.token);
    expect(done.drawings.map(({ fileName, state, reason }) => ({ fileName, state, reason }))).toEqual([
      { fileName: 'Platte.dxf', state: 'staff', reason: 'Unsere Mitarbeiter kalkulieren sie' },
      { fileName: 'Zeichnung.pdf', state: 'staff', reason: 'Keine DXF-Zeichnung: unsere Mitarbeiter kalkulieren sie' },
    ]);
    expect((await page().expect(200)).body.instantPrices).toBe(false);
    await http().put(`/api/v1/settings/${instant.id}`).set(admin.headers).send({ slug: 'quote-instant-prices', value: 'true' }).expect(200);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await counts();
    const answer = await ask(fields({ website: 'http://spam.example' }), [[plainPlate(), 'spam.dxf']]).expect(201);
    expect(answer.body).toMatchObject({ id: expect.any(String), token: expect.any(String) });
    expect(await counts()).toEqual(before);
    await progress(answer.body.id, answer.body.token).expect(404);
  });

  it('throttles requests per address (5 an hour, then 429 with Retry-After) and failed progress lookups (20 in 15 minutes)', async () => {
    for (let sent = 0; sent < 5; sent++) await ask(fields(), [[plainPlate(), `p${sent}.dxf`]]).expect(201);
    const refused = await ask(fields(), [[plainPlate(), 'p5.dxf']]).expect(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not held back.
    from.next();
    await ask(fields(), [[plainPlate(), 'other.dxf']]).expect(201);

    from.next();
    for (let failed = 0; failed < 20; failed++) await progress(asked.id, 'wrong-token-0000000000000000').expect(404);
    const throttled = await progress(asked.id, asked.token).expect(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    from.next();
    await progress(asked.id, asked.token).expect(200);
  });

  it('refuses files too large, too many, of a wrong type, or none, and bad fields, each on its field in the page\'s language', async () => {
    const before = await counts();
    const tooLarge = await ask(fields(), [[Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), 'huge.dxf']], 'de').expect(422);
    expect(tooLarge.body.errors).toHaveProperty('files');
    const tooMany = await ask(fields(), Array.from({ length: 11 }, (_, index): [string, string] => [plainPlate(), `p${index}.dxf`]), 'de').expect(422);
    expect(tooMany.body.errors).toEqual({ files: 'Höchstens 10 Zeichnungen auf einmal' });
    const wrongType = await ask(fields(), [['just some text, no drawing', 'notes.txt']]).expect(422);
    expect(wrongType.body.errors).toEqual({ files: expect.any(String) });
    expect((await ask(fields(), [], 'de').expect(422)).body.errors).toEqual({ files: 'Fügen Sie mindestens eine Zeichnung hinzu' });
    expect((await ask(fields({ quantities: '1.000' }), [[plainPlate(), 'a.dxf']], 'de').expect(422)).body.errors).toEqual({
      quantities: 'Geben Sie 1 bis 20 Mengen an, jede eine ganze Stückzahl von 1 bis 1.000.000',
    });
    expect((await ask(fields({ thickness: '2,5' }), [[plainPlate(), 'a.dxf']]).expect(422)).body.errors).toHaveProperty('thickness');
    expect((await ask(fields({ email: 'not-an-address' }), [[plainPlate(), 'a.dxf']], 'de').expect(422)).body.errors).toEqual({ email: 'Ungültiges E-Mail-Format' });
    expect((await ask(fields({ materialId: '5f0c6b52-3c1e-4f43-9d1c-0b0b8c7e2a11' }), [[plainPlate(), 'a.dxf']]).expect(422)).body.errors).toHaveProperty('materialId');
    expect(await counts()).toEqual(before);
  });

  it('answers hostile input on every new public endpoint without a 500', async () => {
    const problems: string[] = [];
    const body = { company: 'Hostile GmbH', name: 'H', email: 'h@hostile.example', quantities: [10], note: 'n' };
    for (const field of ['company', 'name', 'email', 'quantities', 'materialId', 'materialText', 'thickness', 'note', 'website']) {
      for (const value of HOSTILE_IN_BODIES) {
        from.next();
        const answer = await http()
          .post('/api/v1/pub/quote')
          .set('X-Organization', 'acme')
          .set('X-Forwarded-For', from())
          .send({ ...body, [field]: value });
        if (answer.status >= 500) problems.push(`POST ${field}=${JSON.stringify(value)?.slice(0, 40)}: ${answer.status}`);
      }
    }
    for (const value of HOSTILE) {
      from.next();
      const text = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value) ?? '');
      for (const path of [`/api/v1/pub/quote/${text}?token=${text}`, `/api/v1/pub/quote/${asked.id}?token=${text}`, `/api/v1/pub/quote?host=${text}`]) {
        const answer = await http().get(path).set('X-Organization', 'acme').set('X-Forwarded-For', from());
        if (answer.status >= 500) problems.push(`GET ${path.slice(0, 60)}: ${answer.status}`);
      }
    }
    const deep = await http().post('/api/v1/pub/quote').set('X-Organization', 'acme').set('Content-Type', 'application/json').send(DEEP_JSON);
    const deepProblem = deepJsonProblem(deep);
    if (deepProblem) problems.push(`DEEP_JSON: ${deepProblem}`);
    expect(problems).toEqual([]);
  });
});
