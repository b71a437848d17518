import { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { dxfDrawing, readDxf } from '@fabquote/cad';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { replaceToken, SeededRequest, seedPurchaseRequest } from './support/supplier-page-seed';

jest.setTimeout(120_000);

/** docs/api-procurement.md, "The supplier's page": the public page, offers, questions, and staff's read of them. */
describe("the supplier's page", () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let tenants: TenantTransactions;
  let acme: Organization;
  let beta: Organization;
  let purchaser: TestUser;
  let viewer: TestUser;
  const http = () => request(api.getHttpServer());
  /** Every test from an address of its own, so the failures one test provokes never throttle another. */
  let from: string;
  beforeEach(() => {
    from = `198.51.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
  });
  const page = (pr: { id: string }, supplierId: string, token: string, organization = 'acme') =>
    `/api/v1/pub/purchase-requests/${pr.id}/${supplierId}?token=${encodeURIComponent(token)}&host=${organization}`;
  const open = (path: string, language = 'en') => http().get(path).set('X-Forwarded-For', from).set('Accept-Language', language);
  const submit = (path: string, body: object, language = 'en') =>
    http().post(path.replace('?', '/offers?')).set('X-Forwarded-For', from).set('Accept-Language', language).send(body);
  const ask = (path: string, question: unknown, language = 'en') =>
    http().post(path.replace('?', '/questions?')).set('X-Forwarded-For', from).set('Accept-Language', language).send({ question });
  const pageOf = (pr: SeededRequest, index = 0) => page(pr, pr.suppliers[index].id, pr.suppliers[index].token);
  const offer = (pr: SeededRequest, unitPrice = 4.5) => ({
    shippingDate: '2026-09-01',
    packagingCost: 12.5,
    shippingCost: 40,
    customsCost: 0,
    leadTimeDays: 10,
    additionalInformation: 'Prices ex works',
    prices: [
      { kind: 'operation', lineId: pr.operationLineId, quantity: 10, unitPrice },
      { kind: 'operation', lineId: pr.operationLineId, quantity: 50, unitPrice: unitPrice - 1 },
      { kind: 'part', lineId: pr.partLineId, quantity: 20, unitPrice: 0.35 },
      { kind: 'part', lineId: pr.partLineId, quantity: 100, unitPrice: null },
    ],
  });
  const NOT_FOUND = { message: 'No data found', code: 'not_found' };

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH', timeZone: 'Europe/Berlin' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    api = await startTestApi(testConfig(db));
    tenants = api.get(TenantTransactions);
    purchaser = await createTestUser(api, acme, { roles: ['Purchaser'] });
    viewer = await createTestUser(api, acme, { roles: ['Viewer'] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('shows a valid link its page: the shop, the request, products with the preview, lines with quantities, files', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{ language: 'de', name: 'Blech Müller GmbH' }] });
    const { body } = await open(pageOf(pr)).expect(200);
    // The deadline comes as an instant; the page shows it in the organization's time zone, named.
    expect(body.organization).toEqual({ name: 'Acme Blech GmbH', timeZone: 'Europe/Berlin', currency: 'EUR' });
    expect(body.request).toEqual({
      id: pr.id,
      number: pr.number,
      name: expect.stringMatching(/^Brackets /),
      closeSubmissionDeadline: expect.any(String),
      additionalInformation: 'Zinc plated, please',
      includeProductPreview: true,
      status: 'open',
    });
    expect(body.supplier).toEqual({ id: pr.suppliers[0].id, name: 'Blech Müller GmbH', language: 'de' });
    expect(body.submissionAllowed).toBe(true);
    expect(body.products).toEqual([
      {
        id: pr.productLineId,
        productId: pr.productId,
        name: expect.stringMatching(/^Bracket /),
        number: expect.stringMatching(/^P-/),
        quantities: [10, 50, 200],
        preview: { materialName: 'S235JR', thickness: 3, blankWidth: 120.5, blankLength: 300, area: 0.0362, weightPerUnit: 0.85, contours: 3, holes: 1, bends: 1, drawing: null },
      },
    ]);
    expect(body.lines).toEqual([
      { kind: 'operation', id: pr.operationLineId, productId: pr.productId, productName: expect.any(String), name: expect.stringMatching(/^Powder coating/), number: expect.stringMatching(/^OP-/), quantities: [10, 50, 200] },
      { kind: 'part', id: pr.partLineId, productId: pr.productId, productName: expect.any(String), name: expect.stringMatching(/^Press nut M6/), number: expect.stringMatching(/^PN-/), quantities: [20, 100, 400] },
    ]);
    expect(body.files).toEqual([{ id: pr.fileId, fileName: 'Zeichnung Halter.pdf', contentType: 'application/pdf', size: 9 }]);
    expect(body.offer).toBeNull();
    expect(body.questions).toEqual([]);

    const file = await open(pageOf(pr).replace('?', `/files/${pr.fileId}?`)).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Zeichnung Halter.pdf"; filename*=UTF-8''Zeichnung%20Halter.pdf`);
    expect(Buffer.from(file.body).toString()).toBe('%PDF-1.4\n');
    await open(pageOf(pr).replace('?', `/files/${randomUUID()}?`)).expect(404, NOT_FOUND);
  });

  it('shows the part’s drawing beside its figures when the product was read from a DXF file of this one part', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, {});
    const plate = readDxf(
      dxfDrawing({
        entities: [
          { type: 'LINE', start: { x: 0, y: 0 }, end: { x: 120, y: 0 } },
          { type: 'LINE', start: { x: 120, y: 0 }, end: { x: 120, y: 80 } },
          { type: 'LINE', start: { x: 120, y: 80 }, end: { x: 0, y: 80 } },
          { type: 'LINE', start: { x: 0, y: 80 }, end: { x: 0, y: 0 } },
          { type: 'CIRCLE', center: { x: 30, y: 40 }, radius: 5 },
        ],
      }),
    ).svg;
    const readFrom = (svg: string, otherProducts = 0) =>
      tenants.run(acme.id, async (manager) => {
        const [survey] = await manager.query(`INSERT INTO surveys (number, title) VALUES ($1, 'Drawings') RETURNING id`, [`S-${randomUUID()}`]);
        const [input] = await manager.query(
          `INSERT INTO survey_inputs (survey_id, kind, reader, file_name, content, status, preview_svg) VALUES ($1, 'file', 'cad', 'plate.dxf', '\\x00', 'success', $2) RETURNING id`,
          [survey.id, svg],
        );
        const products = [pr.productId];
        for (let other = 0; other < otherProducts; other++) {
          const [product] = await manager.query(`INSERT INTO products (name, number) VALUES ('Other part', $1) RETURNING id`, [`P-${randomUUID()}`]);
          products.push(product.id);
        }
        for (const [position, productId] of products.entries()) {
          await manager.query(`INSERT INTO survey_products (survey_id, survey_input_id, product_id, position) VALUES ($1, $2, $3, $4)`, [survey.id, input.id, productId, position]);
        }
      });
    const drawing = async () => (await open(pageOf(pr)).expect(200)).body.products[0].preview.drawing;

    expect(await drawing()).toBeNull();
    await readFrom(plate);
    expect(await drawing()).toBe(plate);
    expect(plate).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[-\d. ]+"[^>]*><path d="M/);
    // A later file naming this part and others draws them all: not this part's drawing, the earlier one stays.
    await readFrom(plate.replace('stroke="#1f2937"', 'stroke="#000000"'), 1);
    expect(await drawing()).toBe(plate);
    // Whatever else the column may hold never leaves as it is.
    await readFrom(plate.replace('</svg>', '<script>alert(1)</script></svg>'));
    expect(await drawing()).toBeNull();
    // Without the preview the request shows no figures and no drawing.
    await tenants.run(acme.id, (manager) => manager.query(`UPDATE purchase_requests SET include_product_preview = false WHERE id = $1`, [pr.id]));
    expect((await open(pageOf(pr)).expect(200)).body.products[0].preview).toBeNull();
  });

  it('leaves the preview out unless the request includes it', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { preview: false });
    const { body } = await open(pageOf(pr)).expect(200);
    expect(body.request.includeProductPreview).toBe(false);
    expect(body.products[0].preview).toBeNull();
  });

  it('answers every link that opens nothing with the same 404, whatever is wrong with it', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}] });
    const other = await seedPurchaseRequest(tenants, beta);
    const [first, second] = pr.suppliers;
    const fresh = await replaceToken(tenants, acme, pr.id, first.id);
    const old = newToken();
    const wrong: Array<[string, string]> = [
      ['a wrong token', page(pr, first.id, newToken())],
      ['no token', `/api/v1/pub/purchase-requests/${pr.id}/${first.id}?host=acme`],
      ['an empty token', page(pr, first.id, '')],
      ['another supplier\'s id with a valid token', page(pr, second.id, fresh)],
      ['a replaced token of another supplier', page(pr, second.id, first.token)],
      ['another request\'s id', page(other, first.id, fresh)],
      ['an unknown request', page({ id: randomUUID() }, first.id, fresh)],
      ['org B\'s request and token under org A\'s host', page(other, other.suppliers[0].id, other.suppliers[0].token, 'acme')],
      ['org A\'s request and token under org B\'s host', page(pr, first.id, fresh, 'beta')],
      ['a malformed request id', page({ id: 'not-a-uuid' }, first.id, fresh)],
      ['a malformed supplier id', page(pr, `${first.id}x`, fresh)],
      ['an id that is a number', page({ id: '1' }, '2', fresh)],
      ['a token of a thousand letters', page(pr, first.id, 'a'.repeat(1000))],
    ];
    for (const [what, path] of wrong) {
      const response = await open(path);
      expect([what, response.status, response.body]).toEqual([what, 404, NOT_FOUND]);
    }
    // Said in the browser's language, and the same for a POST.
    await open(page(pr, first.id, old), 'de').expect(404, { message: 'Keine Daten gefunden', code: 'not_found' });
    await submit(page(pr, first.id, old), offer(pr)).expect(404, NOT_FOUND);
    await ask(page(pr, first.id, old), 'Any news?').expect(404, NOT_FOUND);
    // The right links still open.
    await open(page(pr, first.id, fresh)).expect(200);
    await open(page(pr, second.id, second.token)).expect(200);
    await open(page(other, other.suppliers[0].id, other.suppliers[0].token, 'beta')).expect(200);
  });

  it('keeps a replaced link working until the supplier submits, then says a newer link was mailed', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}] });
    const [first, second] = pr.suppliers;
    const original = first.token;
    // A resend, then a reminder: each replaces the link while the page is open with the first one.
    const resent = await replaceToken(tenants, acme, pr.id, first.id);
    const reminded = await replaceToken(tenants, acme, pr.id, first.id);
    for (const token of [original, resent, reminded]) expect((await open(page(pr, first.id, token)).expect(200)).body.submissionAllowed).toBe(true);
    await ask(page(pr, first.id, original), 'Still the old page: may I ask?').expect(201);

    // The page opened with the first link submits what was typed, once.
    const submitted = await submit(page(pr, first.id, original), offer(pr)).expect(201);
    expect(submitted.body.offer.revision).toBe(1);
    // From then on every replaced link says, in the reader's language, that a newer one was mailed; not a bare 404.
    const REPLACED_EN = {
      message: 'This link has been replaced by a newer one, which we have emailed to you. Please open your offer page with the link in our latest email.',
      code: 'supplier_link_replaced',
    };
    for (const token of [original, resent]) await open(page(pr, first.id, token)).expect(410, REPLACED_EN);
    await submit(page(pr, first.id, original), offer(pr, 3)).expect(410, REPLACED_EN);
    const german = await open(page(pr, first.id, resent), 'de').expect(410);
    expect(german.body.message).toMatch(/^Dieser Link wurde durch einen neueren ersetzt/);
    // Not counted as failed lookups, and another supplier's page or a made-up id still learns nothing.
    await open(page(pr, second.id, original)).expect(404, NOT_FOUND);
    // The latest link revises the offer; a link replaced after that offer works again until the next one.
    expect((await submit(page(pr, first.id, reminded), offer(pr, 4)).expect(201)).body.offer.revision).toBe(2);
    const answered = await replaceToken(tenants, acme, pr.id, first.id);
    await open(page(pr, first.id, reminded)).expect(200);
    await open(page(pr, first.id, answered)).expect(200);
    await open(page(pr, first.id, original)).expect(410);
  });

  it('takes one submission from a replaced link when two are sent at once', async () => {
    const pr = await seedPurchaseRequest(tenants, acme);
    const original = pr.suppliers[0].token;
    await replaceToken(tenants, acme, pr.id, pr.suppliers[0].id);
    const answers = await Promise.all([submit(page(pr, pr.suppliers[0].id, original), offer(pr)), submit(page(pr, pr.suppliers[0].id, original), offer(pr, 5))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410]);
  });

  it('opens the page read-only until 30 days after the deadline, then not at all', async () => {
    const passed = await seedPurchaseRequest(tenants, acme, { deadline: new Date(Date.now() - 29 * 86_400_000) });
    expect((await open(pageOf(passed)).expect(200)).body.submissionAllowed).toBe(false);
    const expired = await seedPurchaseRequest(tenants, acme, { deadline: new Date(Date.now() - 31 * 86_400_000) });
    await open(pageOf(expired)).expect(404, NOT_FOUND);
  });

  it('takes an offer, and each submission after it as a new revision; the latest counts', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, { language: 'de' }] });
    const first = await submit(pageOf(pr), offer(pr)).expect(201);
    expect(first.body).toEqual({
      message: 'Your offer has been submitted successfully',
      offer: {
        id: expect.any(String),
        purchaseRequestId: pr.id,
        supplierId: pr.suppliers[0].id,
        supplierName: pr.suppliers[0].name,
        revision: 1,
        latest: true,
        shippingDate: '2026-09-01',
        packagingCost: 12.5,
        shippingCost: 40,
        customsCost: 0,
        leadTimeDays: 10,
        additionalInformation: 'Prices ex works',
        language: 'en',
        submittedAt: expect.any(String),
        revisions: 1,
        prices: expect.arrayContaining([
          { kind: 'operation', lineId: pr.operationLineId, quantity: 10, unitPrice: 4.5 },
          { kind: 'operation', lineId: pr.operationLineId, quantity: 50, unitPrice: 3.5 },
          { kind: 'part', lineId: pr.partLineId, quantity: 20, unitPrice: 0.35 },
        ]),
      },
    });
    // A tier left empty is no price.
    expect(first.body.offer.prices).toHaveLength(3);
    const second = await submit(pageOf(pr), { ...offer(pr, 4.2), packagingCost: null, leadTimeDays: null }, 'de-DE,de;q=0.9').expect(201);
    expect(second.body.message).toBe('Ihr Angebot wurde erfolgreich übermittelt');
    expect(second.body.offer).toMatchObject({ revision: 2, latest: true, revisions: 2, packagingCost: 0, leadTimeDays: null, language: 'de' });
    await submit(page(pr, pr.suppliers[1].id, pr.suppliers[1].token), offer(pr)).expect(201);

    const { body: shown } = await open(pageOf(pr)).expect(200);
    expect(shown.offer).toEqual(second.body.offer);

    const all = await http().get(`/api/v1/supplier-offers?purchaseRequestId=${pr.id}&_sort=revision&_order=ASC`).set(viewer.headers).expect(200);
    expect(all.headers['x-total-count']).toBe('3');
    const mine = all.body.filter((row: { supplierId: string }) => row.supplierId === pr.suppliers[0].id);
    expect(mine.map((row: { revision: number; latest: boolean; revisions: number }) => [row.revision, row.latest, row.revisions])).toEqual([
      [1, false, 2],
      [2, true, 2],
    ]);
    const latest = await http().get(`/api/v1/supplier-offers?purchaseRequestId=${pr.id}&latest=true`).set(viewer.headers).expect(200);
    expect(latest.headers['x-total-count']).toBe('2');
    const bySupplier = await http().get(`/api/v1/supplier-offers?supplierId=${pr.suppliers[1].id}`).set(viewer.headers).expect(200);
    expect(bySupplier.body).toEqual([expect.objectContaining({ supplierId: pr.suppliers[1].id, revision: 1, latest: true, revisions: 1, packagingCost: 12.5 })]);
    await http().get(`/api/v1/supplier-offers/${second.body.offer.id}`).set(viewer.headers).expect(200);

    const prices = await http().get(`/api/v1/supplier-offer-prices?supplierOfferId=${second.body.offer.id}&_sort=unitPrice&_order=DESC`).set(viewer.headers).expect(200);
    expect(prices.headers['x-total-count']).toBe('3');
    expect(prices.body[0]).toEqual({
      id: expect.any(String),
      supplierOfferId: second.body.offer.id,
      purchaseRequestOperationId: pr.operationLineId,
      purchaseRequestPartId: null,
      quantity: 10,
      unitPrice: 4.2,
    });
    const ofRequest = await http().get(`/api/v1/supplier-offer-prices?purchaseRequestId=${pr.id}`).set(viewer.headers).expect(200);
    expect(ofRequest.headers['x-total-count']).toBe('9');
    await http().get(`/api/v1/supplier-offers`).set({ 'X-Organization': 'acme' }).expect(401);
  });

  it('numbers submissions sent at once one after another', async () => {
    const pr = await seedPurchaseRequest(tenants, acme);
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => submit(pageOf(pr), offer(pr, 5 + i))));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(responses.map((response) => response.body.offer.revision).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const latest = await http().get(`/api/v1/supplier-offers?purchaseRequestId=${pr.id}&latest=true`).set(viewer.headers).expect(200);
    expect(latest.body).toEqual([expect.objectContaining({ revision: 6, revisions: 6 })]);
  });

  it('refuses an offer that says too little or something wrong, on its fields, in English and German', async () => {
    const pr = await seedPurchaseRequest(tenants, acme);
    const path = pageOf(pr);
    const refused = async (body: object, language = 'en') => {
      const response = await submit(path, body, language).expect(422);
      return response.body.errors;
    };
    expect(await refused({ ...offer(pr), shippingDate: undefined })).toEqual({ shippingDate: 'Shipping date is required' });
    expect(await refused({ ...offer(pr), shippingDate: '' }, 'de')).toEqual({ shippingDate: 'Versanddatum ist erforderlich' });
    expect(await refused({ ...offer(pr), shippingDate: '2026-02-30' })).toEqual({ shippingDate: 'Enter a date as YYYY-MM-DD' });
    const noValues = offer(pr).prices.map((price) => ({ ...price, unitPrice: null }));
    expect(await refused({ ...offer(pr), prices: noValues })).toEqual({ prices: 'Please add at least one pricing tier with values' });
    expect(await refused({ ...offer(pr), prices: [] }, 'de')).toEqual({ prices: 'Bitte fügen Sie mindestens eine Preisstaffel mit Werten hinzu' });
    expect(await refused({ ...offer(pr), prices: undefined })).toEqual({ prices: 'Please add at least one pricing tier with values' });
    const unknown = [{ kind: 'part', lineId: pr.operationLineId, quantity: 10, unitPrice: 1 }];
    expect(await refused({ ...offer(pr), prices: unknown })).toEqual({ 'prices.0.lineId': 'This line is not asked for in the purchase request' });
    const twice = [offer(pr).prices[0], { ...offer(pr).prices[0], unitPrice: 3 }];
    expect(await refused({ ...offer(pr), prices: twice }, 'de')).toEqual({ 'prices.1.quantity': 'Jede Menge einer Zeile darf nur einmal bepreist werden' });
    expect(await refused({ ...offer(pr), packagingCost: -1 })).toEqual({ packagingCost: 'Value must be a positive number' });
    expect(await refused({ ...offer(pr), leadTimeDays: 2.5 })).toEqual({ leadTimeDays: 'Value must be a whole number' });
    expect(await refused({ ...offer(pr), leadTimeDays: -1 })).toEqual({ leadTimeDays: 'Value must be a positive number' });
    expect(await refused({ ...offer(pr), additionalInformation: 'x'.repeat(256) })).toEqual({ additionalInformation: 'Value can not be longer than 255 characters' });
    expect(await refused({ ...offer(pr), prices: [{ ...offer(pr).prices[0], unitPrice: -2 }] })).toEqual({ 'prices.0.unitPrice': 'Value must be a positive number' });
    expect(await refused({ ...offer(pr), prices: [{ ...offer(pr).prices[0], quantity: 0 }] })).toEqual({ 'prices.0.quantity': 'Value must be a positive number' });
    // Nothing of the refused ones was stored.
    expect((await open(path).expect(200)).body.offer).toBeNull();
  });

  it('refuses submissions and questions after the deadline or a close, while the page still opens', async () => {
    const passed = await seedPurchaseRequest(tenants, acme, { deadline: new Date(Date.now() - 60_000) });
    const closed = await seedPurchaseRequest(tenants, acme, { status: 'closed' });
    for (const pr of [passed, closed]) {
      await submit(pageOf(pr), offer(pr)).expect(409, { message: 'Submission is not allowed', code: 'submission_not_allowed' });
      await submit(pageOf(pr), offer(pr), 'de').expect(409, { message: 'Abgabe ist nicht erlaubt', code: 'submission_not_allowed' });
      // Nor questions: nobody would answer them in time.
      await ask(pageOf(pr), 'Still open for a question?').expect(409, { message: 'Questions can no longer be asked: this purchase request is closed', code: 'questions_not_allowed' });
      await ask(pageOf(pr), 'Noch eine Frage?', 'de').expect(409, { message: 'Es können keine Fragen mehr gestellt werden: diese Anfrage ist geschlossen', code: 'questions_not_allowed' });
      const { body } = await open(pageOf(pr)).expect(200);
      expect([body.submissionAllowed, body.offer, body.questions]).toEqual([false, null, []]);
    }
  });

  it('takes questions, shows staff them, and shows the supplier the answers', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}] });
    const asked = await ask(pageOf(pr), '  Is the powder coating RAL 7016?  ').expect(201);
    expect(asked.body).toEqual({
      message: 'Your question has been sent',
      question: { id: expect.any(String), question: 'Is the powder coating RAL 7016?', askedAt: expect.any(String), answer: null, answeredAt: null },
    });
    await ask(page(pr, pr.suppliers[1].id, pr.suppliers[1].token), 'Can we quote 300 too?').expect(201);
    expect((await ask(pageOf(pr), '   ').expect(422)).body.errors).toEqual({ question: 'Please enter your question' });
    expect((await ask(pageOf(pr), undefined, 'de').expect(422)).body.errors).toEqual({ question: 'Bitte geben Sie Ihre Frage ein' });
    expect((await ask(pageOf(pr), 'x'.repeat(256)).expect(422)).body.errors).toEqual({ question: 'Value can not be longer than 255 characters' });

    const list = await http().get(`/api/v1/purchase-request-questions?purchaseRequestId=${pr.id}`).set(viewer.headers).expect(200);
    expect(list.headers['x-total-count']).toBe('2');
    const question = list.body.find((row: { id: string }) => row.id === asked.body.question.id);
    expect(question).toEqual({
      id: asked.body.question.id,
      purchaseRequestId: pr.id,
      supplierId: pr.suppliers[0].id,
      supplierName: pr.suppliers[0].name,
      question: 'Is the powder coating RAL 7016?',
      askedAt: expect.any(String),
      answer: null,
      answeredAt: null,
      answeredBy: null,
    });
    await http().put(`/api/v1/purchase-request-questions/${question.id}`).set(viewer.headers).send({ answer: 'Yes' }).expect(403);
    const empty = await http().put(`/api/v1/purchase-request-questions/${question.id}`).set(purchaser.headers).send({ answer: ' ' }).expect(422);
    expect(empty.body.errors).toEqual({ answer: 'Please enter an answer' });
    await http().put(`/api/v1/purchase-request-questions/${randomUUID()}`).set(purchaser.headers).send({ answer: 'Yes' }).expect(404);
    const answered = await http().put(`/api/v1/purchase-request-questions/${question.id}`).set(purchaser.headers).send({ answer: 'Yes, RAL 7016 matt.' }).expect(200);
    expect(answered.body).toMatchObject({ answer: 'Yes, RAL 7016 matt.', answeredBy: purchaser.id, answeredAt: expect.any(String) });

    const filtered = (query: string) => http().get(`/api/v1/purchase-request-questions?purchaseRequestId=${pr.id}&${query}`).set(viewer.headers).expect(200);
    expect((await filtered('answered=true')).body.map((row: { id: string }) => row.id)).toEqual([question.id]);
    expect((await filtered('answered=false')).body.map((row: { supplierId: string }) => row.supplierId)).toEqual([pr.suppliers[1].id]);
    expect((await filtered(`supplierId=${pr.suppliers[1].id}`)).headers['x-total-count']).toBe('1');

    const { body } = await open(pageOf(pr)).expect(200);
    expect(body.questions).toEqual([{ id: question.id, question: 'Is the powder coating RAL 7016?', askedAt: expect.any(String), answer: 'Yes, RAL 7016 matt.', answeredAt: expect.any(String) }]);
    // Each supplier sees its own questions only.
    expect((await open(page(pr, pr.suppliers[1].id, pr.suppliers[1].token)).expect(200)).body.questions).toEqual([expect.objectContaining({ question: 'Can we quote 300 too?', answer: null })]);
    // The event for the worker is in the outbox, in the same transaction.
    const events = await tenants.run(acme.id, (manager) =>
      manager.query(`SELECT job_name, payload->>'questionId' AS question FROM outbox_events WHERE payload->>'questionId' = $1 ORDER BY occurred_at`, [question.id]),
    );
    expect(events).toEqual([
      { job_name: 'procurement.question-asked', question: question.id },
      { job_name: 'procurement.question-answered', question: question.id },
    ]);
  });

  it('throttles failed lookups per address: 20 in 15 minutes, then 429 for any link from there', async () => {
    const pr = await seedPurchaseRequest(tenants, acme);
    const wrong = page(pr, pr.suppliers[0].id, newToken());
    // Sent at once, they are counted one after another: exactly 20 are answered.
    const burst = await Promise.all(Array.from({ length: 24 }, () => open(wrong)));
    expect(burst.map((response) => response.status).sort()).toEqual([...Array(20).fill(404), ...Array(4).fill(429)]);
    const refused = await open(pageOf(pr)).expect(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/), code: 'too_many_requests', retry_after: expect.any(Number) });
    expect(refused.body.retry_after).toBeGreaterThan(14 * 60);
    expect(refused.headers['retry-after']).toBe(String(refused.body.retry_after));
    await submit(pageOf(pr), offer(pr)).expect(429);
    // Another address is not affected.
    from = '192.0.2.201';
    await open(pageOf(pr)).expect(200);
  });

  it('throttles submissions and questions per supplier and request: 30 an hour', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}] });
    for (let i = 0; i < 15; i++) await submit(pageOf(pr), offer(pr, 5 + i)).expect(201);
    for (let i = 0; i < 15; i++) await ask(pageOf(pr), `Question ${i}`).expect(201);
    const refused = await ask(pageOf(pr), 'One more?').expect(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    await submit(pageOf(pr), offer(pr)).expect(429);
    // Reading goes on, and the other supplier may still write.
    await open(pageOf(pr)).expect(200);
    await ask(page(pr, pr.suppliers[1].id, pr.suppliers[1].token), 'Mine?').expect(201);
  });
});

const newToken = () => randomBytes(32).toString('base64url');
