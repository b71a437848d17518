import { Logger } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { disableOrganization, Organization, OrganizationDirectory, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, RedisProcess, TEST_OPS_TOKEN, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

describe('API platform', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let demoAdmin: TestUser;
  let acmeAdmin: TestUser;
  const http = () => request(api.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase();
    const demo: Organization = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH', defaultLocale: 'en' });
    const acme: Organization = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH', defaultLocale: 'de' });
    await provisionOrganization(db.app, { slug: 'gone', name: 'Gone GmbH' });
    await disableOrganization(db.app, 'gone');
    api = await startTestApi(testConfig(db, { OPS_ORGANIZATION: 'demo' }));
    demoAdmin = await createTestUser(api, demo, { roles: ['Administrator'] });
    acmeAdmin = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  describe('organization resolution', () => {
    it('answers the settings of the organization named by X-Organization on localhost', async () => {
      const response = await http().get('/api/v1/settings').set(demoAdmin.headers).expect(200);
      expect(response.headers['x-total-count']).toBe(String(response.body.length));
      expect(response.body.map((setting: { slug: string }) => setting.slug)).toContain('currency');
    });

    it('answers 404 no_organization for an unknown, disabled or missing organization', async () => {
      const expected = { message: 'Organization not found', code: 'no_organization' };
      expect((await http().get('/api/v1/settings').set('X-Organization', 'nope').expect(404)).body).toEqual(expected);
      expect((await http().get('/api/v1/settings').set('X-Organization', 'gone').expect(404)).body).toEqual(expected);
      expect((await http().get('/api/v1/settings').expect(404)).body).toEqual(expected);
      expect((await http().get('/api/v1/settings').set('Host', 'www.fabquote.example').expect(404)).body).toEqual(expected);
    });

    it('takes the organization from the first label of the host name, or the host query parameter', async () => {
      const bearer = { Authorization: acmeAdmin.headers.Authorization };
      await http().get('/api/v1/settings').set('Host', 'acme.fabquote.example').set(bearer).expect(200);
      await http().get('/api/v1/settings?host=acme').set(bearer).expect(200);
      // Off the staging domain (none configured here) the parameter, or the header the console carries it in, chooses.
      await http().get('/api/v1/settings').set('Host', 'nope.fabquote.example').set('X-Organization', 'acme').set(bearer).expect(200);
      await http().get('/api/v1/settings').set('Host', 'acme.fabquote.example').set('X-Organization', 'nope').set(bearer).expect(404);
    });

    it('tells the admin which organization it is on', async () => {
      const response = await http().get('/api/v1/organization').set('X-Organization', 'acme').expect(200);
      expect(response.body).toEqual({ id: expect.any(String), slug: 'acme', name: 'Acme Blech GmbH', defaultLocale: 'de' });
      await http().get('/api/v1/organization').set('X-Organization', 'nope').expect(404, { message: 'Organization not found', code: 'no_organization' });
    });
  });

  describe('settings (ra-data-json-server convention)', () => {
    const demo = () => demoAdmin.headers;

    it('creates, reads, updates and deletes a setting', async () => {
      const created = await http().post('/api/v1/settings').set(demo()).send({ slug: 'bend-classes', value: ['A', 'B'] }).expect(201);
      expect(created.body).toMatchObject({ id: expect.any(String), slug: 'bend-classes', value: ['A', 'B'] });
      expect(created.body).not.toHaveProperty('organizationId');
      const id = created.body.id;
      await http().get(`/api/v1/settings/${id}`).set(demo()).expect(200);
      const updated = await http().put(`/api/v1/settings/${id}`).set(demo()).send({ ...created.body, value: 'single' }).expect(200);
      expect(updated.body).toMatchObject({ id, slug: 'bend-classes', value: 'single' });
      await http().delete(`/api/v1/settings/${id}`).set(demo()).expect(200);
      await http().get(`/api/v1/settings/${id}`).set(demo()).expect(404, { message: 'No data found', code: 'not_found' });
    });

    it('pages, sorts, searches, filters and fetches many by id', async () => {
      const all = await http().get('/api/v1/settings?_sort=slug&_order=DESC&_start=0&_end=1000').set(demo()).expect(200);
      const slugs = all.body.map((setting: { slug: string }) => setting.slug);
      expect(slugs).toEqual([...slugs].sort().reverse());
      const page = await http().get('/api/v1/settings?_sort=slug&_order=ASC&_start=1&_end=3').set(demo()).expect(200);
      expect(page.body.map((setting: { slug: string }) => setting.slug)).toEqual([...slugs].sort().slice(1, 3));
      expect(page.headers['x-total-count']).toBe(String(slugs.length));
      const searched = await http().get('/api/v1/settings?q=EUR').set(demo()).expect(200);
      expect(searched.body.map((setting: { slug: string }) => setting.slug)).toEqual(['currency']);
      const filtered = await http().get('/api/v1/settings?slug=currency&slug=vat-rate').set(demo()).expect(200);
      expect(filtered.body).toHaveLength(2);
      const ids = filtered.body.map((setting: { id: string }) => setting.id);
      const many = await http().get(`/api/v1/settings?id=${ids[0]}&id=${ids[1]}`).set(demo()).expect(200);
      expect(many.body.map((setting: { id: string }) => setting.id).sort()).toEqual([...ids].sort());
    });

    it('refuses bad list parameters with 400 instead of failing', async () => {
      const response = await http().get('/api/v1/settings?_sort=password').set(demo()).expect(400);
      expect(response.body.errors).toEqual({ _sort: 'This list parameter is not valid' });
      await http().get('/api/v1/settings?_start=-1').set(demo()).expect(400);
      await http().get('/api/v1/settings?_order=SIDEWAYS').set(demo()).expect(400);
      await http().get('/api/v1/settings?colour=red').set(demo()).expect(400);
    });

    it('answers 422 with one message per field, in the user’s language', async () => {
      const english = await http().post('/api/v1/settings').set(demo()).send({ slug: 'x'.repeat(256), value: 7 }).expect(422);
      expect(english.body).toEqual({
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { slug: 'Value can not be longer than 255 characters', value: 'Value must be a text or a list of texts' },
      });
      const german = await http().post('/api/v1/settings').set(acmeAdmin.headers).send({}).expect(422);
      expect(german.body.errors).toEqual({ slug: 'Dieses Feld ist erforderlich', value: 'Dieses Feld ist erforderlich' });
      const tooLongItem = await http().post('/api/v1/settings').set(demo()).send({ slug: 'list', value: ['ok', 'y'.repeat(300)] }).expect(422);
      expect(tooLongItem.body.errors).toEqual({ value: 'Value can not be longer than 255 characters' });
    });

    it('prefers the signed-in user’s language to the browser’s, and the browser’s to the organization’s before sign-in', async () => {
      const response = await http()
        .post('/api/v1/settings')
        .set(acmeAdmin.headers)
        .set('Accept-Language', 'en-US')
        .send({ slug: 'Not A Slug', value: 'x' })
        .expect(422);
      expect(response.body.errors).toEqual({ slug: 'Nur Kleinbuchstaben, Ziffern, Punkte, Binde- und Unterstriche verwenden' });
      const anonymous = await http().post('/api/v1/restify/forgotPassword').set('X-Organization', 'acme').send({}).expect(422);
      expect(anonymous.body.errors).toEqual({ email: 'Dieses Feld ist erforderlich' });
      const english = await http().post('/api/v1/restify/forgotPassword').set('X-Organization', 'acme').set('Accept-Language', 'en').send({}).expect(422);
      expect(english.body.errors).toEqual({ email: 'This field is required' });
    });

    it('refuses a slug that is taken, on the slug field', async () => {
      const response = await http().post('/api/v1/settings').set(demo()).send({ slug: 'currency', value: 'CHF' }).expect(422);
      expect(response.body.errors).toEqual({ slug: 'A setting with this slug already exists' });
      const other = await http().post('/api/v1/settings').set(demo()).send({ slug: 'currency-2', value: 'CHF' }).expect(201);
      const renamed = await http().put(`/api/v1/settings/${other.body.id}`).set(demo()).send({ slug: 'currency' }).expect(422);
      expect(renamed.body.errors).toEqual({ slug: 'The key of a setting cannot be changed; create a new setting instead' });
      // The same key sent back with the record (react-admin sends it whole) is no change.
      await http().put(`/api/v1/settings/${other.body.id}`).set(demo()).send({ slug: 'currency-2', value: 'USD' }).expect(200);
    });

    it('keeps the quantity tiers as whole numbers of pieces, each once, sorted', async () => {
      const list = await http().get('/api/v1/settings?slug=quantity-tiers').set(demo()).expect(200);
      const id = list.body[0].id;
      const saved = await http().put(`/api/v1/settings/${id}`).set(demo()).send({ value: ['100', '5', '1', '25'] }).expect(200);
      expect(saved.body.value).toEqual(['1', '5', '25', '100']);
      const fraction = await http().put(`/api/v1/settings/${id}`).set(demo()).send({ value: ['1', '2.5'] }).expect(422);
      expect(fraction.body.errors.value).toMatch(/whole number/);
      const twice = await http().put(`/api/v1/settings/${id}`).set(demo()).set('Accept-Language', 'de').send({ value: ['10', '10'] }).expect(422);
      expect(twice.body.errors.value).toBeTruthy();
      await http().put(`/api/v1/settings/${id}`).set(demo()).send({ value: [] }).expect(422);
      await http().put(`/api/v1/settings/${id}`).set(demo()).send({ value: '10' }).expect(422);
      await http().put(`/api/v1/settings/${id}`).set(demo()).send({ value: ['1', '10', '100', '1000'] }).expect(200);
    });

    it('checks every setting the product reads by its kind, in English and German', async () => {
      /** The setting's id in the organization of `headers`; made with a valid value when it is not there yet. */
      const idOf = async (slug: string, headers: Record<string, string>) => {
        const [found] = (await http().get(`/api/v1/settings?slug=${slug}`).set(headers).expect(200)).body;
        return found?.id ?? (await http().post('/api/v1/settings').set(headers).send({ slug, value: slug === 'time-zone' ? 'UTC' : '' }).expect(201)).body.id;
      };
      const put = async (slug: string, value: unknown, headers = demo()) => http().put(`/api/v1/settings/${await idOf(slug, headers)}`).set(headers).send({ value });
      const refused = async (slug: string, value: unknown, headers = demo()) => {
        const response = await put(slug, value, headers);
        expect([slug, value, response.status]).toEqual([slug, value, 422]);
        return response.body.errors.value as string;
      };
      for (const value of ['NOTACODE', 'Infinity', 'EURO', 'XXX', '', ['EUR']]) {
        expect(await refused('currency', value)).toBe(value === '' || typeof value === 'string' ? 'Enter a currency by its ISO 4217 code, e.g. EUR, CHF or USD' : 'Enter one text, not a list');
      }
      expect(await refused('currency', 'NOTACODE', acmeAdmin.headers)).toBe('Geben Sie eine Währung mit ihrem ISO-4217-Code an, etwa EUR, CHF oder USD');
      expect((await put('currency', ' chf ').then((response) => response.body)).value).toBe('CHF');
      await put('currency', 'EUR');

      for (const value of ['Mars/Olympus', 'Europe/Berlin ; DROP', 'GMT+25', 'Infinity']) expect(await refused('time-zone', value)).toBe('Enter a time zone such as Europe/Berlin or UTC');
      for (const value of ['UTC', 'Europe/Berlin', 'America/New_York']) expect((await put('time-zone', value)).status).toBe(200);
      for (const value of ['Infinity', '-1', '100.5', 'NaN']) expect(await refused('vat-rate', value)).toMatch(/^Enter the VAT rate/);
      expect(await refused('letterhead-iban', 'DE89 3704 0044 0532 0130 01')).toBe('Enter a valid IBAN, e.g. DE89 3704 0044 0532 0130 00');
      expect(await refused('letterhead-iban', 'DE89 3704 0044 0532 0130', acmeAdmin.headers)).toBe('Geben Sie eine gültige IBAN an, etwa DE89 3704 0044 0532 0130 00');
      expect((await put('letterhead-iban', 'de89370400440532013000')).body.value).toBe('DE89 3704 0044 0532 0130 00');
      expect(await refused('letterhead-bic', 'COBADE')).toBe('Enter a valid BIC of 8 or 11 characters, e.g. COBADEFFXXX');
      expect((await put('letterhead-bic', 'cobadeffxxx')).body.value).toBe('COBADEFFXXX');
      expect(await refused('letterhead-email', 'office at acme')).toBe('Invalid email format');
      expect(await refused('letterhead-website', 'not a web address')).toBe('Enter a web address, e.g. https://www.example.com');
      expect((await put('letterhead-website', 'www.acme.example')).status).toBe(200);
      expect(await refused('payment-terms', '30 days net')).toBe('Enter a list of texts, not one text');
      expect(await refused('shipping-methods', ['Pickup', '  '], acmeAdmin.headers)).toBe('Lassen Sie keinen Eintrag der Liste leer');
      expect(await refused('mail-sender-name', ['a', 'b'])).toBe('Enter one text, not a list');
      // A key of the shop's own holds a text or a list of texts, as before.
      expect((await http().post('/api/v1/settings').set(demo()).send({ slug: 'own-notes', value: ['any', 'thing'] })).status).toBe(201);
    });

    it('never fails a reader on a value stored before settings were checked: the default, and a warning in the log', async () => {
      const warnings = jest.spyOn(Logger.prototype, 'warn');
      const demo = await api.get(OrganizationDirectory).findActiveBySlug('demo');
      // Written around the API, as a value stored before settings were checked by kind.
      const store = (slug: string, value: unknown) =>
        api.get(TenantTransactions).run(demo!.id, async (manager) => {
          await manager.query(`DELETE FROM settings WHERE slug = $1`, [slug]);
          await manager.query(`INSERT INTO settings (slug, value) VALUES ($1, $2::jsonb)`, [slug, JSON.stringify(value)]);
        });
      try {
        await store('currency', 'NOTACODE');
        await store('time-zone', 'Mars/Olympus');
        const profile = await http().get('/api/v1/restify/profile').set(demoAdmin.headers).expect(200);
        expect(profile.body.meta).toMatchObject({ currency: 'EUR' });
        expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ setting: 'currency', stored: '"NOTACODE"', fallback: 'EUR' }), expect.stringContaining('currency'));
        await store('currency', 'Infinity');
        await http().get('/api/v1/dashboard').set(demoAdmin.headers).expect(200);
        expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ setting: 'time-zone', fallback: 'UTC' }), expect.any(String));
      } finally {
        await store('currency', 'EUR');
        await store('time-zone', 'UTC');
        warnings.mockRestore();
      }
    });

    it('answers 404 for ids that are no ids, and 400 for a body that is no JSON', async () => {
      await http().get('/api/v1/settings/not-a-uuid').set(demo()).expect(404, { message: 'No data found', code: 'not_found' });
      const response = await http()
        .post('/api/v1/settings')
        .set(demo())
        .set('Content-Type', 'application/json')
        .send('{"slug": "broken"')
        .expect(400);
      expect(response.body.message).toBe('The request body could not be read: it is not valid JSON');
      expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js/);
      const german = await http().post('/api/v1/restify/login').set({ 'X-Organization': 'demo', 'Accept-Language': 'de' }).set('Content-Type', 'application/json').send('{"email": ').expect(400);
      expect(german.body.message).toBe('Der Inhalt der Anfrage konnte nicht gelesen werden: er ist kein gültiges JSON');
    });

    it('answers an unknown API path with a JSON 404', async () => {
      await http().get('/api/v1/no-such-thing').set(demo()).expect(404, { message: 'There is nothing at this address', code: 'not_found' });
    });
  });

  describe('health', () => {
    it('answers 200 when PostgreSQL and Redis answer', async () => {
      await http().get('/api/v1/health').expect(200, { status: 'ok', database: 'up', redis: 'up' });
    });

    it('answers 503 when Redis does not', async () => {
      const redis = await RedisProcess.start();
      const lonely = await startTestApi(testConfig(db, { REDIS_URL: redis.url }));
      try {
        await request(lonely.getHttpServer()).get('/api/v1/health').expect(200);
        await redis.stop();
        await request(lonely.getHttpServer()).get('/api/v1/health').expect(503, { status: 'unavailable', database: 'up', redis: 'down' });
      } finally {
        await lonely.close();
      }
    });
  });

  describe('queue dashboard', () => {
    it('is closed without the ops token', async () => {
      await http().get('/ops/queues').expect(401, { message: 'Unauthenticated.' });
      await http().get('/ops/queues').set('Authorization', 'Bearer wrong-token').expect(401);
      await http().get('/ops/queues?token=wrong-token').expect(401);
    });

    it('shows every queue to a holder of the token', async () => {
      await http().get('/ops/queues').set('Authorization', `Bearer ${TEST_OPS_TOKEN}`).expect(200).expect('Content-Type', /html/);
      const queues = await http().get('/ops/queues/api/queues').set('Authorization', `Bearer ${TEST_OPS_TOKEN}`).expect(200);
      expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual(
        ['extraction', 'mail', 'pricing', 'rating', 'reminders', 'speech'],
      );
    });

    it('opens to a session of a user with ops.queues in the operator organization only', async () => {
      await http().get('/ops/queues/api/queues').set('Authorization', demoAdmin.headers.Authorization).expect(200);
      const viewer = await createTestUser(api, (await api.get(OrganizationDirectory).findActiveBySlug('demo'))!, { roles: ['Viewer'] });
      await http().get('/ops/queues/api/queues').set('Authorization', viewer.headers.Authorization).expect(401);
      // An administrator of a customer organization holds ops.queues too, but must never see other organizations' jobs.
      await http().get('/ops/queues/api/queues').set('Authorization', acmeAdmin.headers.Authorization).expect(401);
    });

    it('lets a browser in once with ?token= and remembers it in an HttpOnly cookie', async () => {
      const response = await http().get(`/ops/queues?token=${TEST_OPS_TOKEN}`).expect(303);
      expect(response.headers.location).toBe('/ops/queues');
      const cookie = response.headers['set-cookie'][0];
      expect(cookie).toMatch(/HttpOnly/);
      await http().get('/ops/queues/api/queues').set('Cookie', cookie.split(';')[0]).expect(200);
    });
  });
});
