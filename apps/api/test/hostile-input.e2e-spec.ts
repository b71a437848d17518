import { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import * as masterData from '../src/master-data/master-data.specs';
import * as products from '../src/products/product.specs';
import { FieldSpec, RecordSpec } from '../src/records/record-spec';
import { DEEP_JSON, deepJsonProblem, HOSTILE_IN_BODIES, hostileListQueries, LONE_SURROGATE } from './support/hostile-values';

const SPECS: RecordSpec[] = [...Object.values(masterData), ...Object.values(products)].filter(
  (value): value is RecordSpec => typeof value === 'object' && value !== null && 'resource' in value && 'fields' in value,
);


/**
 * Every 500 is a bug: for every field of every resource, each hostile value on create and on
 * update, and hostile list parameters, get an answer below 500 with a message a person can read.
 */
describe('hostile input never gets a 500', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  let german: TestUser;
  let acme: Organization;
  const ids = new Map<string, string>();
  const http = () => request(api.getHttpServer());

  const unique = () => randomUUID().slice(0, 8);
  function validValue(field: FieldSpec): unknown {
    switch (field.kind) {
      case 'text':
        return `T-${unique()}`;
      case 'email':
        return `${unique()}@shop.example`;
      case 'amount':
      case 'positive':
        return 1;
      case 'date':
        return '2026-01-01';
      case 'boolean':
        return true;
      case 'choice':
        return field.choices![0];
      case 'reference':
        return ids.get(field.references!);
    }
  }
  /** The required fields, and what a rule wants besides (a line is a part or a sub-assembly; a part's suppliable names it). */
  const validBody = (spec: RecordSpec) => ({
    ...Object.fromEntries(Object.entries(spec.fields).filter(([, field]) => field.required).map(([name, field]) => [name, validValue(field)])),
    ...(spec === products.PRODUCT_PARTS || spec === masterData.SUPPLIABLES ? { partId: ids.get('parts') } : {}),
  });

  /** What went wrong in one test, all of it: one failure would hide the next. */
  let wrong: string[] = [];
  beforeEach(() => {
    wrong = [];
  });
  afterEach(() => {
    expect(wrong).toEqual([]);
  });
  const expectReadableAnswer = (response: request.Response, what: string) => {
    const readable = response.status < 400 || (typeof response.body.message === 'string' && response.body.message.length > 0);
    if (response.status >= 500 || !readable) wrong.push(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
  };
  /** A body nested 3,000 levels deep: 400 `too_deep`, whatever the endpoint and whoever asks. */
  const expectDeepJsonRefused = (response: request.Response, what: string) => {
    const problem = deepJsonProblem(response);
    if (problem) wrong.push(`${what} with a body 3,000 levels deep: ${problem}`);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    // One row of every table a field may reference, in an order that satisfies their own references.
    for (const spec of [masterData.CUSTOMERS, masterData.SUPPLIERS, masterData.FACTORS, masterData.GROUPS, masterData.MATERIALS, masterData.PARTS, masterData.OPERATIONS, masterData.ASSETS, products.PRODUCTS]) {
      const response = await http().post(`/api/v1/${spec.resource}`).set(admin.headers).send(validBody(spec)).expect(201);
      ids.set(spec.table, response.body.id);
    }
    const suppliable = await http()
      .post('/api/v1/suppliables')
      .set(admin.headers)
      .send({ type: 'part', number: 'S-1', supplierId: ids.get('suppliers'), partId: ids.get('parts') })
      .expect(201);
    ids.set('suppliables', suppliable.body.id);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('covers every resource of the records layer', () => {
    expect(SPECS.length).toBeGreaterThanOrEqual(24);
    for (const spec of SPECS) expect(Object.keys(spec.fields).length).toBeGreaterThan(0);
  });

  it.each(SPECS.map((spec) => [spec.resource, spec] as const))('%s: every field, every hostile value, on create and on update', async (resource, spec) => {
    const [row] = (await http().get(`/api/v1/${resource}?_start=0&_end=1`).set(admin.headers).expect(200)).body;
    const existing = row?.id ?? (await http().post(`/api/v1/${resource}`).set(admin.headers).send(validBody(spec)).expect(201)).body.id;
    // A field's hostile values all at once: concurrent requests are what a real server gets too.
    expectDeepJsonRefused(await http().post(`/api/v1/${resource}`).set(admin.headers).type('json').send(DEEP_JSON), `POST ${resource}`);
    expectDeepJsonRefused(await http().put(`/api/v1/${resource}/${existing}`).set(admin.headers).type('json').send(DEEP_JSON), `PUT ${resource}`);
    for (const name of Object.keys(spec.fields)) {
      await Promise.all(
        HOSTILE_IN_BODIES.map(async (value) => {
          const what = `${resource} ${name}=${JSON.stringify(value)?.slice(0, 40)}`;
          expectReadableAnswer(await http().post(`/api/v1/${resource}`).set(admin.headers).send({ ...validBody(spec), [name]: value }), `POST ${what}`);
          expectReadableAnswer(await http().put(`/api/v1/${resource}/${existing}`).set(admin.headers).send({ [name]: value }), `PUT ${what}`);
        }),
      );
    }
  });

  it.each(SPECS.map((spec) => [spec.resource, spec] as const))('%s: hostile list parameters and ids', async (resource, spec) => {
    const field = Object.keys(spec.fields)[0];
    for (const query of hostileListQueries(field)) expectReadableAnswer(await http().get(`/api/v1/${resource}?${query}`).set(admin.headers), `GET ${resource}?${query}`);
    for (const id of ['not-a-uuid', randomUUID(), '1'.repeat(2000), '%00']) {
      expectReadableAnswer(await http().get(`/api/v1/${resource}/${id}`).set(admin.headers), `GET ${resource}/${id.slice(0, 20)}`);
      expectReadableAnswer(await http().put(`/api/v1/${resource}/${id}`).set(admin.headers).send({}), `PUT ${resource}/${id.slice(0, 20)}`);
      expectReadableAnswer(await http().delete(`/api/v1/${resource}/${id}`).set(admin.headers), `DELETE ${resource}/${id.slice(0, 20)}`);
    }
  });

  it('the rest of the API: sign-in, profile, users, roles, settings, calculations', async () => {
    // Another user to edit: a hostile `roleIds: []` on the admin would take their own roles away, which is refused (403: nobody changes their own roles).
    const clerk = await createTestUser(api, acme, { roles: ['Viewer'] });
    const role = (await http().post('/api/v1/roles').set(admin.headers).send({ name: 'Estimators', permissions: [] }).expect(201)).body;
    const [setting] = (await http().get('/api/v1/settings?_start=0&_end=1').set(admin.headers).expect(200)).body;
    const product = ids.get('products');
    // Each endpoint with a body that would pass; every field of it gets every hostile value in turn.
    const endpoints: Array<[method: 'post' | 'put', path: string, body: Record<string, unknown>, signedIn: boolean]> = [
      ['post', '/api/v1/restify/login', { email: 'nobody@acme.example', password: 'wrong password' }, false],
      ['post', '/api/v1/restify/mfa-verify', { email: 'nobody@acme.example', code: '123456' }, false],
      ['post', '/api/v1/restify/forgotPassword', { email: 'nobody@acme.example' }, false],
      ['post', '/api/v1/restify/resetPassword', { email: 'nobody@acme.example', token: 'abc', password: 'a long new password', password_confirmation: 'a long new password' }, false],
      ['post', '/api/v1/restify/profile', { name: 'Paul', full_name: 'Paul Admin', phone: '+49 711 1234', language_code: 'en' }, true],
      ['post', '/api/v1/users', { email: `${unique()}@acme.example`, name: 'Invited', roles: [], language_code: 'de' }, true],
      ['put', `/api/v1/users/${clerk.id}`, { name: 'Clara', fullName: 'Clara Clerk', phone: '+49 711 1234', roleIds: undefined, languageCode: 'de', active: true }, true],
      ['post', '/api/v1/roles', { name: `Role ${unique()}`, permissions: [] }, true],
      ['put', `/api/v1/roles/${role.id}`, { name: role.name, permissions: undefined }, true],
      ['post', '/api/v1/settings', { slug: `s-${unique()}`, value: 'x' }, true],
      ['put', `/api/v1/settings/${setting.id}`, { value: setting.value }, true],
      ['post', `/api/v1/products/${product}/bulk-prices/from-calculation`, { calculationId: randomUUID() }, true],
    ];
    for (const [method, path, body, signedIn] of endpoints) {
      const deep = await http()[method](path).set(signedIn ? admin.headers : { 'X-Organization': 'acme' }).type('json').send(DEEP_JSON);
      expectDeepJsonRefused(deep, `${method.toUpperCase()} ${path}`);
      for (const name of Object.keys(body)) {
        await Promise.all(
          HOSTILE_IN_BODIES.map(async (value) => {
            const call = http()[method](path).set(signedIn ? admin.headers : { 'X-Organization': 'acme' });
            expectReadableAnswer(await call.send({ ...body, [name]: value }), `${method.toUpperCase()} ${path} ${name}=${JSON.stringify(value)?.slice(0, 40)}`);
          }),
        );
      }
    }
    for (const id of ['not-a-uuid', randomUUID()]) {
      expectReadableAnswer(await http().post(`/api/v1/products/${id}/calculations`).set(admin.headers), `POST products/${id}/calculations`);
      expectReadableAnswer(await http().get(`/api/v1/products/${id}/geometry-figures`).set(admin.headers), `GET products/${id}/geometry-figures`);
      expectReadableAnswer(await http().get(`/api/v1/calculations/${id}`).set(admin.headers), `GET calculations/${id}`);
    }
    // The admin is still who they were: nothing above changed their sign-in.
    await http().get('/api/v1/restify/profile').set(admin.headers).expect(200);
    // Blank names are refused, not stored.
    for (const [method, path] of [['post', '/api/v1/roles'], ['put', `/api/v1/roles/${role.id}`], ['post', '/api/v1/restify/profile'], ['put', `/api/v1/users/${clerk.id}`]] as const) {
      const response = await http()[method](path).set(admin.headers).send({ name: '   ', email: `${unique()}@acme.example` });
      expect([path, response.status, response.body.errors?.name]).toEqual([path, 422, 'This field is required']);
    }
  });

  it('odd requests: broken URLs, bodies of the wrong shape, strange organizations and tokens', async () => {
    const odd: Array<[string, () => request.Test]> = [
      ['broken percent-encoding in the path', () => http().get('/api/v1/products/%E0%A4%A').set(admin.headers)],
      ['broken percent-encoding in the query', () => http().get('/api/v1/products?q=%E0%A4%A').set(admin.headers)],
      ['a lone percent sign', () => http().get('/api/v1/%').set(admin.headers)],
      ['a console path with dots', () => http().get('/..%2f..%2fetc%2fpasswd')],
      ['a very long path', () => http().get(`/api/v1/products/${'a'.repeat(8000)}`).set(admin.headers)],
      ['a body that is a list', () => http().post('/api/v1/customers').set(admin.headers).send([{ name: 'A' }])],
      ['a body that is a string', () => http().post('/api/v1/customers').set(admin.headers).set('Content-Type', 'application/json').send('"name"')],
      ['a body that is no JSON', () => http().post('/api/v1/customers').set(admin.headers).set('Content-Type', 'application/json').send('{"name": ')],
      ['a form instead of JSON', () => http().post('/api/v1/customers').set(admin.headers).type('form').send('name=A')],
      ['a form nested 3,000 levels deep', () => http().post('/api/v1/customers').set(admin.headers).type('form').send(`name${'[a]'.repeat(3000)}=A`)],
      ['a form of 2,000 fields', () => http().post('/api/v1/customers').set(admin.headers).type('form').send(Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join('&'))],
      ['a JSON body nested 3,000 levels deep, in a charset of its own', () => http().post('/api/v1/customers').set(admin.headers).set('Content-Type', 'application/json; charset=utf-16le').send(Buffer.from(DEEP_JSON, 'utf16le'))],
      ['text instead of JSON', () => http().post('/api/v1/customers').set(admin.headers).set('Content-Type', 'text/plain').send('name')],
      ['a nested body', () => http().post('/api/v1/customers').set(admin.headers).send({ name: { first: 'A' }, __proto__: { admin: true } })],
      ['an organization that is no slug', () => http().get('/api/v1/products').set({ ...admin.headers, 'X-Organization': '../%00' })],
      ['an organization of a thousand letters', () => http().get('/api/v1/products').set({ ...admin.headers, 'X-Organization': 'a'.repeat(1000) })],
      ['a token that is no token', () => http().get('/api/v1/products').set({ 'X-Organization': 'acme', Authorization: 'Bearer ' + 'x'.repeat(5000) })],
      ['a scheme that is not Bearer', () => http().get('/api/v1/products').set({ 'X-Organization': 'acme', Authorization: 'Basic YTpi' })],
      ['a host query of another kind', () => http().get('/api/v1/organization?host[]=a&host[]=b')],
    ];
    for (const [what, send] of odd) {
      const response = await send();
      expectReadableAnswer(response, what);
      expect(response.text).not.toContain('root:');
    }
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });

  it('refuses an amount no column can hold as a field error, in the user’s language', async () => {
    const response = await http().post('/api/v1/materials').set(german.headers).send({ ...validBody(masterData.MATERIALS), pricePerUnit: 1e20 });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ pricePerUnit: 'Der Wert darf nicht größer als 9.999.999.999 sein' });
  });

  it('refuses a count with a fraction and an angle over 180°, on their fields', async () => {
    const response = await http().post('/api/v1/product-bends').set(admin.headers).send({ productId: ids.get('products'), angle: 200, combinedBends: 1.5 });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ angle: 'Value can not be more than 180', combinedBends: 'Value must be a whole number' });
  });

  it('refuses a body nested 3,000 levels deep with a 400 in the reader’s language, signed in or not', async () => {
    const login = await http().post('/api/v1/restify/login').set({ 'X-Organization': 'acme', 'Accept-Language': 'de' }).type('json').send(DEEP_JSON).expect(400);
    expect(login.body).toEqual({ message: 'Die Anfrage ist zu tief verschachtelt: höchstens 32 Ebenen werden angenommen', code: 'too_deep' });
    const signedIn = await http().post('/api/v1/customers').set(admin.headers).type('json').send(`{"name":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`).expect(400);
    expect(signedIn.body).toEqual({ message: 'The request is nested too deeply: at most 32 levels are accepted', code: 'too_deep' });
    const form = await http().post('/api/v1/customers').set(admin.headers).type('form').send(`name${'[a]'.repeat(3000)}=A`).expect(400);
    expect(form.body.code).toBe('too_deep');
    // Deep, but within the limit: read and validated as usual.
    const fits = await http().post('/api/v1/customers').set(admin.headers).send({ name: 'Deep GmbH', extra: JSON.parse(`${'['.repeat(20)}${']'.repeat(20)}`) }).expect(201);
    expect(fits.body.name).toBe('Deep GmbH');
  });

  it('refuses a lone UTF-16 surrogate with a 422 on its field, emails included', async () => {
    const supplier = await http().post('/api/v1/suppliers').set(german.headers).send({ name: 'Blech AG', email: LONE_SURROGATE }).expect(422);
    expect(supplier.body.errors).toEqual({ email: 'Der Wert enthält ein defektes Zeichen (die Hälfte eines UTF-16-Ersatzzeichenpaars)' });
    const user = await http().post('/api/v1/users').set(admin.headers).send({ email: `${LONE_SURROGATE}@acme.example`, name: 'Invited' }).expect(422);
    expect(user.body.errors).toEqual({ email: 'Value contains a broken character (half of a UTF-16 surrogate pair)' });
    const nested = await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'units', value: ['kg', '\udc00'] }).expect(422);
    expect(nested.body.errors).toEqual({ 'value.1': 'Value contains a broken character (half of a UTF-16 surrogate pair)' });
    // A whole pair (an emoji) is a character like any other.
    await http().post('/api/v1/customers').set(admin.headers).send({ name: 'Blech 😀 GmbH' }).expect(201);
  });

  it('refuses a body 3,000 levels deep and a lone surrogate on every endpoint with a body the API describes, public ones included', async () => {
    type Operation = { security?: Array<Record<string, string[]>>; requestBody?: { content: Record<string, { schema?: { $ref?: string } }> } };
    type Schema = { properties?: Record<string, unknown> };
    const document = (await http().get('/api/v1/docs-json').expect(200)).body as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
    const endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => ['post', 'put', 'patch'].includes(method) && operation.requestBody)
        .map(([method, operation]) => ({ method: method as 'post' | 'put' | 'patch', path, operation })),
    );
    // Not a list kept by hand: the document's own, so a new endpoint is covered the day it is described.
    expect(endpoints.length).toBeGreaterThan(60);
    // A user of its own: the proofs below count against whoever sends them.
    const caller = await createTestUser(api, acme, { roles: ['Administrator'] });
    const publicOnes: string[] = [];
    for (const { method, path, operation } of endpoints) {
      const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
      // Public endpoints (no bearer among their security) as a stranger would call them, the organization only; the others signed in.
      const open = !(operation.security ?? []).some((requirement) => 'bearer' in requirement);
      if (open) publicOnes.push(path);
      const headers = open ? { 'X-Organization': 'acme' } : caller.headers;
      const what = `${method.toUpperCase()} ${path}`;
      expectDeepJsonRefused(await http()[method](url).set(headers).type('json').send(DEEP_JSON), what);
      const json = operation.requestBody?.content['application/json']?.schema?.$ref;
      if (!json) continue; // multipart: its texts are UTF-8, which can carry no lone surrogate
      const fields = Object.keys(document.components.schemas[json.split('/').pop() as string]?.properties ?? {});
      for (const field of fields.length > 0 ? fields : ['value']) {
        const response = await http()[method](url).set(headers).send({ [field]: LONE_SURROGATE });
        // Refused on its field before anything reads it. Proving who one is (a password, a code) is counted first, like a
        // sign-in: after a few such refusals the counter answers before the body is read.
        const onField = response.status === 422 && /surrogate/.test(String(response.body.errors?.[field]));
        if (!onField && response.body.code !== 'sign_in_throttled') wrong.push(`${what} ${field}=lone surrogate: ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
      }
    }
    expect(publicOnes).toEqual(expect.arrayContaining(['/api/v1/restify/login', '/api/v1/restify/resetPassword', '/api/v1/pub/purchase-requests/{id}/{supplierId}/offers']));
  });

  it('refuses a null character on its field, and takes the default for an optional field sent empty', async () => {
    const refused = await http().post('/api/v1/customers').set(admin.headers).send({ name: 'Müller\u0000 GmbH' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ name: 'Value contains a character that can not be stored (a null character)' });
    const inKey = await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'nul-key', value: { ['a\u0000']: 1 } });
    expect([inKey.status, inKey.body.errors]).toEqual([422, { value: 'Value contains a character that can not be stored (a null character)' }]);
    const price = await http().post('/api/v1/asset-prices').set(admin.headers).send({ assetId: ids.get('assets'), quantity: 4711, price: 2, setupCost: 40 }).expect(201);
    const cleared = await http().put(`/api/v1/asset-prices/${price.body.id}`).set(admin.headers).send({ setupCost: null }).expect(200);
    expect(Number(cleared.body.setupCost)).toBe(0);
    const asset = await http().put(`/api/v1/assets/${ids.get('assets')}`).set(admin.headers).send({ quickSelect: null }).expect(200);
    expect(asset.body.quickSelect).toBe(false);
  });
});
