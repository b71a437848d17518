import { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { DocumentFormat } from '@fabquote/documents';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { readPdfText } from '../../../libs/documents/test/read-pdf-text';
import { seedDemo } from '../../../scripts/cli/demo';
import { startTestApi } from '../../test-support';
import { issueOfferLink } from '../src/orders/customer-offer-links';
import { CustomerOfferRepository } from '../src/orders/customer-offer.repository';
import { addressPerTest } from './support/client-address';
import { DEEP_JSON, deepJsonProblem, HOSTILE_IN_BODIES } from './support/hostile-values';

jest.setTimeout(180_000);

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** docs/api-orders.md "The customer's offer page": the page, its answers and questions, its links and throttling. */
describe("the customer's offer page", () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let tenants: TenantTransactions;
  let acme: Organization;
  let admin: TestUser;
  let product: { id: string };
  let customer: { id: string };
  const http = () => request(api.getHttpServer());
  /** Every test (and each `from.next()`) from an address of its own, so the failures one test provokes never throttle another. */
  const from = addressPerTest('203.0');
  const pagePath = (orderId: string, token: string, rest = '') => `/api/v1/pub/offers/${orderId}${rest}?token=${encodeURIComponent(token)}&host=acme`;
  const open = (orderId: string, token: string, language = 'en') => http().get(pagePath(orderId, token)).set('X-Forwarded-For', from()).set('Accept-Language', language);
  const post = (orderId: string, token: string, action: 'accept' | 'decline' | 'questions', body: unknown, language = 'en') =>
    http()
      .post(pagePath(orderId, token, `/${action}`))
      .set('X-Forwarded-For', from())
      .set('Accept-Language', language)
      .send(body as object);
  const NOT_FOUND = { message: 'No data found', code: 'not_found' };
  const asAdmin = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  const link = (orderId: string, replaceEarlier = true) => tenants.run(acme.id, () => issueOfferLink(new CustomerOfferRepository(tenants), orderId, replaceEarlier, admin.id)) as Promise<string>;
  const inAcme = <T>(sql: string, parameters: unknown[] = []) =>
    onServer(async (client) => {
      await client.query(`SELECT set_config('app.organization_id', $1, false)`, [acme.id]);
      return (await client.query(sql, parameters)).rows as T[];
    }, db.url);

  /** An offer with a product line (discounted), a heading, a free line, sent (Offered) and its link made as the mail job makes it. */
  async function offer(options: { status?: 'offered' | 'deferred'; validUntil?: string } = {}) {
    const order = await asAdmin('orders', {
      name: 'Halter 2027',
      customerId: customer.id,
      language: 'de',
      contactName: 'Jürgen Weiß',
      contactEmail: 'juergen@mueller.example',
      paymentTerms: '30 Tage netto',
      shippingTerms: 'ab Werk',
      commissionPercent: 3,
      validUntil: options.validUntil ?? '2099-12-31',
      items: [{ productId: product.id, quantity: 120, discountPercent: 2.5 }],
    });
    await asAdmin('order-items', { orderId: order.id, kind: 'text', text: 'Zubehör' });
    await asAdmin('order-items', { orderId: order.id, kind: 'free', text: 'Konstruktion', unit: 'h', quantity: 2.5, unitPrice: 68.4, discountPercent: 10 });
    await http().post(`/api/v1/orders/${order.id}/status`).set(admin.headers).send({ status: 'offered' }).expect(200);
    if (options.status === 'deferred') await http().post(`/api/v1/orders/${order.id}/status`).set(admin.headers).send({ status: 'deferred' }).expect(200);
    return { id: order.id as string, number: order.number as string, token: await link(order.id) };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH', timeZone: 'Europe/Berlin' });
    api = await startTestApi(testConfig(db));
    tenants = api.get(TenantTransactions);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    await http().put('/api/v1/company-profile').set(admin.headers).send({ addressLines: ['Werkstraße 1', '12345 Blechstadt'], phone: '+49 30 123', email: 'info@acme.example' }).expect(200);
    product = await asAdmin('products', { name: 'Halteblech', number: 'HB-1' });
    await asAdmin('product-bulk-prices', { productId: product.id, minQuantity: 1, unitPrice: 4.135 });
    customer = await asAdmin('customers', { name: 'Müller Maschinenbau AG', city: 'München', language: 'de' });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('shows the offer with the letterhead, lines, totals and terms, the very figures of its PDF', async () => {
    const sent = await offer();
    const { body } = await open(sent.id, sent.token).expect(200);
    expect(body.organization).toMatchObject({ name: 'Acme Blech GmbH', addressLines: ['Werkstraße 1', '12345 Blechstadt'], phone: '+49 30 123', email: 'info@acme.example', logo: null, timeZone: 'Europe/Berlin', currency: 'EUR' });
    expect(body.offer).toMatchObject({ id: sent.id, number: sent.number, name: 'Halter 2027', status: 'offered', language: 'de', validUntil: '2099-12-31', currency: 'EUR' });
    expect(body.offer.customer).toEqual({ name: 'Müller Maschinenbau AG', addressLines: ['München'], contactName: 'Jürgen Weiß' });
    expect(body.terms).toEqual({ paymentTerms: '30 Tage netto', shippingTerms: 'ab Werk', shippingMethod: null, shippingDate: null, shippingDays: null, validUntil: '2099-12-31' });
    expect(body.state).toBe('open');
    expect(body.reason).toBeNull();
    expect(body.acceptance).toBeNull();
    expect(body.questions).toEqual([]);
    // The worked example of docs/api-orders.md "Totals", less freight: 120 × 4.135 = 496.20, 2.5 % = 12.41; 2.5 h × 68.40 = 171.00, 10 % = 17.10.
    expect(body.lines).toEqual([
      { kind: 'product', position: 1, productNumber: 'HB-1', name: 'Halteblech', quantity: '120.0000', unit: null, unitPrice: '4.1350', discountPercent: '2.50', lineTotal: '483.79' },
      { kind: 'text', position: null, productNumber: null, name: 'Zubehör', quantity: null, unit: null, unitPrice: null, discountPercent: null, lineTotal: null },
      { kind: 'free', position: 2, productNumber: null, name: 'Konstruktion', quantity: '2.5000', unit: 'h', unitPrice: '68.4000', discountPercent: '10.00', lineTotal: '153.90' },
    ]);
    expect(body.totals).toEqual({
      valueOfGoods: '637.69',
      commissionPercent: '3.00',
      commission: '19.13',
      subtotal: '656.82',
      vatRate: '19.00',
      vatAmount: '124.80',
      totalWithVat: '781.62',
    });
    // The staff's record computes the same totals.
    const staff = (await http().get(`/api/v1/orders/${sent.id}`).set(admin.headers).expect(200)).body;
    expect([staff.valueOfGoods, staff.commission, staff.subtotal, staff.vatAmount, staff.totalWithVat]).toEqual([637.69, 19.13, 656.82, 124.8, 781.62]);
    // The PDF the page links prints every figure the page shows.
    const pdf = await http().get(pagePath(sent.id, sent.token, '/pdf')).set('X-Forwarded-For', from()).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Angebot-${sent.number}.pdf`);
    const text = (await readPdfText(pdf.body as Buffer)).pages.flat().join('\n');
    const format = new DocumentFormat('de', 'EUR');
    const printed = (figure: string) => format.formatMoney(figure).replace(/\u00a0/g, ' ');
    for (const line of body.lines.filter((each: { lineTotal: string | null }) => each.lineTotal)) {
      expect(text).toContain(printed(line.lineTotal));
      expect(text).toContain(printed(line.unitPrice));
    }
    for (const figure of ['valueOfGoods', 'commission', 'subtotal', 'vatAmount', 'totalWithVat']) expect(text).toContain(printed(body.totals[figure]));
  });

  it('accepts: Ordered by the customer online, history and record say so, staff and customer are mailed; then read-only with 409s', async () => {
    const sent = await offer();
    const accepted = await post(sent.id, sent.token, 'accept', { name: '  Eva Müller ', customerOrderNumber: 'PO-4711', note: 'Bitte mit Lieferschein' }, 'de').expect(200);
    expect(accepted.body.message).toBe('Vielen Dank! Das Angebot wurde angenommen; eine Bestätigung ist per E-Mail unterwegs.');
    expect(accepted.body.state).toBe('accepted');
    expect(accepted.body.acceptance).toEqual({ name: 'Eva Müller', customerOrderNumber: 'PO-4711', note: 'Bitte mit Lieferschein', at: expect.any(String) });
    expect(accepted.body.reason).toBe('Dieses Angebot wurde angenommen. Vielen Dank für Ihren Auftrag.');

    const order = (await http().get(`/api/v1/orders/${sent.id}`).set(admin.headers).expect(200)).body;
    expect(order.status).toBe('ordered');
    expect(order.customerOrderNumber).toBe('PO-4711');
    expect(order.acceptedOnline).toEqual({ name: 'Eva Müller', at: expect.any(String), customerOrderNumber: 'PO-4711', note: 'Bitte mit Lieferschein' });
    expect(order.declineReason).toBeNull();
    const history = (await http().get(`/api/v1/order-status-changes?orderId=${sent.id}&_sort=changedAt&_order=ASC`).set(admin.headers).expect(200)).body;
    expect(history.at(-1)).toMatchObject({ fromStatus: 'offered', toStatus: 'ordered', changedBy: null, changedByName: null, source: 'customer-page', note: 'Eva Müller' });
    const events = await inAcme<{ job_name: string; payload: { orderId: string; answer?: string } }>(
      `SELECT job_name, payload FROM outbox_events WHERE payload->>'orderId' = $1 ORDER BY job_name`,
      [sent.id],
    );
    expect(events.map((event) => [event.job_name, event.payload.answer ?? null])).toEqual([
      ['orders.offer-accepted', null],
      ['orders.offer-answered', 'accepted'],
    ]);

    // Read-only now: the page says why; every answer is a 409 in the reader's language.
    const page = (await open(sent.id, sent.token).expect(200)).body;
    expect(page.state).toBe('accepted');
    expect(page.offer.status).toBe('ordered');
    for (const [action, body] of [
      ['accept', { name: 'Eva' }],
      ['decline', {}],
      ['questions', { question: 'Noch da?' }],
    ] as const) {
      const refused = await post(sent.id, sent.token, action, body, 'de').expect(409);
      expect(refused.body).toMatchObject({ code: 'offer_not_open', message: 'Dieses Angebot wurde angenommen. Vielen Dank für Ihren Auftrag.' });
      const english = await post(sent.id, sent.token, action, body, 'en').expect(409);
      expect(english.body.message).toBe('This offer has been accepted. Thank you for your order.');
    }
    // The dashboard counts the acceptance.
    const dashboard = (await http().get('/api/v1/dashboard?interval=30d').set(admin.headers).expect(200)).body;
    expect(dashboard.onlineAcceptances).toBeGreaterThanOrEqual(1);
  });

  it('accepts a deferred offer sent as deferred; a name is required', async () => {
    const sent = await offer({ status: 'deferred' });
    expect((await open(sent.id, sent.token).expect(200)).body.state).toBe('open');
    const missing = await post(sent.id, sent.token, 'accept', { name: '   ' }, 'de').expect(422);
    expect(missing.body.errors.name).toBe('Bitte geben Sie Ihren Namen ein');
    expect((await post(sent.id, sent.token, 'accept', {}, 'en').expect(422)).body.errors.name).toBe('Please enter your name');
    await post(sent.id, sent.token, 'accept', { name: 'Eva' }).expect(200);
    const history = (await http().get(`/api/v1/order-status-changes?orderId=${sent.id}&_sort=changedAt&_order=ASC`).set(admin.headers).expect(200)).body;
    expect(history.at(-1)).toMatchObject({ fromStatus: 'deferred', toStatus: 'ordered', source: 'customer-page' });
  });

  it('declines with a reason: Declined, the reason on the record and in the history, staff mailed', async () => {
    const sent = await offer();
    const declined = await post(sent.id, sent.token, 'decline', { reason: 'Zu teuer' }, 'de').expect(200);
    expect(declined.body).toMatchObject({ message: 'Das Angebot wurde abgelehnt. Vielen Dank für Ihre Rückmeldung.', state: 'declined', declineReason: 'Zu teuer' });
    const order = (await http().get(`/api/v1/orders/${sent.id}`).set(admin.headers).expect(200)).body;
    expect(order).toMatchObject({ status: 'declined', declineReason: 'Zu teuer', acceptedOnline: null });
    const history = (await http().get(`/api/v1/order-status-changes?orderId=${sent.id}&_sort=changedAt&_order=ASC`).set(admin.headers).expect(200)).body;
    expect(history.at(-1)).toMatchObject({ fromStatus: 'offered', toStatus: 'declined', changedBy: null, source: 'customer-page', note: 'Zu teuer' });
    const [event] = await inAcme<{ payload: { answer: string } }>(`SELECT payload FROM outbox_events WHERE job_name = 'orders.offer-answered' AND payload->>'orderId' = $1`, [sent.id]);
    expect(event.payload.answer).toBe('declined');
    await post(sent.id, sent.token, 'accept', { name: 'Eva' }).expect(409);
  });

  it('takes questions; staff list and answer them, and the page shows the answer', async () => {
    const sent = await offer();
    const empty = await post(sent.id, sent.token, 'questions', { question: ' ' }, 'de').expect(422);
    expect(empty.body.errors.question).toBe('Bitte geben Sie Ihre Frage ein');
    const asked = await post(sent.id, sent.token, 'questions', { question: 'Ist eine Pulverbeschichtung möglich?' }, 'de').expect(201);
    expect(asked.body.message).toBe('Ihre Frage wurde gesendet. Wir antworten Ihnen per E-Mail.');
    const listed = await http().get(`/api/v1/order-questions?orderId=${sent.id}`).set(admin.headers).expect(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.body).toEqual([{ id: asked.body.question.id, orderId: sent.id, question: 'Ist eine Pulverbeschichtung möglich?', askedAt: expect.any(String), answer: null, answeredAt: null, answeredBy: null }]);
    expect((await http().put(`/api/v1/order-questions/${asked.body.question.id}`).set(admin.headers).send({ answer: '' }).expect(422)).body.errors.answer).toBe('Please enter an answer');
    const answered = await http().put(`/api/v1/order-questions/${asked.body.question.id}`).set(admin.headers).send({ answer: 'Ja, in RAL 7016.' }).expect(200);
    expect(answered.body).toMatchObject({ answer: 'Ja, in RAL 7016.', answeredBy: admin.id });
    const viewer = await createTestUser(api, acme, { roles: ['Viewer'] });
    await http().put(`/api/v1/order-questions/${asked.body.question.id}`).set(viewer.headers).send({ answer: 'Nein' }).expect(403);
    await http().get(`/api/v1/order-questions?orderId=${sent.id}`).set(viewer.headers).expect(200);
    const page = (await open(sent.id, sent.token).expect(200)).body;
    expect(page.questions).toEqual([{ id: asked.body.question.id, question: 'Ist eine Pulverbeschichtung möglich?', askedAt: expect.any(String), answer: 'Ja, in RAL 7016.', answeredAt: expect.any(String) }]);
    const events = await inAcme<{ job_name: string }>(`SELECT job_name FROM outbox_events WHERE payload->>'questionId' = $1 ORDER BY job_name`, [asked.body.question.id]);
    expect(events.map((event) => event.job_name)).toEqual(['orders.question-answered', 'orders.question-asked']);
  });

  it('is read-only once staff change the status or the validity ends, and says why in the offer’s language', async () => {
    const withdrawn = await offer();
    await http().post(`/api/v1/orders/${withdrawn.id}/status`).set(admin.headers).send({ status: 'draft' }).expect(200);
    const draftPage = (await open(withdrawn.id, withdrawn.token, 'en').expect(200)).body;
    expect(draftPage).toMatchObject({ state: 'withdrawn', reason: 'Dieses Angebot wird überarbeitet. Sie erhalten die neue Fassung per E-Mail.' });
    expect((await post(withdrawn.id, withdrawn.token, 'accept', { name: 'Eva' }, 'en').expect(409)).body.message).toBe('This offer is being revised. You will receive the new version by email.');

    const deferred = await offer();
    await http().post(`/api/v1/orders/${deferred.id}/status`).set(admin.headers).send({ status: 'deferred' }).expect(200);
    expect((await open(deferred.id, deferred.token).expect(200)).body).toMatchObject({ state: 'withdrawn', reason: 'Dieses Angebot wurde zurückgestellt. Bitte melden Sie sich, wenn Sie bestellen möchten.' });

    const ordered = await offer();
    await http().post(`/api/v1/orders/${ordered.id}/status`).set(admin.headers).send({ status: 'ordered' }).expect(200);
    expect((await open(ordered.id, ordered.token).expect(200)).body).toMatchObject({ state: 'withdrawn', reason: 'Dieses Angebot wurde bereits bestellt.' });

    // Valid until yesterday (Berlin): expired, still readable.
    const expired = await offer();
    await inAcme(`UPDATE orders SET valid_until = (now() AT TIME ZONE 'Europe/Berlin')::date - 1 WHERE id = $1`, [expired.id]);
    expect((await open(expired.id, expired.token).expect(200)).body).toMatchObject({ state: 'expired', reason: 'Die Gültigkeit dieses Angebots ist abgelaufen. Bitte fragen Sie uns nach einem neuen Angebot.' });
    await post(expired.id, expired.token, 'questions', { question: 'Noch gültig?' }).expect(409);
    // Valid until today: open until the end of the day in Berlin.
    await inAcme(`UPDATE orders SET valid_until = (now() AT TIME ZONE 'Europe/Berlin')::date WHERE id = $1`, [expired.id]);
    expect((await open(expired.id, expired.token).expect(200)).body.state).toBe('open');
  });

  it('answers a wrong, malformed, expired or replaced link with the neutral 404; an answer’s link leaves the current one valid', async () => {
    const sent = await offer();
    await open(sent.id, 'x'.repeat(43)).expect(404, NOT_FOUND);
    await open(randomUUID(), sent.token).expect(404, NOT_FOUND);
    await open('not-a-uuid', sent.token).expect(404, NOT_FOUND);
    await http().get(`/api/v1/pub/offers/${sent.id}?host=acme`).set('X-Forwarded-For', from()).expect(404, NOT_FOUND);
    await post(sent.id, 'y'.repeat(43), 'accept', { name: 'Eva' }).expect(404, NOT_FOUND);
    // The token is stored only as its SHA-256.
    const stored = await inAcme<{ token_hash: string }>(`SELECT token_hash FROM customer_offer_links WHERE order_id = $1`, [sent.id]);
    expect(stored.map((row) => row.token_hash)).not.toContain(sent.token);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    // An answer's link: both work.
    const answerToken = await link(sent.id, false);
    await open(sent.id, sent.token).expect(200);
    await open(sent.id, answerToken).expect(200);
    // A resend replaces both.
    const resent = await link(sent.id, true);
    await open(sent.id, sent.token).expect(404, NOT_FOUND);
    await open(sent.id, answerToken).expect(404, NOT_FOUND);
    await post(sent.id, sent.token, 'questions', { question: 'Hallo?' }).expect(404, NOT_FOUND);
    await open(sent.id, resent).expect(200);
    // Past the days a link stays readable after the offer's validity: gone.
    await inAcme(`UPDATE customer_offer_links SET expires_at = now() - interval '31 days' WHERE order_id = $1`, [sent.id]);
    await open(sent.id, resent).expect(404, NOT_FOUND);
    // Another organization's host: unknown.
    await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    await http().get(`/api/v1/pub/offers/${sent.id}?token=${resent}&host=beta`).set('X-Forwarded-For', from()).expect(404, NOT_FOUND);
  });

  it('throttles failed lookups per address (429 with Retry-After, a right link too) apart from the supplier page, and writes per offer', async () => {
    const sent = await offer();
    for (let attempt = 0; attempt < 20; attempt += 1) await open(sent.id, `wrong-${attempt}`.padEnd(43, 'x')).expect(404);
    const throttled = await open(sent.id, sent.token).expect(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.body.code).toBe('too_many_requests');
    const failures = await inAcme<{ page: string; count: number }>(`SELECT page, count(*)::int AS count FROM supplier_page_failures WHERE address = $1 GROUP BY page`, [from()]);
    expect(failures).toEqual([{ page: 'offer', count: 20 }]);
    // The supplier's page counts its own: the same address is not throttled there.
    await http().get(`/api/v1/pub/purchase-requests/${randomUUID()}/${randomUUID()}?token=${'z'.repeat(43)}&host=acme`).set('X-Forwarded-For', from()).expect(404);

    from.next();
    for (let question = 0; question < 30; question += 1) await post(sent.id, sent.token, 'questions', { question: `Frage ${question}` }).expect(201);
    const tooMany = await post(sent.id, sent.token, 'questions', { question: 'Noch eine' }).expect(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    await post(sent.id, sent.token, 'accept', { name: 'Eva' }).expect(429);
  });

  it('the demo organization has an offered order whose printed link opens its open page; each start makes a new one', async () => {
    const config = testConfig(db);
    const demo = await seedDemo(config);
    expect(demo.offerLink).toMatch(/\/pub\/offers\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]{43}&host=demo$/);
    const path = (link: string) => `/api/v1${new URL(link).pathname}${new URL(link).search}`;
    const page = (await http().get(path(demo.offerLink!)).set('X-Forwarded-For', from()).expect(200)).body;
    expect(page).toMatchObject({ state: 'open', offer: { status: 'offered' } });
    const again = await seedDemo(config);
    expect(again.seeded).toBeNull();
    await http().get(path(again.offerLink!)).set('X-Forwarded-For', from()).expect(200);
    await http().get(path(demo.offerLink!)).set('X-Forwarded-For', from()).expect(404);
  });

  it('hostile input on every field of every public endpoint: never a 500, always a readable answer', async () => {
    const wrong: string[] = [];
    const readable = (response: request.Response, what: string) => {
      const fine = response.status < 400 || (typeof response.body.message === 'string' && response.body.message.length > 0);
      if (response.status >= 500 || !fine) wrong.push(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
    };
    const cases: Array<[string, 'accept' | 'decline' | 'questions', (value: unknown) => unknown]> = [
      ['accept name', 'accept', (value) => ({ name: value })],
      ['accept customerOrderNumber', 'accept', (value) => ({ name: 'Eva', customerOrderNumber: value })],
      ['accept note', 'accept', (value) => ({ name: 'Eva', note: value })],
      ['decline reason', 'decline', (value) => ({ reason: value })],
      ['question', 'questions', (value) => ({ question: value })],
    ];
    for (const [what, action, bodyWith] of cases) {
      const sent = await offer();
      const problem = deepJsonProblem(await http().post(pagePath(sent.id, sent.token, `/${action}`)).set('X-Forwarded-For', from.next()).type('json').send(DEEP_JSON));
      if (problem) wrong.push(`${what} with a body 3,000 levels deep: ${problem}`);
      for (const value of HOSTILE_IN_BODIES) {
        const response = await http().post(pagePath(sent.id, sent.token, `/${action}`)).set('X-Forwarded-For', from.next()).send(bodyWith(value) as object);
        readable(response, `${what}=${JSON.stringify(value)?.slice(0, 40)}`);
      }
      for (const body of [[{ name: 'Eva' }], 'text', 42]) {
        const response = await http().post(pagePath(sent.id, sent.token, `/${action}`)).set('X-Forwarded-For', from.next()).set('Content-Type', 'application/json').send(JSON.stringify(body));
        readable(response, `${what} body=${JSON.stringify(body)}`);
      }
    }
    // Staff's answer.
    const sent = await offer();
    const asked = await post(sent.id, sent.token, 'questions', { question: 'Fine?' }).expect(201);
    const problem = deepJsonProblem(await http().put(`/api/v1/order-questions/${asked.body.question.id}`).set(admin.headers).type('json').send(DEEP_JSON));
    if (problem) wrong.push(`PUT answer 3,000 levels deep: ${problem}`);
    for (const value of HOSTILE_IN_BODIES) readable(await http().put(`/api/v1/order-questions/${asked.body.question.id}`).set(admin.headers).send({ answer: value }), `answer=${JSON.stringify(value)?.slice(0, 40)}`);
    // Hostile ids, tokens and hosts on the page and its PDF.
    for (const id of ['not-a-uuid', '1'.repeat(2000), '%00', '%E0%A4%A', '..%2f..', `${sent.id}%00`]) {
      readable(await http().get(`/api/v1/pub/offers/${id}?token=${sent.token}&host=acme`).set('X-Forwarded-For', from.next()), `id=${id.slice(0, 20)}`);
      readable(await http().get(`/api/v1/pub/offers/${id}/pdf?token=${sent.token}&host=acme`).set('X-Forwarded-For', from.next()), `pdf id=${id.slice(0, 20)}`);
    }
    for (const hostile of ['', '%00', 'x'.repeat(5000), '%E0%A4%A', 'a&token=b', '[]']) {
      readable(await http().get(`/api/v1/pub/offers/${sent.id}?token=${hostile}&host=acme`).set('X-Forwarded-For', from.next()), `token=${hostile.slice(0, 20)}`);
      readable(await http().get(`/api/v1/pub/offers/${sent.id}?token[]=${sent.token}&token[]=x&host=acme`).set('X-Forwarded-For', from.next()), 'token twice');
      readable(await http().get(`/api/v1/pub/offers/${sent.id}?token=${sent.token}&host=${hostile}`).set('X-Forwarded-For', from.next()), `host=${hostile.slice(0, 20)}`);
    }
    expect(wrong).toEqual([]);
  });
});
