import request from 'supertest';
import { onServer, TestUser } from '@fabquote/testing';
import { StaffedApi, startStaffedApi } from '../../test-support';

/** What a shop has before it asks suppliers: suppliers, products with production lines (operations, bought parts, a sub-assembly). */
interface Shop {
  suppliers: Array<{ id: string }>;
  bracket: { id: string };
  cover: { id: string };
  laser: { id: string };
  coating: { id: string };
  coverBending: { id: string };
  nut: { id: string };
  subAssembly: { id: string };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const year = new Date().getUTCFullYear();

describe('procurement: purchase requests for staff', () => {
  let given: StaffedApi;
  let shop: Shop;
  let betaShop: Shop;
  const http = () => request(given.api.getHttpServer());

  async function makeShop(user: TestUser): Promise<Shop> {
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(user.headers).send(body).expect(201)).body;
    const suppliers = [
      await post('suppliers', { name: 'Laser Huber', email: 'huber@suppliers.example', language: 'de' }),
      await post('suppliers', { name: 'Coat & Co', email: 'coat@suppliers.example', language: 'en' }),
      await post('suppliers', { name: 'Nuts Ltd', email: 'nuts@suppliers.example' }),
    ];
    const bracket = await post('products', { name: 'Bracket', number: `BR-${suppliers[0].id.slice(0, 6)}` });
    const cover = await post('products', { name: 'Cover', number: `CV-${suppliers[0].id.slice(0, 6)}` });
    const door = await post('products', { name: 'Door', number: `DR-${suppliers[0].id.slice(0, 6)}` });
    const cutting = await post('operations', { name: 'Laser cutting' });
    const powder = await post('operations', { name: 'Powder coating' });
    const laser = await post('product-operations', { productId: bracket.id, operationId: cutting.id, sorting: 10, boughtIn: true });
    const coating = await post('product-operations', { productId: bracket.id, operationId: powder.id, sorting: 20, boughtIn: true });
    const coverBending = await post('product-operations', { productId: cover.id, operationId: cutting.id, sorting: 10 });
    const part = await post('parts', { name: 'Press nut M5', number: `PN-${suppliers[0].id.slice(0, 6)}`, ownCost: 0.1 });
    const nut = await post('product-parts', { productId: bracket.id, partId: part.id, quantity: 4 });
    const subAssembly = await post('product-parts', { productId: bracket.id, subProductId: door.id, quantity: 1 });
    return { suppliers, bracket, cover, laser, coating, coverBending, nut, subAssembly };
  }

  const validRequest = (of: Shop = shop, overrides: object = {}) => ({
    name: 'Brackets for Q3',
    closeSubmissionDeadline: inDays(14),
    reminderFrequency: 'weekly',
    additionalInformation: 'Powder RAL 7016',
    products: [{ productId: of.bracket.id, quantities: [10, 50, 200] }],
    supplierIds: of.suppliers.map((supplier) => supplier.id),
    productOperationIds: [of.laser.id, of.coating.id],
    productPartIds: [of.nut.id],
    ...overrides,
  });
  const create = async (body: object = validRequest(), user: TestUser = given.admin) =>
    (await http().post('/api/v1/purchase-requests').set(user.headers).send(body).expect(201)).body;
  const refused = async (body: object, user: TestUser = given.admin, status = 422) =>
    (await http().post('/api/v1/purchase-requests').set(user.headers).send(body).expect(status)).body;
  const outbox = async (purchaseRequestId: string) =>
    (
      await onServer(
        (client) =>
          client.query(`SELECT job_name, payload FROM outbox_events WHERE job_name = 'procurement.invite-supplier' AND payload->>'purchaseRequestId' = $1 ORDER BY occurred_at`, [
            purchaseRequestId,
          ]),
        given.db.url,
      )
    ).rows as Array<{ job_name: string; payload: { purchaseRequestId: string; supplierId: string; organizationId: string } }>;

  beforeAll(async () => {
    given = await startStaffedApi();
    [shop, betaShop] = await Promise.all([makeShop(given.admin), makeShop(given.betaAdmin)]);
  });

  afterAll(async () => {
    await given?.stop();
  });

  it('creates a request with products, quantities, suppliers, operations and parts in one call', async () => {
    const created = await create();
    expect(created).toMatchObject({
      number: expect.stringMatching(new RegExp(`^PR-${year}-\\d{4}$`)),
      name: 'Brackets for Q3',
      status: 'open',
      includeProductPreview: false,
      reminderFrequency: 'weekly',
      additionalInformation: 'Powder RAL 7016',
      createdBy: given.admin.id,
      createdByName: 'Anna Admin',
      sentAt: null,
      closedAt: null,
      productCount: 1,
      supplierCount: 3,
      operationCount: 2,
      partCount: 1,
      offerCount: 0,
      openQuestionCount: 0,
    });
    const products = await http().get(`/api/v1/purchase-request-products?purchaseRequestId=${created.id}`).set(given.admin.headers).expect(200);
    expect(products.body).toEqual([expect.objectContaining({ productId: shop.bracket.id, quantities: [10, 50, 200], productName: 'Bracket' })]);
    const suppliers = await http().get(`/api/v1/purchase-request-suppliers?purchaseRequestId=${created.id}&_sort=supplierName`).set(given.admin.headers).expect(200);
    expect(suppliers.body.map((row: { supplierName: string }) => row.supplierName)).toEqual(['Coat & Co', 'Laser Huber', 'Nuts Ltd']);
    expect(suppliers.body[1]).toMatchObject({ supplierEmail: 'huber@suppliers.example', language: 'de', invitedAt: null, offerSubmittedAt: null, revisions: 0 });
    const operations = await http().get(`/api/v1/purchase-request-operations?purchaseRequestId=${created.id}&_sort=sorting`).set(given.admin.headers).expect(200);
    expect(operations.body.map((row: { operationName: string }) => row.operationName)).toEqual(['Laser cutting', 'Powder coating']);
    const parts = await http().get(`/api/v1/purchase-request-parts?purchaseRequestId=${created.id}`).set(given.admin.headers).expect(200);
    expect(parts.body).toEqual([expect.objectContaining({ productPartId: shop.nut.id, productName: 'Bracket', partName: 'Press nut M5', quantity: 4 })]);
  });

  it('refuses what a request can not be, each field with its own message, in English and in German', async () => {
    expect((await refused(validRequest(shop, { products: [] }))).errors).toEqual({ products: 'A purchase request needs at least one product' });
    expect((await refused(validRequest(shop, { supplierIds: [] }))).errors).toEqual({ supplierIds: 'A purchase request needs at least one supplier' });
    expect((await refused(validRequest(shop, { supplierIds: undefined }))).errors).toEqual({ supplierIds: 'A purchase request needs at least one supplier' });
    expect((await refused(validRequest(shop, { products: [] }), given.german)).errors).toEqual({ products: 'Eine Anfrage braucht mindestens ein Produkt' });
    expect((await refused(validRequest(shop, { supplierIds: [] }), given.german)).errors).toEqual({ supplierIds: 'Eine Anfrage braucht mindestens einen Lieferanten' });
    expect((await refused(validRequest(shop, { name: '' }))).errors).toEqual({ name: 'This field is required' });
    expect((await refused(validRequest(shop, { closeSubmissionDeadline: inDays(-1) }))).errors).toEqual({ closeSubmissionDeadline: 'The deadline must be in the future' });
    expect((await refused(validRequest(shop, { closeSubmissionDeadline: 'next week' }))).errors).toEqual({ closeSubmissionDeadline: 'Enter a date and time, e.g. 2026-03-31T17:00:00Z' });
    expect((await refused(validRequest(shop, { reminderFrequency: 'hourly' }))).errors).toEqual({ reminderFrequency: 'Choose one of: once, daily, every_3_days, weekly, monthly' });
    const quantities = async (value: unknown, user = given.admin) =>
      (await refused(validRequest(shop, { products: [{ productId: shop.bracket.id, quantities: value }] }), user)).errors;
    expect(await quantities([])).toEqual({ 'products.0.quantities': 'Please enter at least one quantity' });
    expect(await quantities(undefined)).toEqual({ 'products.0.quantities': 'Please enter at least one quantity' });
    expect(await quantities([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toEqual({ 'products.0.quantities': 'At most 10 quantities per product' });
    expect(await quantities([10, 10])).toEqual({ 'products.0.quantities': 'Each quantity may be asked once' });
    expect(await quantities([10, 0])).toEqual({ 'products.0.quantities': 'Value must be a positive number' });
    expect(await quantities([10, -5], given.german)).toEqual({ 'products.0.quantities': 'Der Wert muss eine positive Zahl sein' });
    expect((await refused(validRequest(shop, { products: [{ quantities: [1] }] }))).errors).toEqual({ 'products.0.productId': 'Please select a product' });
    expect(
      (await refused(validRequest(shop, { products: [{ productId: shop.bracket.id, quantities: [1] }, { productId: shop.bracket.id, quantities: [2] }] }))).errors,
    ).toEqual({ 'products.1.productId': 'This is already attached to the purchase request' });
    // Lines of a product that is not asked for, and a sub-assembly (made in-house), are refused.
    expect((await refused(validRequest(shop, { productOperationIds: [shop.coverBending.id] }))).errors).toEqual({
      productOperationIds: 'This line belongs to a product that is not in the purchase request',
    });
    expect((await refused(validRequest(shop, { productPartIds: [shop.subAssembly.id] }))).errors).toEqual({
      productPartIds: 'A sub-assembly is made in-house; only bought parts can be asked for',
    });
  });

  it('numbers requests per organization and year, and requests created at once never share a number', async () => {
    const first = await create(validRequest(betaShop), given.betaAdmin);
    expect(first.number).toBe(`PR-${year}-0001`);
    const numbers = await Promise.all(Array.from({ length: 8 }, () => create(validRequest(betaShop), given.betaAdmin).then((row) => row.number as string)));
    expect(new Set(numbers).size).toBe(8);
    expect([...numbers].sort()).toEqual(Array.from({ length: 8 }, (_, index) => `PR-${year}-${String(index + 2).padStart(4, '0')}`));
    // Acme counts on its own.
    const acmeNumbers = (await http().get('/api/v1/purchase-requests?_sort=number').set(given.admin.headers).expect(200)).body.map((row: { number: string }) => row.number);
    expect(acmeNumbers[0]).toBe(`PR-${year}-0001`);
  });

  it('lists with X-Total-Count, search, sorting and the filters of the doc', async () => {
    const soon = await create(validRequest(shop, { name: 'Soon: covers', closeSubmissionDeadline: inDays(2), products: [{ productId: shop.cover.id, quantities: [5] }], productOperationIds: [shop.coverBending.id], productPartIds: [], supplierIds: [shop.suppliers[2].id] }));
    const later = await create(validRequest(shop, { name: 'Later: brackets', closeSubmissionDeadline: inDays(40) }));
    const list = (query: string) => http().get(`/api/v1/purchase-requests?${query}`).set(given.admin.headers).expect(200);
    const names = async (query: string) => (await list(query)).body.map((row: { name: string }) => row.name);
    expect(await names(`productId=${shop.cover.id}`)).toEqual(['Soon: covers']);
    expect(await names(`supplierId=${shop.suppliers[2].id}&q=later`)).toEqual(['Later: brackets']);
    expect(await names(`supplierId=${shop.suppliers[0].id}&productId=${shop.cover.id}`)).toEqual([]);
    expect(await names(`closeSubmissionDeadline_lte=${inDays(3)}`)).toEqual(['Soon: covers']);
    expect(await names(`closeSubmissionDeadline_gte=${inDays(30)}`)).toEqual(['Later: brackets']);
    expect(await names(`q=${soon.number}`)).toEqual(['Soon: covers']);
    const page = await list('_start=0&_end=1&_sort=closeSubmissionDeadline&_order=DESC');
    expect(page.body.map((row: { id: string }) => row.id)).toEqual([later.id]);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect(await names(`status=closed`)).toEqual([]);
    const bad = await http().get('/api/v1/purchase-requests?closeSubmissionDeadline_gte=soon').set(given.admin.headers).expect(400);
    expect(bad.body.code).toBe('invalid_list_parameter');
    await http().get('/api/v1/purchase-requests?supplierId=not-a-uuid').set(given.admin.headers).expect(200);
  });

  it('edits the details; a new deadline must lie in the future', async () => {
    const created = await create();
    const edited = await http()
      .put(`/api/v1/purchase-requests/${created.id}`)
      .set(given.admin.headers)
      .send({ ...created, name: 'Renamed', reminderFrequency: null, includeProductPreview: true, additionalInformation: '' })
      .expect(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', reminderFrequency: null, includeProductPreview: true, additionalInformation: null, number: created.number });
    const past = await http().put(`/api/v1/purchase-requests/${created.id}`).set(given.german.headers).send({ closeSubmissionDeadline: inDays(-2) }).expect(422);
    expect(past.body.errors).toEqual({ closeSubmissionDeadline: 'Die Frist muss in der Zukunft liegen' });
  });

  it('attaches and detaches products, suppliers, operations and parts by the rules of the doc', async () => {
    const created = await create(validRequest(shop, { productOperationIds: [], productPartIds: [], supplierIds: [shop.suppliers[0].id] }));
    const post = (resource: string, body: object, user = given.admin) => http().post(`/api/v1/${resource}`).set(user.headers).send(body);
    expect((await post('purchase-request-products', { purchaseRequestId: created.id, quantities: [1] }).expect(422)).body.errors).toEqual({ productId: 'Please select a product' });
    expect((await post('purchase-request-products', { purchaseRequestId: created.id, productId: shop.bracket.id, quantities: [1] }).expect(422)).body.errors).toEqual({
      productId: 'This is already attached to the purchase request',
    });
    const cover = (await post('purchase-request-products', { purchaseRequestId: created.id, productId: shop.cover.id, quantities: [25, 5] }).expect(201)).body;
    expect(cover).toMatchObject({ productName: 'Cover', quantities: [5, 25] });
    const changed = await http().put(`/api/v1/purchase-request-products/${cover.id}`).set(given.admin.headers).send({ ...cover, quantities: [100] }).expect(200);
    expect(changed.body.quantities).toEqual([100]);
    expect((await post('purchase-request-suppliers', { purchaseRequestId: created.id }).expect(422)).body.errors).toEqual({ supplierId: 'Please select a supplier' });
    expect((await post('purchase-request-suppliers', { purchaseRequestId: created.id }, given.german).expect(422)).body.errors).toEqual({ supplierId: 'Bitte wählen Sie einen Lieferanten aus' });
    await post('purchase-request-suppliers', { purchaseRequestId: created.id, supplierId: shop.suppliers[1].id }).expect(201);
    expect((await post('purchase-request-suppliers', { purchaseRequestId: created.id, supplierId: shop.suppliers[1].id }).expect(422)).body.errors).toEqual({
      supplierId: 'This is already attached to the purchase request',
    });
    expect((await post('purchase-request-operations', { purchaseRequestId: created.id }).expect(422)).body.errors).toEqual({ productOperationId: 'Please select a product operation' });
    const bending = (await post('purchase-request-operations', { purchaseRequestId: created.id, productOperationId: shop.coverBending.id }).expect(201)).body;
    expect(bending).toMatchObject({ productId: shop.cover.id, productName: 'Cover', operationName: 'Laser cutting', sorting: 10 });
    expect((await post('purchase-request-parts', { purchaseRequestId: created.id }).expect(422)).body.errors).toEqual({ productPartId: 'Please select a product part' });
    expect((await post('purchase-request-parts', { purchaseRequestId: created.id, productPartId: shop.subAssembly.id }).expect(422)).body.errors).toEqual({
      productPartId: 'A sub-assembly is made in-house; only bought parts can be asked for',
    });
    await post('purchase-request-parts', { purchaseRequestId: created.id, productPartId: shop.nut.id }).expect(201);
    // The cover has a line attached: it can not leave the request before its line does.
    const stillUsed = await http().delete(`/api/v1/purchase-request-products/${cover.id}`).set(given.admin.headers).expect(409);
    expect(stillUsed.body).toMatchObject({ code: 'product_still_has_lines', message: 'Remove the product operations and parts of this product from the request first' });
    await http().delete(`/api/v1/purchase-request-operations/${bending.id}`).set(given.admin.headers).expect(200);
    await http().delete(`/api/v1/purchase-request-products/${cover.id}`).set(given.admin.headers).expect(200);
    // An operation of a product no longer asked for can not be attached.
    expect((await post('purchase-request-operations', { purchaseRequestId: created.id, productOperationId: shop.coverBending.id }).expect(422)).body.errors).toEqual({
      productOperationId: 'This line belongs to a product that is not in the purchase request',
    });
    const record = await http().get(`/api/v1/purchase-requests/${created.id}`).set(given.admin.headers).expect(200);
    expect(record.body).toMatchObject({ productCount: 1, supplierCount: 2, operationCount: 0, partCount: 1 });
  });

  it('takes files up to 10 MB by their content, and gives them back as downloads', async () => {
    const created = await create();
    const upload = (content: Buffer | null, name = 'drawing.pdf', user = given.admin) => {
      const call = http().post('/api/v1/purchase-request-files').set(user.headers).field('purchaseRequestId', created.id);
      return content ? call.attach('file', content, name) : call;
    };
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
    const stored = (await upload(pdf, 'Zeichnung BR-100.pdf').expect(201)).body;
    expect(stored).toMatchObject({ purchaseRequestId: created.id, fileName: 'Zeichnung BR-100.pdf', contentType: 'application/pdf', size: pdf.length });
    const step = (await upload(Buffer.from('ISO-10303-21;\nHEADER;\n'), 'bracket.step').expect(201)).body;
    expect(step.contentType).toBe('model/step');
    const dxf = (await upload(Buffer.from('  0\nSECTION\n  2\nHEADER\n'), 'flat.dxf').expect(201)).body;
    expect(dxf.contentType).toBe('image/vnd.dxf');
    const docx = (await upload(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(30)]), 'offer.docx').expect(201)).body;
    expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    // A script named like a PDF is still a script.
    expect((await upload(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'drawing.pdf').expect(422)).body.errors).toEqual({ file: 'This file type is not accepted' });
    expect((await upload(Buffer.from('MZ\x90\x00'), 'setup.exe', given.german).expect(422)).body.errors).toEqual({ file: 'Dieser Dateityp wird nicht akzeptiert' });
    expect((await upload(null).expect(422)).body.errors).toEqual({ file: 'Please select files to upload' });
    const large = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(large).expect(422)).body.errors).toEqual({ file: 'The file is larger than 10 MB' });
    // One file per call, under its own name, each refusal on its field in the reader's language.
    expect((await upload(pdf).attach('file', pdf, 'second.pdf').expect(422)).body.errors).toEqual({ file: 'Please send one file at a time' });
    expect((await upload(pdf, 'a.pdf', given.german).attach('file', pdf, 'b.pdf').expect(422)).body.errors).toEqual({ file: 'Bitte senden Sie jeweils eine Datei' });
    expect((await upload(null).attach('drawing', pdf, 'a.pdf').expect(422)).body.errors).toEqual({ drawing: 'Files cannot be sent as drawing' });
    const listed = await http().get(`/api/v1/purchase-request-files?purchaseRequestId=${created.id}&_sort=size&_order=DESC`).set(given.viewer.headers).expect(200);
    expect(listed.body.map((row: { fileName: string }) => row.fileName).sort()).toEqual(['Zeichnung BR-100.pdf', 'bracket.step', 'flat.dxf', 'offer.docx']);
    expect(listed.body[0].fileName).toBe('Zeichnung BR-100.pdf');
    expect(listed.headers['x-total-count']).toBe('4');
    // Everyone who may open the request may download (the Viewer too).
    const download = await http().get(`/api/v1/purchase-request-files/${stored.id}/content`).set(given.viewer.headers).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename=\"Zeichnung BR-100.pdf\"; filename*=UTF-8''Zeichnung%20BR-100.pdf");
    expect(Buffer.compare(download.body as Buffer, pdf)).toBe(0);
    await http().post('/api/v1/purchase-request-files').set(given.viewer.headers).field('purchaseRequestId', created.id).attach('file', pdf, 'x.pdf').expect(403);
    await http().delete(`/api/v1/purchase-request-files/${step.id}`).set(given.admin.headers).expect(200);
    await http().get(`/api/v1/purchase-request-files/${step.id}/content`).set(given.admin.headers).expect(404);
  });

  it('sends only what can be sent, each refusal with its own message, and emits one event per supplier in the same transaction', async () => {
    const send = (id: string, body: object = {}, user = given.admin) => http().post(`/api/v1/purchase-requests/${id}/send`).set(user.headers).send(body);
    const noLines = await create(validRequest(shop, { productOperationIds: [], productPartIds: [] }));
    expect((await send(noLines.id).expect(422)).body.errors).toEqual({ lines: 'Sending a purchase request needs at least one product part or product operation' });
    expect((await send(noLines.id, {}, given.german).expect(422)).body.errors).toEqual({ lines: 'Zum Versenden braucht eine Anfrage mindestens ein Produktteil oder einen Produktarbeitsgang' });
    const noSuppliers = await create(validRequest(shop, { supplierIds: [shop.suppliers[0].id] }));
    const [attached] = (await http().get(`/api/v1/purchase-request-suppliers?purchaseRequestId=${noSuppliers.id}`).set(given.admin.headers).expect(200)).body;
    await http().delete(`/api/v1/purchase-request-suppliers/${attached.id}`).set(given.admin.headers).expect(200);
    expect((await send(noSuppliers.id).expect(422)).body.errors).toEqual({ supplierIds: 'A purchase request needs at least one supplier' });

    const passed = await create();
    await onServer((client) => client.query(`UPDATE purchase_requests SET close_submission_deadline = now() - interval '1 minute' WHERE id = $1`, [passed.id]), given.db.url);
    expect((await send(passed.id).expect(409)).body).toMatchObject({ code: 'purchase_request_deadline_passed', message: 'The close submission deadline has passed' });

    const closed = await create();
    const closing = await http().post(`/api/v1/purchase-requests/${closed.id}/close`).set(given.admin.headers).expect(200);
    expect(closing.body).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect((await send(closed.id).expect(409)).body).toMatchObject({ code: 'purchase_request_closed', message: 'This purchase request is closed' });

    const ready = await create();
    expect((await send(ready.id, { supplierIds: [betaShop.suppliers[0].id] }).expect(422)).body.errors).toEqual({ supplierIds: 'The selected record does not exist' });
    expect(await outbox(ready.id)).toEqual([]);
    const sent = await send(ready.id).expect(200);
    expect(sent.body).toEqual({ message: 'Purchase request sent successfully', data: expect.objectContaining({ id: ready.id, sentAt: expect.any(String) }) });
    const events = await outbox(ready.id);
    expect(events.map((event) => event.payload.supplierId).sort()).toEqual(shop.suppliers.map((supplier) => supplier.id).sort());
    expect(events.every((event) => event.payload.organizationId === given.acme.id)).toBe(true);
    // A resend to one supplier: one more event, and the first send's time stays.
    const resent = await send(ready.id, { supplierIds: [shop.suppliers[1].id] }, given.german).expect(200);
    expect(resent.body.message).toBe('Anfrage erfolgreich versendet');
    expect(resent.body.data.sentAt).toBe(sent.body.data.sentAt);
    expect((await outbox(ready.id)).map((event) => event.payload.supplierId)).toHaveLength(4);
  });

  it('previews the mail in either language with the token hidden', async () => {
    const created = await create();
    const preview = async (query: string) => (await http().get(`/api/v1/purchase-requests/${created.id}/email-preview?${query}`).set(given.admin.headers).expect(200)).body;
    const huber = shop.suppliers[0].id;
    const inGerman = await preview(`supplierId=${huber}`);
    expect(inGerman.language).toBe('de');
    expect(inGerman.subject).toBe(`Anfrage ${created.number}: Brackets for Q3 – Acme Blech GmbH`);
    expect(inGerman.text).toContain('Hallo Laser Huber,');
    expect(inGerman.text).toContain('Bracket (BR-');
    expect(inGerman.text).toContain('10 / 50 / 200 Stück');
    expect(inGerman.text).toContain('Bracket: Press nut M5 (PN-');
    expect(inGerman.text).toContain('4 je Produkt');
    expect(inGerman.text).toContain('Powder RAL 7016');
    expect(inGerman.text).toContain(`/pub/purchase-requests/${created.id}/${huber}?token=…&host=acme`);
    const inEnglish = await preview(`supplierId=${huber}&language=en`);
    expect(inEnglish.language).toBe('en');
    expect(inEnglish.text).toContain('10 / 50 / 200 pieces');
    expect(inEnglish.text).toContain('Bracket: Laser cutting');
    expect(inEnglish.html).toContain(`href="http://localhost:3000/pub/purchase-requests/${created.id}/${huber}?token=…&amp;host=acme"`);
    const unknown = await http().get(`/api/v1/purchase-requests/${created.id}/email-preview?supplierId=${betaShop.suppliers[0].id}`).set(given.admin.headers).expect(422);
    expect(unknown.body.errors).toEqual({ supplierId: 'The selected record does not exist' });
    await http().get(`/api/v1/purchase-requests/${created.id}/email-preview?language=fr`).set(given.admin.headers).expect(422);
  });

  it("keeps another organization's requests and ids out: 404 for its rows, 422 for its references", async () => {
    const theirs = await create(validRequest(betaShop), given.betaAdmin);
    await http().get(`/api/v1/purchase-requests/${theirs.id}`).set(given.admin.headers).expect(404);
    await http().put(`/api/v1/purchase-requests/${theirs.id}`).set(given.admin.headers).send({ name: 'Mine now' }).expect(404);
    await http().post(`/api/v1/purchase-requests/${theirs.id}/send`).set(given.admin.headers).send({}).expect(404);
    await http().delete(`/api/v1/purchase-requests/${theirs.id}`).set(given.admin.headers).expect(404);
    await http().get(`/api/v1/purchase-requests/not-a-uuid`).set(given.admin.headers).expect(404);
    expect((await refused(validRequest(shop, { products: [{ productId: betaShop.bracket.id, quantities: [1] }] }))).errors).toEqual({ 'products.0.productId': 'The selected record does not exist' });
    expect((await refused(validRequest(shop, { supplierIds: [betaShop.suppliers[0].id] }))).errors).toEqual({ supplierIds: 'The selected record does not exist' });
    expect((await refused(validRequest(shop, { productOperationIds: [betaShop.laser.id] }))).errors).toEqual({ productOperationIds: 'The selected record does not exist' });
    expect((await refused(validRequest(shop, { productPartIds: [betaShop.nut.id] }))).errors).toEqual({ productPartIds: 'The selected record does not exist' });
    const attach = await http().post('/api/v1/purchase-request-suppliers').set(given.admin.headers).send({ purchaseRequestId: theirs.id, supplierId: shop.suppliers[0].id }).expect(422);
    expect(attach.body.errors).toEqual({ purchaseRequestId: 'The selected record does not exist' });
    const listed = await http().get(`/api/v1/purchase-request-products?purchaseRequestId=${theirs.id}`).set(given.admin.headers).expect(200);
    expect(listed.body).toEqual([]);
  });

  it('lets each role do what its permissions say: Viewer and Estimator read, only a sender sends', async () => {
    const created = await create(validRequest(), given.purchaser);
    await http().get('/api/v1/purchase-requests').set(given.viewer.headers).expect(200);
    await http().get(`/api/v1/purchase-requests/${created.id}`).set(given.estimator.headers).expect(200);
    await refused(validRequest(), given.viewer, 403);
    await refused(validRequest(), given.estimator, 403);
    await http().post(`/api/v1/purchase-requests/${created.id}/send`).set(given.viewer.headers).send({}).expect(403);
    await http().post(`/api/v1/purchase-requests/${created.id}/send`).set(given.estimator.headers).send({}).expect(403);
    await http().post('/api/v1/purchase-request-suppliers').set(given.estimator.headers).send({ purchaseRequestId: created.id, supplierId: shop.suppliers[0].id }).expect(403);
    await http().delete(`/api/v1/purchase-requests/${created.id}`).set(given.viewer.headers).expect(403);
    await http().post(`/api/v1/purchase-requests/${created.id}/send`).set(given.purchaser.headers).send({}).expect(200);
  });

  it('deletes a request with everything it owns', async () => {
    const created = await create();
    await http().post('/api/v1/purchase-request-files').set(given.admin.headers).field('purchaseRequestId', created.id).attach('file', Buffer.from('%PDF-1.4\n'), 'a.pdf').expect(201);
    const removed = await http().delete(`/api/v1/purchase-requests/${created.id}`).set(given.admin.headers).expect(200);
    expect(removed.body.id).toBe(created.id);
    await http().get(`/api/v1/purchase-requests/${created.id}`).set(given.admin.headers).expect(404);
    const left = await onServer(
      (client) =>
        client.query(
          `SELECT (SELECT count(*) FROM purchase_request_products WHERE purchase_request_id = $1) + (SELECT count(*) FROM purchase_request_files WHERE purchase_request_id = $1)
                + (SELECT count(*) FROM purchase_request_suppliers WHERE purchase_request_id = $1) AS left`,
          [created.id],
        ),
      given.db.url,
    );
    expect(Number(left.rows[0].left)).toBe(0);
  });
});
