import { NestExpressApplication } from '@nestjs/platform-express';
import { createCanvas } from '@napi-rs/canvas';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { encodePng, Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { readPdfText } from '../../../libs/documents/test/read-pdf-text';
import { startTestApi } from '../../test-support';
import { OrderPdfs } from '../src/orders/order-pdf.service';
import { DEEP_JSON, deepJsonProblem, HOSTILE_IN_BODIES } from './support/hostile-values';

/** The company profile, its logo checked by content, and the PDF's letterhead from them. */
describe('the company profile', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let betaAdmin: TestUser;
  const http = () => request(api.getHttpServer());
  const binary = (response: request.Response, done: (error: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  };
  const png = encodePng(120, 40, (x) => (x < 60 ? [31, 78, 121, 255] : [230, 126, 34, 255]));
  const jpeg = (() => {
    const canvas = createCanvas(90, 30);
    canvas.getContext('2d').fillRect(0, 0, 45, 30);
    return canvas.toBuffer('image/jpeg');
  })();

  const FULL = {
    name: 'Acme Blech & Laser GmbH',
    addressLines: [' Werkstraße 1 ', '70173 Stuttgart', '', 'Deutschland'],
    phone: '+49 711 1234-0',
    email: 'info@acme.example',
    website: 'https://www.acme.example',
    vatId: 'DE123456789',
    taxNumber: '99/815/08150',
    bankName: 'Volksbank Stuttgart',
    iban: 'de89370400440532013000',
    bic: 'cobade ff xxx',
    timeZone: 'Europe/Berlin',
    currency: 'chf',
    paymentTerms: '14 Tage 2 % Skonto, 30 Tage netto',
    shippingTerms: 'Ab Werk Stuttgart',
    offerValidityDays: 45,
    replyTo: 'vertrieb@acme.example',
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', defaultLocale: 'de' });
    api = await startTestApi(testConfig(db));
    [admin, german, viewer, outsider, betaAdmin] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(api, acme, { permissions: ['settings.view', 'settings.update', 'settings.create'] }),
      createTestUser(api, acme, { permissions: ['customers.view', 'orders.view'] }),
      createTestUser(api, beta, { roles: ['Administrator'] }),
    ]);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('starts with what a new organization has: its name, UTC, its currency, 30 days, no logo', async () => {
    const profile = (await http().get('/api/v1/company-profile').set(viewer.headers).expect(200)).body;
    expect(profile).toEqual({
      name: null,
      organizationName: 'Acme Blech GmbH',
      addressLines: [],
      phone: null,
      email: null,
      website: null,
      vatId: null,
      taxNumber: null,
      bankName: null,
      iban: null,
      bic: null,
      timeZone: 'UTC',
      currency: 'EUR',
      paymentTerms: null,
      shippingTerms: null,
      offerValidityDays: 30,
      replyTo: null,
      logo: null,
    });
    await http().get('/api/v1/company-profile/logo').set(viewer.headers).expect(404);
  });

  it('keeps every field in the settings under their keys, each in its one spelling, and clears a field given as null', async () => {
    const saved = (await http().put('/api/v1/company-profile').set(admin.headers).send(FULL).expect(200)).body;
    expect(saved).toMatchObject({
      message: 'Company profile saved',
      name: 'Acme Blech & Laser GmbH',
      addressLines: ['Werkstraße 1', '70173 Stuttgart', 'Deutschland'],
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      currency: 'CHF',
      timeZone: 'Europe/Berlin',
      offerValidityDays: 45,
      taxNumber: '99/815/08150',
      replyTo: 'vertrieb@acme.example',
    });
    const { message: _message, ...profile } = saved;
    expect((await http().get('/api/v1/company-profile').set(viewer.headers).expect(200)).body).toEqual(profile);
    const settings = (await http().get('/api/v1/settings?_end=200').set(viewer.headers).expect(200)).body as Array<{ slug: string; value: unknown }>;
    const stored = Object.fromEntries(settings.map((setting) => [setting.slug, setting.value]));
    expect(stored).toMatchObject({
      'letterhead-name': 'Acme Blech & Laser GmbH',
      'letterhead-address': ['Werkstraße 1', '70173 Stuttgart', 'Deutschland'],
      'letterhead-tax-number': '99/815/08150',
      'letterhead-iban': 'DE89 3704 0044 0532 0130 00',
      'time-zone': 'Europe/Berlin',
      currency: 'CHF',
      'default-payment-terms': '14 Tage 2 % Skonto, 30 Tage netto',
      'default-shipping-terms': 'Ab Werk Stuttgart',
      'offer-validity-days': '45',
      'mail-reply-to': 'vertrieb@acme.example',
    });

    // A field left out stays; null or blank clears it.
    const cleared = (await http().put('/api/v1/company-profile').set(admin.headers).send({ phone: null, website: '  ', currency: 'EUR' }).expect(200)).body;
    expect(cleared).toMatchObject({ phone: null, website: null, currency: 'EUR', email: 'info@acme.example' });
    const after = (await http().get('/api/v1/settings?slug=letterhead-phone&slug=letterhead-website').set(viewer.headers).expect(200)).body;
    expect(after).toEqual([]);
  });

  it('refuses every field that does not fit its kind, all named in one 422 in the reader\'s language, and writes nothing then', async () => {
    const wrong = {
      email: 'info at acme',
      website: 'javascript:alert(1)',
      iban: 'DE89 3704 0044 0532 0130 01',
      bic: 'COBADE',
      timeZone: 'Mars/Olympus',
      currency: 'NOTACODE',
      offerValidityDays: '366',
      replyTo: 'sales',
      name: 'Renamed GmbH',
    };
    const english = (await http().put('/api/v1/company-profile').set(admin.headers).send(wrong).expect(422)).body;
    expect(english.errors).toEqual({
      email: 'Invalid email format',
      website: 'Enter a web address, e.g. https://www.example.com',
      iban: 'Enter a valid IBAN, e.g. DE89 3704 0044 0532 0130 00',
      bic: 'Enter a valid BIC of 8 or 11 characters, e.g. COBADEFFXXX',
      timeZone: 'Enter a time zone such as Europe/Berlin or UTC',
      currency: 'Enter a currency by its ISO 4217 code, e.g. EUR, CHF or USD',
      offerValidityDays: 'Enter the validity as whole days from 1 to 365',
      replyTo: 'Invalid email format',
    });
    const deutsch = (await http().put('/api/v1/company-profile').set(german.headers).send(wrong).expect(422)).body;
    expect(deutsch.errors).toEqual({
      email: 'Ungültiges E-Mail-Format',
      website: 'Geben Sie eine Webadresse an, etwa https://www.example.com',
      iban: 'Geben Sie eine gültige IBAN an, etwa DE89 3704 0044 0532 0130 00',
      bic: 'Geben Sie eine gültige BIC mit 8 oder 11 Zeichen an, etwa COBADEFFXXX',
      timeZone: 'Geben Sie eine Zeitzone an, etwa Europe/Berlin oder UTC',
      currency: 'Geben Sie eine Währung mit ihrem ISO-4217-Code an, etwa EUR, CHF oder USD',
      offerValidityDays: 'Geben Sie die Gültigkeit in ganzen Tagen von 1 bis 365 an',
      replyTo: 'Ungültiges E-Mail-Format',
    });
    for (const [field, value] of [['offerValidityDays', 0], ['offerValidityDays', 1.5], ['offerValidityDays', 'abc']] as const) {
      const refused = (await http().put('/api/v1/company-profile').set(admin.headers).send({ [field]: value }).expect(422)).body;
      expect(refused.errors).toEqual({ offerValidityDays: 'Enter the validity as whole days from 1 to 365' });
    }
    expect((await http().put('/api/v1/company-profile').set(admin.headers).send({ timeZone: null, currency: '' }).expect(422)).body.errors).toEqual({ timeZone: expect.any(String), currency: expect.any(String) });
    expect((await http().put('/api/v1/company-profile').set(german.headers).send({ addressLines: ['1', '2', '3', '4', '5', '6', '7'] }).expect(422)).body.errors).toEqual({ addressLines: 'Geben Sie höchstens 6 Adresszeilen an' });
    expect((await http().put('/api/v1/company-profile').set(admin.headers).send({ phone: ['+49'] }).expect(422)).body.errors.phone).toBe('Value must be a text');
    expect((await http().put('/api/v1/company-profile').set(admin.headers).send({ paymentTerms: 'x'.repeat(1001) }).expect(422)).body.errors.paymentTerms).toBeDefined();
    // Nothing of the refused bodies was written, not even the name that was fine.
    expect((await http().get('/api/v1/company-profile').set(viewer.headers).expect(200)).body).toMatchObject({ name: 'Acme Blech & Laser GmbH', email: 'info@acme.example', timeZone: 'Europe/Berlin', offerValidityDays: 45 });
  });

  it('takes a logo by its content: a PNG named .jpg is a PNG, a JPEG is a JPEG, and it comes back as it was sent', async () => {
    const saved = (await http().put('/api/v1/company-profile/logo').set(admin.headers).attach('logo', png, { filename: 'logo.jpg', contentType: 'image/jpeg' }).expect(200)).body;
    expect(saved).toMatchObject({ message: 'Logo saved', logo: { contentType: 'image/png', width: 120, height: 40, size: png.length } });
    const back = await http().get('/api/v1/company-profile/logo').set(viewer.headers).buffer(true).parse(binary).expect(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(back.body as Buffer, png)).toBe(0);

    const replaced = (await http().put('/api/v1/company-profile/logo').set(german.headers).attach('logo', jpeg, { filename: 'logo.png', contentType: 'image/png' }).expect(200)).body;
    expect(replaced).toMatchObject({ message: 'Logo gespeichert', logo: { contentType: 'image/jpeg', width: 90, height: 30 } });
    const jpegBack = await http().get('/api/v1/company-profile/logo').set(viewer.headers).buffer(true).parse(binary).expect(200);
    expect(jpegBack.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(jpegBack.body as Buffer, jpeg)).toBe(0);
  });

  it('refuses text named .png, an image over 1 MB, an empty file and no file, in English and German, and keeps the logo it had', async () => {
    const upload = (user: TestUser, content: Buffer, filename: string, contentType: string) =>
      http().put('/api/v1/company-profile/logo').set(user.headers).attach('logo', content, { filename, contentType }).expect(422);
    const text = Buffer.from('This is not a picture, whatever its name says.');
    expect((await upload(admin, text, 'logo.png', 'image/png')).body.errors).toEqual({ logo: 'The logo must be a PNG or JPEG image' });
    expect((await upload(german, text, 'logo.png', 'image/png')).body.errors).toEqual({ logo: 'Das Logo muss ein PNG- oder JPEG-Bild sein' });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
    expect((await upload(admin, gif, 'logo.png', 'image/png')).body.errors).toEqual({ logo: 'The logo must be a PNG or JPEG image' });
    // Noise does not compress: 600 × 600 pixels of it are a PNG of about 1.4 MB.
    const noise = randomBytes(600 * 600 * 4);
    const large = encodePng(600, 600, (x, y) => {
      const at = (y * 600 + x) * 4;
      return [noise[at], noise[at + 1], noise[at + 2], 255];
    });
    expect(large.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(admin, large, 'photo.png', 'image/png')).body.errors).toEqual({ logo: 'The logo may be at most 1 MB' });
    expect((await upload(german, large, 'photo.png', 'image/png')).body.errors).toEqual({ logo: 'Das Logo darf höchstens 1 MB groß sein' });
    expect((await upload(admin, Buffer.alloc(0), 'empty.png', 'image/png')).body.errors).toEqual({ logo: 'Choose a logo file: the file sent is empty' });
    expect((await upload(german, Buffer.alloc(0), 'empty.png', 'image/png')).body.errors).toEqual({ logo: 'Wählen Sie eine Logo-Datei: die gesendete Datei ist leer' });
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.from('broken')]);
    expect((await upload(admin, damaged, 'logo.png', 'image/png')).body.errors.logo).toMatch(/^This image cannot be read/);
    const none = await http().put('/api/v1/company-profile/logo').set(admin.headers).field('note', 'no file').expect(422);
    expect(none.body.errors).toEqual({ logo: 'Choose a logo file: the file sent is empty' });
    const two = await http().put('/api/v1/company-profile/logo').set(admin.headers).attach('logo', png, 'a.png').attach('logo', png, 'b.png').expect(422);
    expect(two.body.errors.logo).toBe('Please send one file at a time');
    expect((await http().get('/api/v1/company-profile').set(viewer.headers).expect(200)).body.logo).toMatchObject({ contentType: 'image/jpeg' });
  });

  it('keeps each organization\'s profile and logo to itself', async () => {
    const betaProfile = (await http().get('/api/v1/company-profile').set(betaAdmin.headers).expect(200)).body;
    expect(betaProfile).toMatchObject({ name: null, organizationName: 'Beta Laser AG', email: null, logo: null, offerValidityDays: 30 });
    await http().get('/api/v1/company-profile/logo').set(betaAdmin.headers).expect(404);
    await http().delete('/api/v1/company-profile/logo').set(betaAdmin.headers).expect(404);
    await http().put('/api/v1/company-profile/logo').set(betaAdmin.headers).attach('logo', png, 'beta.png').expect(200);
    await http().put('/api/v1/company-profile').set(betaAdmin.headers).send({ name: 'Beta Laser AG Zürich' }).expect(200);
    // Acme's are as they were.
    const acmeProfile = (await http().get('/api/v1/company-profile').set(viewer.headers).expect(200)).body;
    expect(acmeProfile).toMatchObject({ name: 'Acme Blech & Laser GmbH', logo: { contentType: 'image/jpeg' } });
    const acmeLogo = await http().get('/api/v1/company-profile/logo').set(viewer.headers).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(acmeLogo.body as Buffer, jpeg)).toBe(0);
  });

  it('answers every hostile value in every field, and a body nested too deeply, below 500 and in words', async () => {
    const wrong: string[] = [];
    expect(deepJsonProblem(await http().put('/api/v1/company-profile').set(betaAdmin.headers).type('json').send(DEEP_JSON))).toBeNull();
    for (const field of Object.keys(FULL)) {
      for (const value of HOSTILE_IN_BODIES) {
        const answer = await http().put('/api/v1/company-profile').set(betaAdmin.headers).send({ ...FULL, [field]: value });
        if (answer.status >= 500 || (answer.status >= 400 && !(typeof answer.body.message === 'string' && answer.body.message))) wrong.push(`${field}=${JSON.stringify(value)?.slice(0, 30)}: ${answer.status}`);
      }
    }
    for (const value of HOSTILE_IN_BODIES.filter((item) => typeof item === 'string')) {
      const answer = await http().put('/api/v1/company-profile/logo').set(betaAdmin.headers).attach('logo', Buffer.from(value as string), 'logo.png');
      if (answer.status !== 422) wrong.push(`logo ${JSON.stringify(value)?.slice(0, 30)}: ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('is read with settings.view and changed only with settings.manage', async () => {
    await http().get('/api/v1/company-profile').set(outsider.headers).expect(403);
    await http().get('/api/v1/company-profile/logo').set(outsider.headers).expect(403);
    await http().get('/api/v1/company-profile').set('X-Organization', 'acme').expect(401);
    await http().put('/api/v1/company-profile').set(viewer.headers).send({ name: 'Taken over' }).expect(403);
    await http().put('/api/v1/company-profile/logo').set(viewer.headers).attach('logo', png, 'logo.png').expect(403);
    await http().delete('/api/v1/company-profile/logo').set(viewer.headers).expect(403);
    expect((await http().get('/api/v1/company-profile').set(viewer.headers).expect(200)).body.name).toBe('Acme Blech & Laser GmbH');
  });

  it('prints the profile on the offer — logo as an image, tax number, bank — and gives new orders its terms and validity', async () => {
    await http().put('/api/v1/company-profile/logo').set(admin.headers).attach('logo', png, 'logo.png').expect(200);
    await http().put('/api/v1/company-profile').set(admin.headers).send({ phone: '+49 711 1234-0', currency: 'EUR' }).expect(200);
    const product = (await http().post('/api/v1/products').set(admin.headers).send({ name: 'Bracket', number: 'P-1' }).expect(201)).body;
    await http().post('/api/v1/product-bulk-prices').set(admin.headers).send({ productId: product.id, minQuantity: 1, unitPrice: 4 }).expect(201);
    const order = (await http().post('/api/v1/orders').set(admin.headers).send({ contactName: 'Eva Schmidt', language: 'de', items: [{ productId: product.id, quantity: 10 }] }).expect(201)).body;
    expect(order).toMatchObject({ paymentTerms: '14 Tage 2 % Skonto, 30 Tage netto', shippingTerms: 'Ab Werk Stuttgart' });
    const days = (Date.parse(order.validUntil) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect([44, 45, 46]).toContain(days); // 45 days from today in the organization's zone
    // Given terms win over the profile's.
    const own = (await http().post('/api/v1/orders').set(admin.headers).send({ contactName: 'Eva', paymentTerms: 'Vorkasse', items: [{ productId: product.id, quantity: 1 }] }).expect(201)).body;
    expect(own).toMatchObject({ paymentTerms: 'Vorkasse', shippingTerms: 'Ab Werk Stuttgart' });

    const pdf = (await http().get(`/api/v1/orders/${order.id}/pdf`).set(admin.headers).buffer(true).parse(binary).expect(200)).body as Buffer;
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const text = (await readPdfText(pdf)).pages.flat().join('\n').replace(/[\u00a0\u202f]/g, ' ');
    for (const expected of ['Acme Blech & Laser GmbH', 'Werkstraße 1', '70173 Stuttgart', 'Telefon +49 711 1234-0', 'info@acme.example', 'USt-IdNr. DE123456789', 'St.-Nr. 99/815/08150', 'Bank Volksbank Stuttgart', 'IBAN DE89 3704 0044 0532 0130 00', 'BIC COBADEFFXXX']) {
      expect(text).toContain(expected);
    }

    // Without a logo the PDF has no image.
    expect((await http().delete('/api/v1/company-profile/logo').set(german.headers).expect(200)).body).toMatchObject({ message: 'Logo entfernt', logo: null });
    await http().get('/api/v1/company-profile/logo').set(viewer.headers).expect(404);
    const plain = (await http().get(`/api/v1/orders/${order.id}/pdf`).set(admin.headers).buffer(true).parse(binary).expect(200)).body as Buffer;
    expect(plain.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('sends customers\' replies to offer mails to the profile\'s Reply-To address when it has one, else to the clerk who sends', async () => {
    const replyTo = (userId: string) => api.get(TenantTransactions).run(acme.id, () => api.get(OrderPdfs).replyTo(userId));
    expect((await http().get('/api/v1/company-profile').set(viewer.headers).expect(200)).body.replyTo).toBe('vertrieb@acme.example');
    expect(await replyTo(admin.id)).toEqual({ name: '', address: 'vertrieb@acme.example' });
    await http().put('/api/v1/company-profile').set(admin.headers).send({ replyTo: null }).expect(200);
    expect(await replyTo(admin.id)).toEqual({ name: expect.any(String), address: admin.email });
  });
});
