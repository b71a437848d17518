import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { DocumentFormat } from '@fabquote/documents';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { readPdfText } from '../../../libs/documents/test/read-pdf-text';
import { startTestApi } from '../../test-support';
import { dayIn } from '../src/orders/order-pdf';
import { HOSTILE } from './support/hostile-values';

jest.setTimeout(120_000);

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** docs/api-orders.md "PDF": the order's offer or confirmation as a download, and its mail queued. */
describe('orders: the PDF', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let betaAdmin: TestUser;
  let order: Record<string, unknown> & { id: string; number: string };
  let betaOrder: { id: string; number: string };
  const http = () => request(api.getHttpServer());
  const pdfOf = (id: string, user: TestUser, query = '') => http().get(`/api/v1/orders/${id}/pdf${query}`).set(user.headers).buffer(true).parse(binary);
  const textOf = async (pdf: Buffer) => (await readPdfText(pdf)).pages.flat();
  /** As the PDF's text reads: the formatter's no-break spaces are plain ones there. */
  const money = (locale: 'en' | 'de', amount: unknown) => new DocumentFormat(locale, 'EUR').formatMoney(String(amount)).replace(/\u00a0/g, ' ');

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', defaultLocale: 'de' });
    api = await startTestApi(testConfig(db));
    [admin, german, viewer, outsider, betaAdmin] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(api, acme, { roles: ['Viewer'] }),
      createTestUser(api, acme, { permissions: ['customers.view'] }),
      createTestUser(api, beta, { roles: ['Administrator'] }),
    ]);
    const post = async (user: TestUser, resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(user.headers).send(body).expect(201)).body;
    // The worked example of docs/api-orders.md "Totals": cents rounded at each documented point.
    const products: Record<string, { id: string }> = {};
    for (const price of ['12.50', '0.335', '19.99']) {
      products[price] = await post(admin, 'products', { name: `Bügel zu ${price}`, number: `P-${price}` });
      await post(admin, 'product-bulk-prices', { productId: products[price].id, minQuantity: 1, unitPrice: Number(price) });
    }
    const customer = await post(admin, 'customers', { name: 'Müller Maschinenbau AG', accountNumber: 'K-4711', address: 'Größenweg 5', zipCode: '80331', city: 'München', country: 'Deutschland' });
    for (const [slug, value] of Object.entries({
      'letterhead-name': 'Acme Blech & Laser GmbH',
      'letterhead-address': ['Werkstraße 1', '70173 Stuttgart'],
      'letterhead-iban': 'DE89 3704 0044 0532 0130 00',
      'time-zone': 'Pacific/Kiritimati',
    })) {
      await post(admin, 'settings', { slug, value });
    }
    order = await post(admin, 'orders', {
      name: 'Brackets 2027',
      customerId: customer.id,
      language: 'de',
      contactName: 'Jürgen Weiß',
      contactEmail: 'juergen@mueller.example',
      requestNumber: 'RFQ-7781',
      commissionPercent: 2.5,
      vatRate: 19,
      paymentTerms: '30 Tage netto',
      items: [
        { productId: products['12.50'].id, quantity: 10 },
        { productId: products['0.335'].id, quantity: 3 },
        { productId: products['19.99'].id, quantity: 7, discountPercent: 5 },
      ],
    });
    const betaProduct = await post(betaAdmin, 'products', { name: 'Blech', number: 'B-1' });
    await post(betaAdmin, 'product-bulk-prices', { productId: betaProduct.id, minQuantity: 1, unitPrice: 2.5 });
    betaOrder = await post(betaAdmin, 'orders', { contactName: 'Eva', items: [{ productId: betaProduct.id, quantity: 1 }] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('answers the offer in the order\'s language with its totals equal to the API\'s to the cent', async () => {
    const read = (await http().get(`/api/v1/orders/${order.id}`).set(viewer.headers).expect(200)).body;
    expect(read).toMatchObject({ valueOfGoods: 258.94, commission: 6.47, subtotal: 265.41, vatAmount: 50.43, totalWithVat: 315.84 });
    const answer = await pdfOf(order.id, viewer).expect(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Angebot-${order.number}.pdf"; filename*=UTF-8''Angebot-${order.number}.pdf`);
    const text = await textOf(answer.body as Buffer);
    const euro = new DocumentFormat('de', 'EUR');
    expect(text).toContain(`Angebot ${order.number}`);
    for (const total of ['valueOfGoods', 'commission', 'subtotal', 'vatAmount', 'totalWithVat']) {
      expect(text).toContain(money('de', read[total]));
    }
    expect(text).toEqual(expect.arrayContaining(['Bügel zu 19.99', '132,93 €', 'Müller Maschinenbau AG', 'Größenweg 5', '80331 München', 'Acme Blech & Laser GmbH']));
    expect(text.join('\n')).toContain('DE89 3704 0044 0532 0130 00');
    // The date: the day it became a draft in the organization's time zone (UTC+14), not UTC's.
    expect(text.join('\n')).toContain(euro.formatDate(dayIn(new Date(read.statusChangedAt), 'Pacific/Kiritimati')));
  });

  it('answers English on ?language=en, and the order confirmation once ordered', async () => {
    const read = (await http().get(`/api/v1/orders/${order.id}`).set(viewer.headers).expect(200)).body;
    const english = await pdfOf(order.id, viewer, '?language=en').expect(200);
    expect(english.headers['content-disposition']).toBe(`attachment; filename="Offer-${order.number}.pdf"; filename*=UTF-8''Offer-${order.number}.pdf`);
    const text = await textOf(english.body as Buffer);
    expect(text).toContain(`Offer ${order.number}`);
    for (const total of ['valueOfGoods', 'commission', 'subtotal', 'vatAmount', 'totalWithVat']) expect(text).toContain(money('en', read[total]));
    expect(text).toEqual(expect.arrayContaining(['€315.84', '€132.93']));

    const copy = (await http().post('/api/v1/orders').set(admin.headers).send({ contactName: 'Eva', items: [{ productId: (await http().get(`/api/v1/order-items?orderId=${order.id}`).set(admin.headers)).body[0].productId, quantity: 2 }] }).expect(201)).body;
    await http().post(`/api/v1/orders/${copy.id}/status`).set(admin.headers).send({ status: 'offered' }).expect(200);
    await http().post(`/api/v1/orders/${copy.id}/status`).set(admin.headers).send({ status: 'ordered' }).expect(200);
    const confirmation = await pdfOf(copy.id, viewer, '?language=de').expect(200);
    expect(confirmation.headers['content-disposition']).toBe(`attachment; filename="Auftragsbest_tigung-${copy.number}.pdf"; filename*=UTF-8''Auftragsbest%C3%A4tigung-${copy.number}.pdf`);
    expect(await textOf(confirmation.body as Buffer)).toContain(`Auftragsbestätigung ${copy.number}`);
    const english2 = await pdfOf(copy.id, viewer).expect(200);
    expect(english2.headers['content-disposition']).toBe(`attachment; filename="Order confirmation-${copy.number}.pdf"; filename*=UTF-8''Order%20confirmation-${copy.number}.pdf`);
  });

  it('keeps another organization\'s order out of reach, and its own dates in UTC without a time zone', async () => {
    await pdfOf(betaOrder.id, admin).expect(404);
    await http().post(`/api/v1/orders/${betaOrder.id}/send-pdf`).set(admin.headers).expect(404);
    await pdfOf(order.id, betaAdmin).expect(404);
    const read = (await http().get(`/api/v1/orders/${betaOrder.id}`).set(betaAdmin.headers).expect(200)).body;
    const answer = await pdfOf(betaOrder.id, betaAdmin).expect(200);
    const text = (await textOf(answer.body as Buffer)).join('\n');
    expect(text).toContain(`Angebot ${betaOrder.number}`);
    expect(text).toContain('Beta Laser AG');
    expect(text).toContain(new DocumentFormat('de', 'EUR').formatDate(dayIn(new Date(read.statusChangedAt), 'UTC')));
  });

  it('needs orders.view to download and orders.update to send', async () => {
    await pdfOf(order.id, outsider).expect(403);
    await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(viewer.headers).expect(403);
    await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(outsider.headers).expect(403);
  });

  it('queues the mail to the contact, and refuses an order without a contact email or anybody to address', async () => {
    const sent = (await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(admin.headers).expect(200)).body;
    expect(sent).toEqual({ message: `Angebot ${order.number} is being mailed to juergen@mueller.example`, to: 'juergen@mueller.example', language: 'de' });
    const inGerman = (await http().post(`/api/v1/orders/${order.id}/send-pdf?language=en`).set(german.headers).expect(200)).body;
    expect(inGerman).toMatchObject({ message: `Offer ${order.number} wird an juergen@mueller.example gesendet`, language: 'en' });
    const productId = (await http().get(`/api/v1/order-items?orderId=${order.id}`).set(admin.headers)).body[0].productId;
    const noMail = (await http().post('/api/v1/orders').set(admin.headers).send({ contactName: 'Eva', items: [{ productId, quantity: 1 }] }).expect(201)).body;
    const refused = (await http().post(`/api/v1/orders/${noMail.id}/send-pdf`).set(admin.headers).expect(422)).body;
    expect(refused.errors.contactEmail).toBe('The order has no contact email: enter one before sending its PDF');
    const refusedDe = (await http().post(`/api/v1/orders/${noMail.id}/send-pdf`).set(german.headers).expect(422)).body;
    expect(refusedDe.errors.contactEmail).toBe('Der Auftrag hat keine Kontakt-E-Mail: Tragen Sie eine ein, bevor Sie sein PDF senden');
    const nobody = (await http().post('/api/v1/orders').set(admin.headers).send({ items: [{ productId, quantity: 1 }] }).expect(201)).body;
    const noAddressee = (await pdfOf(nobody.id, admin).expect(422)).body as Buffer;
    expect(JSON.parse(noAddressee.toString('utf8')).errors.customerId).toBe("Choose a customer or enter a contact name before making the order's PDF");
    const events = await api.get(TenantTransactions).run(acme.id, (manager) => manager.query(`SELECT payload FROM outbox_events WHERE job_name = 'orders.mail-pdf' ORDER BY occurred_at`));
    expect(events.map((event: { payload: object }) => event.payload)).toEqual([
      // Who sent it: the customer's reply goes to them.
      { orderId: order.id, sentBy: admin.id, organizationId: acme.id },
      { orderId: order.id, language: 'en', sentBy: german.id, organizationId: acme.id },
    ]);
  });

  it('checks the letterhead and time zone settings', async () => {
    const refuse = async (slug: string, value: unknown) => (await http().post('/api/v1/settings').set(admin.headers).send({ slug, value }).expect(422)).body.errors.value;
    expect(await refuse('letterhead-name', ['a', 'b'])).toBe('Enter one text, not a list');
    expect(await refuse('letterhead-email', 'not a mail')).toBe('Invalid email format');
    expect(await refuse('time-zone', 'Mars/Olympus')).toBe('Enter a time zone such as Europe/Berlin or UTC');
    await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'letterhead-email', value: 'office@acme.example' }).expect(201);
  });

  it('answers hostile ids and languages below 500', async () => {
    for (const value of HOSTILE) {
      const id = encodeURIComponent(typeof value === 'string' ? value || 'x' : JSON.stringify(value));
      const download = await http().get(`/api/v1/orders/${id}/pdf`).set(admin.headers);
      expect([download.status, value]).toEqual([download.status < 500 ? download.status : 'a 4xx', value]);
      const send = await http().post(`/api/v1/orders/${id}/send-pdf`).set(admin.headers);
      expect(send.status).toBeLessThan(500);
      const languageAuthed = await pdfOf(order.id, admin, `?language=${encodeURIComponent(String(value))}`);
      expect(languageAuthed.status).toBeLessThan(500);
    }
    for (const query of ['?language=fr', '?language=', '?language[]=en', '?language=en&language=de', '?language[a]=1']) {
      const answer = await pdfOf(order.id, german, query).expect(422);
      expect(JSON.parse((answer.body as Buffer).toString('utf8')).errors.language).toBe('Wählen Sie Englisch (en) oder Deutsch (de)');
    }
  });
});
