import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { QueryRunner } from 'typeorm';
import { OrderLines1795300010000, Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { readPdfText } from '../../../libs/documents/test/read-pdf-text';
import { startTestApi } from '../../test-support';
import { orderTotals } from '../src/orders';

jest.setTimeout(120_000);

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

type Body = Record<string, unknown>;

/**
 * One document (docs/api-orders.md "Lines"): product, free and text lines, their order, the totals
 * over them; the customer's order number; what an order's status allows.
 */
describe('orders: lines of three kinds, their order, and the status actions', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let viewer: TestUser;
  let betaAdmin: TestUser;
  /** Products with one open bulk price band each, by price. */
  const products: Record<string, string> = {};
  let betaProduct: string;
  const http = () => request(api.getHttpServer());
  const owner = (sql: string, parameters: unknown[] = []) => onServer((client) => client.query(sql, parameters), db.url).then((result) => result.rows);

  async function pricedProduct(user: TestUser, number: string, price: number): Promise<string> {
    const product = (await http().post('/api/v1/products').set(user.headers).send({ name: `Part ${number}`, number }).expect(201)).body;
    await http().post('/api/v1/product-bulk-prices').set(user.headers).send({ productId: product.id, minQuantity: 1, unitPrice: price }).expect(201);
    return product.id;
  }

  const newOrder = async (user: TestUser = admin, productId = products['12.50'], extra: Body = {}) =>
    (await http().post('/api/v1/orders').set(user.headers).send({ contactName: 'Eva', items: [{ productId, quantity: 10 }], ...extra }).expect(201)).body;
  const addLine = async (body: Body, user: TestUser = admin, status = 201) => {
    const answer = await http().post('/api/v1/order-items').set(user.headers).send(body);
    expect([answer.status, answer.status === status ? null : answer.body]).toEqual([status, null]);
    return answer.body;
  };
  const lines = async (orderId: string, user: TestUser = admin) => (await http().get(`/api/v1/order-items?orderId=${orderId}`).set(user.headers).expect(200)).body as Body[];
  const reorder = (orderId: string, itemIds: unknown, user: TestUser = admin) => http().post(`/api/v1/orders/${orderId}/items/reorder`).set(user.headers).send({ itemIds });
  const order = async (id: string, user: TestUser = admin) => (await http().get(`/api/v1/orders/${id}`).set(user.headers).expect(200)).body;
  const setStatus = (id: string, body: Body, user: TestUser = admin) => http().post(`/api/v1/orders/${id}/status`).set(user.headers).send(body);

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', defaultLocale: 'de' });
    api = await startTestApi(testConfig(db));
    [admin, german, viewer, betaAdmin] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(api, acme, { roles: ['Viewer'] }),
      createTestUser(api, beta, { roles: ['Administrator'] }),
    ]);
    for (const price of ['12.50', '4.135', '7.00']) products[price] = await pricedProduct(admin, `P-${price}`, Number(price));
    betaProduct = await pricedProduct(betaAdmin, 'B-1', 3);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('the migration makes the lines written before it product lines, numbered 1..n per order in the order they were listed', async () => {
    const first = await newOrder();
    const second = (
      await http()
        .post('/api/v1/orders')
        .set(admin.headers)
        .send({ contactName: 'Eva', items: [{ productId: products['12.50'], quantity: 1 }, { productId: products['4.135'], quantity: 2 }, { productId: products['7.00'], quantity: 3 }] })
        .expect(201)
    ).body;
    const ids = (await lines(second.id)).map((line) => line.id as string);
    const migration = new OrderLines1795300010000();
    const runner = (client: { query: (sql: string) => Promise<unknown> }) => ({ query: (sql: string) => client.query(sql) }) as unknown as QueryRunner;
    await onServer(async (client) => {
      await client.query('BEGIN');
      await migration.down(runner(client));
      // As positions were before: gaps, ties (then as added) and the default 0.
      await client.query(`ALTER TABLE order_items NO FORCE ROW LEVEL SECURITY`);
      await client.query(`UPDATE order_items SET position = 0 WHERE order_id = '${first.id}'`);
      await client.query(`UPDATE order_items SET position = CASE id WHEN '${ids[0]}' THEN 7 WHEN '${ids[1]}' THEN 3 ELSE 3 END WHERE order_id = '${second.id}'`);
      await client.query(`UPDATE order_items SET created_at = now() - interval '1 minute' WHERE id = '${ids[2]}'`);
      await client.query(`ALTER TABLE order_items FORCE ROW LEVEL SECURITY`);
      await migration.up(runner(client));
      await client.query('COMMIT');
    }, db.url);
    const rows: Array<{ order_id: string; id: string; kind: string; position: number }> = await owner(
      `SELECT order_id, id, kind, position FROM order_items WHERE order_id = ANY($1::uuid[]) ORDER BY position`,
      [[first.id, second.id]],
    );
    expect(rows.filter((row) => row.order_id === first.id).map((row) => [row.kind, row.position])).toEqual([['product', 1]]);
    // 3 (added last, but earlier by its time), 3, 7.
    expect(rows.filter((row) => row.order_id === second.id).map((row) => [row.id, row.kind, row.position])).toEqual([
      [ids[2], 'product', 1],
      [ids[1], 'product', 2],
      [ids[0], 'product', 3],
    ]);
    // The checks tie the columns to the kinds: a product line needs its product, a text line has no figures.
    const refusedByCheck = async (sql: string) => {
      const attempt = onServer(async (client) => {
        await client.query('BEGIN');
        try {
          await client.query(`SELECT set_config('app.organization_id', $1, true)`, [acme.id]);
          await client.query(sql);
        } finally {
          await client.query('ROLLBACK');
        }
      }, db.url);
      await expect(attempt).rejects.toThrow(/order_items_kind_columns/);
    };
    await refusedByCheck(`UPDATE order_items SET product_id = NULL WHERE id = '${ids[0]}'`);
    await refusedByCheck(`UPDATE order_items SET kind = 'text', text = 'x', product_id = NULL WHERE id = '${ids[0]}'`);
  });

  it('adds free and text lines at the end and answers every line in one shape, sorted by position', async () => {
    const draft = await newOrder();
    const free = await addLine({ orderId: draft.id, kind: 'free', text: 'Freight', quantity: 1, unit: 'lump sum', unitPrice: 85 });
    expect(free).toMatchObject({
      orderId: draft.id,
      kind: 'free',
      position: 2,
      productId: null,
      productName: null,
      productNumber: null,
      text: 'Freight',
      unit: 'lump sum',
      quantity: 1,
      unitPrice: 85,
      takenUnitPrice: null,
      priceSource: 'free',
      calculationId: null,
      calculationWhatIf: false,
      priceQuantity: null,
      unitPriceReason: null,
      discountPercent: 0,
      amount: 85,
      lineTotal: 85,
    });
    const note = await addLine({ orderId: draft.id, kind: 'text', text: '  Delivery in two parts  ' });
    expect(note).toMatchObject({
      kind: 'text',
      position: 3,
      productId: null,
      text: 'Delivery in two parts',
      unit: null,
      quantity: null,
      unitPrice: null,
      takenUnitPrice: null,
      priceSource: null,
      calculationWhatIf: false,
      discountPercent: null,
      amount: null,
      discountAmount: null,
      lineTotal: null,
    });
    // A product line as ever; its kind left out is `product`.
    const product = await addLine({ orderId: draft.id, productId: products['7.00'], quantity: 4 });
    expect(product).toMatchObject({ kind: 'product', position: 4, text: null, unit: null, priceSource: 'bulk_price', unitPrice: 7, amount: 28, calculationWhatIf: false });
    // A line given a position goes there; the others move down.
    const heading = await addLine({ orderId: draft.id, kind: 'text', text: 'Assembly A', position: 1 });
    expect(heading.position).toBe(1);
    const listed = await lines(draft.id);
    expect(listed.map((line) => [line.position, line.kind, line.text ?? line.productName])).toEqual([
      [1, 'text', 'Assembly A'],
      [2, 'product', 'Part P-12.50'],
      [3, 'free', 'Freight'],
      [4, 'text', 'Delivery in two parts'],
      [5, 'product', 'Part P-7.00'],
    ]);
    expect(Object.keys(listed[0]).sort()).toEqual(Object.keys(listed[1]).sort());
    // `kind` filters the list.
    expect((await http().get(`/api/v1/order-items?orderId=${draft.id}&kind=free`).set(admin.headers).expect(200)).body.map((line: Body) => line.id)).toEqual([free.id]);
  });

  describe('refuses what a kind of line does not have, in English and German', () => {
    let draft: Body;
    let free: Body;
    let text: Body;
    let product: Body;
    beforeAll(async () => {
      draft = await newOrder();
      [product] = await lines(draft.id as string);
      free = await addLine({ orderId: draft.id, kind: 'free', text: 'Design work', quantity: 2, unit: 'h', unitPrice: 68.4 });
      text = await addLine({ orderId: draft.id, kind: 'text', text: 'Assembly A' });
    });

    type Attempt = { method: 'post' | 'put'; path: () => string; body: () => Body };
    const creating = (body: Body): Attempt => ({ method: 'post', path: () => '/api/v1/order-items', body: () => ({ orderId: draft.id, ...body }) });
    const editing = (line: () => Body, body: Body): Attempt => ({ method: 'put', path: () => `/api/v1/order-items/${line().id}`, body: () => body });
    const NO_PRODUCT = ['Only a product line has a product; a free or text line has a text instead', 'Nur eine Produktposition hat ein Produkt; eine freie oder Textposition hat stattdessen einen Text'];
    const NO_AMOUNT = [
      'A text line is a heading or a note: it has no quantity, unit, price or discount',
      'Eine Textposition ist eine Überschrift oder ein Hinweis: Sie hat keine Menge, Einheit, keinen Preis und keinen Rabatt',
    ];
    const REQUIRED = ['This field is required', 'Dieses Feld ist erforderlich'];
    const cases: Array<[string, Attempt, string, string[]]> = [
      ['a free line with a product', creating({ kind: 'free', productId: 'PRODUCT', text: 'Freight', quantity: 1, unitPrice: 85 }), 'productId', NO_PRODUCT],
      ['a free line with a calculation', creating({ kind: 'free', calculationId: '00000000-0000-4000-8000-000000000000', text: 'Freight', quantity: 1, unitPrice: 85 }), 'calculationId', NO_PRODUCT],
      ['a free line without a text', creating({ kind: 'free', text: '  ', quantity: 1, unitPrice: 85 }), 'text', REQUIRED],
      ['a free line without a quantity', creating({ kind: 'free', text: 'Freight', unitPrice: 85 }), 'quantity', REQUIRED],
      ['a free line without a unit price', creating({ kind: 'free', text: 'Freight', quantity: 1, unitPrice: null }), 'unitPrice', REQUIRED],
      ['a free line of 0 pieces', creating({ kind: 'free', text: 'Freight', quantity: 0, unitPrice: 85 }), 'quantity', ['Enter a quantity above 0 with at most four decimals', 'Geben Sie eine Menge über 0 mit höchstens vier Nachkommastellen an']],
      ['a free line at a negative price', creating({ kind: 'free', text: 'Freight', quantity: 1, unitPrice: -1 }), 'unitPrice', ['Enter a price of 0 or more with at most four decimals', 'Geben Sie einen Preis ab 0 mit höchstens vier Nachkommastellen an']],
      ['a free line with a unit of 21 characters', creating({ kind: 'free', text: 'Freight', quantity: 1, unitPrice: 85, unit: 'x'.repeat(21) }), 'unit', ['Value can not be longer than 20 characters', 'Der Wert darf nicht länger als 20 Zeichen sein']],
      ['a text of 1001 characters', creating({ kind: 'text', text: 'x'.repeat(1001) }), 'text', ['Value can not be longer than 1,000 characters', 'Der Wert darf nicht länger als 1.000 Zeichen sein']],
      ['a text line without a text', creating({ kind: 'text' }), 'text', REQUIRED],
      ['a text line with a quantity', creating({ kind: 'text', text: 'Note', quantity: 1 }), 'quantity', NO_AMOUNT],
      ['a text line with a unit price', creating({ kind: 'text', text: 'Note', unitPrice: 0 }), 'unitPrice', NO_AMOUNT],
      ['a text line with a discount', creating({ kind: 'text', text: 'Note', discountPercent: 5 }), 'discountPercent', NO_AMOUNT],
      ['a text line with a unit', creating({ kind: 'text', text: 'Note', unit: 'h' }), 'unit', NO_AMOUNT],
      ['a text line with a product', creating({ kind: 'text', text: 'Note', productId: 'PRODUCT' }), 'productId', NO_PRODUCT],
      ['a product line without a product', creating({ quantity: 1 }), 'productId', ['Please select a product', 'Bitte wählen Sie ein Produkt aus']],
      ['a product line with a text', creating({ productId: 'PRODUCT', quantity: 1, text: 'Mine' }), 'text', ['A product line shows its product: it has no text or unit of its own', 'Eine Produktposition zeigt ihr Produkt: Sie hat keinen eigenen Text und keine eigene Einheit']],
      ['a kind of no such name', creating({ kind: 'discount', text: 'Note' }), 'kind', ['Choose one of: product, free, text', 'Wählen Sie eines von: product, free, text']],
      ['a line changing its kind', editing(() => free, { kind: 'text' }), 'kind', ['A line keeps its kind: delete it and add a new line of the other kind', 'Eine Position behält ihre Art: Löschen Sie sie und fügen Sie eine neue Position der anderen Art hinzu']],
      ['a product line changing its kind', editing(() => product, { kind: 'free' }), 'kind', ['A line keeps its kind: delete it and add a new line of the other kind', 'Eine Position behält ihre Art: Löschen Sie sie und fügen Sie eine neue Position der anderen Art hinzu']],
      ['a free line losing its unit price', editing(() => free, { unitPrice: null }), 'unitPrice', REQUIRED],
      ['a free line losing its quantity', editing(() => free, { quantity: null }), 'quantity', REQUIRED],
      ['a free line losing its text', editing(() => free, { text: '' }), 'text', REQUIRED],
      ['a text line given a price', editing(() => text, { unitPrice: 3 }), 'unitPrice', NO_AMOUNT],
      ['a text line given a quantity', editing(() => text, { quantity: 3 }), 'quantity', NO_AMOUNT],
      ['a text line losing its text', editing(() => text, { text: null }), 'text', REQUIRED],
    ];

    it.each(cases)('%s', async (_name, attempt, field, [english, deutsch]) => {
      const body = JSON.parse(JSON.stringify(attempt.body()).replace('"PRODUCT"', JSON.stringify(products['4.135'])));
      for (const [user, message] of [[admin, english], [german, deutsch]] as const) {
        const answer = await http()[attempt.method](attempt.path()).set(user.headers).send(body).expect(422);
        expect(answer.body.errors).toEqual({ [field]: message });
      }
      // Nothing changed.
      expect((await lines(draft.id as string)).map((line) => [line.kind, line.text, line.quantity, line.unitPrice])).toEqual([
        ['product', null, 10, 12.5],
        ['free', 'Design work', 2, 68.4],
        ['text', 'Assembly A', null, null],
      ]);
    });
  });

  it('edits free and text lines, also when the console sends the whole row back', async () => {
    const draft = await newOrder();
    const free = await addLine({ orderId: draft.id, kind: 'free', text: 'Design work', quantity: 2, unitPrice: 68.4 });
    const text = await addLine({ orderId: draft.id, kind: 'text', text: 'Note' });
    const edited = (await http().put(`/api/v1/order-items/${free.id}`).set(admin.headers).send({ text: 'Design work (CAD)', unit: 'h', quantity: 2.5, unitPrice: 70, discountPercent: 10 }).expect(200)).body;
    // 2.5 × 70 = 175.00; 10 % = 17.50; 157.50
    expect(edited).toMatchObject({ kind: 'free', text: 'Design work (CAD)', unit: 'h', quantity: 2.5, unitPrice: 70, discountPercent: 10, amount: 175, discountAmount: 17.5, lineTotal: 157.5, priceSource: 'free' });
    expect((await http().put(`/api/v1/order-items/${free.id}`).set(admin.headers).send({ ...edited, unit: '' }).expect(200)).body).toMatchObject({ unit: null, lineTotal: 157.5 });
    const note = (await http().put(`/api/v1/order-items/${text.id}`).set(admin.headers).send({ text: 'Delivered in two parts' }).expect(200)).body;
    expect(note).toMatchObject({ kind: 'text', text: 'Delivered in two parts', amount: null });
    expect((await http().put(`/api/v1/order-items/${text.id}`).set(admin.headers).send(note).expect(200)).body).toMatchObject({ text: 'Delivered in two parts' });
    const [product] = await lines(draft.id);
    expect((await http().put(`/api/v1/order-items/${product.id}`).set(admin.headers).send({ ...product, quantity: 20 }).expect(200)).body).toMatchObject({ kind: 'product', quantity: 20, amount: 250 });
  });

  it('counts product and free lines in the totals, text lines not (a worked example to the cent)', async () => {
    const draft = await newOrder(admin, products['4.135'], { commissionPercent: 3, vatRate: 19 });
    const [product] = await lines(draft.id);
    await http().put(`/api/v1/order-items/${product.id}`).set(admin.headers).send({ quantity: 120, discountPercent: 2.5 }).expect(200);
    await addLine({ orderId: draft.id, kind: 'text', text: 'Assembly A', position: 1 });
    await addLine({ orderId: draft.id, kind: 'free', text: 'Freight', quantity: 1, unit: 'lump sum', unitPrice: 85 });
    await addLine({ orderId: draft.id, kind: 'free', text: 'Design work', quantity: 2.5, unit: 'h', unitPrice: 68.4, discountPercent: 10 });
    await addLine({ orderId: draft.id, kind: 'text', text: 'Prices ex works' });
    // 120 × 4.135 = 496.20, 2.5 % = 12.405 → 12.41; freight 85.00; 2.5 h × 68.40 = 171.00, 10 % = 17.10
    const expected = {
      itemsCount: 3,
      totalQuantity: 120, // the product line's pieces
      totalPrice: 752.2, // 496.20 + 85.00 + 171.00
      discountAmount: 29.51, // 12.41 + 17.10
      valueOfGoods: 722.69,
      commission: 21.68, // 3 % of 722.69 = 21.6807
      subtotal: 744.37,
      vatAmount: 141.43, // 19 % of 744.37 = 141.4303
      totalWithVat: 885.8,
    };
    expect(await order(draft.id)).toMatchObject(expected);
    const [listed] = (await http().get(`/api/v1/orders?id=${draft.id}`).set(admin.headers).expect(200)).body;
    expect(listed).toMatchObject(expected);
    // The pure rule agrees with the SQL.
    const stored: Array<{ kind: 'product' | 'free' | 'text'; quantity: string; unit_price: string; discount_percent: string }> = await owner(
      `SELECT kind, quantity::text, unit_price::text, discount_percent::text FROM order_items WHERE order_id = $1 ORDER BY position`,
      [draft.id],
    );
    const pure = orderTotals(
      stored.map((line) => (line.kind === 'text' ? { kind: 'text' as const } : { kind: line.kind, quantity: line.quantity, unitPrice: line.unit_price, discountPercent: line.discount_percent })),
      '3',
      '19',
    );
    expect(Object.fromEntries(Object.entries(pure).map(([key, value]) => [key, Number(value)]))).toEqual(expected);
  });

  it('keeps at least one line with an amount, and closes the gap a deleted line leaves', async () => {
    const draft = await newOrder();
    const [product] = await lines(draft.id);
    const note = await addLine({ orderId: draft.id, kind: 'text', text: 'Note' });
    const free = await addLine({ orderId: draft.id, kind: 'free', text: 'Freight', quantity: 1, unitPrice: 85 });
    await http().delete(`/api/v1/order-items/${note.id}`).set(admin.headers).expect(200);
    expect((await lines(draft.id)).map((line) => [line.id, line.position])).toEqual([
      [product.id, 1],
      [free.id, 2],
    ]);
    await http().delete(`/api/v1/order-items/${product.id}`).set(admin.headers).expect(200);
    await addLine({ orderId: draft.id, kind: 'text', text: 'Note' });
    // A text line alone is no order.
    const refusal = (await http().delete(`/api/v1/order-items/${free.id}`).set(german.headers).expect(422)).body;
    expect(refusal.errors.orderId).toBe('Ein Auftrag braucht mindestens ein ausgewähltes Produkt');
  });

  describe('reorder', () => {
    it('puts the lines in the order given and answers them so', async () => {
      const draft = await newOrder();
      const [product] = await lines(draft.id);
      const free = await addLine({ orderId: draft.id, kind: 'free', text: 'Freight', quantity: 1, unitPrice: 85 });
      const text = await addLine({ orderId: draft.id, kind: 'text', text: 'Assembly A' });
      const answer = (await reorder(draft.id, [text.id, product.id, free.id]).expect(200)).body;
      expect(answer.map((line: Body) => [line.id, line.position, line.kind])).toEqual([
        [text.id, 1, 'text'],
        [product.id, 2, 'product'],
        [free.id, 3, 'free'],
      ]);
      expect(Object.keys(answer[0]).sort()).toEqual(Object.keys((await lines(draft.id))[0]).sort());
      expect((await lines(draft.id)).map((line) => line.id)).toEqual([text.id, product.id, free.id]);
      // New lines still go to the end.
      expect((await addLine({ orderId: draft.id, kind: 'text', text: 'End' })).position).toBe(4);
    });

    it('refuses a set of ids that is not exactly the order\'s lines, an order not a draft, another organization\'s order, and a reader', async () => {
      const draft = await newOrder();
      const other = await newOrder();
      const [product] = await lines(draft.id);
      const free = await addLine({ orderId: draft.id, kind: 'free', text: 'Freight', quantity: 1, unitPrice: 85 });
      const [otherLine] = await lines(other.id);
      const betaOrder = await newOrder(betaAdmin, betaProduct);
      const [betaLine] = await lines(betaOrder.id, betaAdmin);
      const MISMATCH = ['Send every line of the order exactly once, in the new order', 'Senden Sie jede Position des Auftrags genau einmal, in der neuen Reihenfolge'];
      const wrong: Array<[string, unknown]> = [
        ['one left out', [free.id]],
        ['a duplicate', [free.id, product.id, free.id]],
        ['a duplicate instead of one', [free.id, free.id]],
        ['another order\'s line', [free.id, product.id, otherLine.id]],
        ['another order\'s line instead of one', [free.id, otherLine.id]],
        ['another organization\'s line', [free.id, product.id, betaLine.id]],
        ['no such line', [free.id, '00000000-0000-4000-8000-000000000000']],
        ['not an id', [free.id, 'first']],
        ['no list', 'all'],
        ['none', []],
      ];
      for (const [, itemIds] of wrong) {
        expect((await reorder(draft.id, itemIds).expect(422)).body.errors).toEqual({ itemIds: MISMATCH[0] });
        expect((await reorder(draft.id, itemIds, german).expect(422)).body.errors).toEqual({ itemIds: MISMATCH[1] });
      }
      expect((await http().post(`/api/v1/orders/${draft.id}/items/reorder`).set(admin.headers).send({}).expect(422)).body.errors).toEqual({ itemIds: 'This field is required' });
      // Unchanged.
      expect((await lines(draft.id)).map((line) => line.id)).toEqual([product.id, free.id]);
      expect((await lines(betaOrder.id, betaAdmin)).map((line) => line.position)).toEqual([1]);
      // Another organization's order is none here; no order at all neither.
      expect((await reorder(betaOrder.id, [betaLine.id]).expect(404)).body.errors).toBeUndefined();
      await reorder('00000000-0000-4000-8000-000000000000', [free.id]).expect(404);
      // A reader may not; an order sent to the customer keeps its lines as they were offered.
      await reorder(draft.id, [free.id, product.id], viewer).expect(403);
      await setStatus(draft.id, { status: 'offered' }).expect(200);
      const notDraft = (await reorder(draft.id, [free.id, product.id]).expect(409)).body;
      expect(notDraft.message).toBe('Only a draft can change its items, prices, discounts, commission, VAT rate or currency; this order is Offered');
      expect((await reorder(draft.id, [free.id, product.id], german).expect(409)).body.message).toMatch(/dieser Auftrag hat den Status „Angeboten“$/);
      // Free and text lines are lines like the others: not added to an order that is not a draft.
      await addLine({ orderId: draft.id, kind: 'text', text: 'Late note' }, admin, 409);
    });
  });

  it('keeps the customer\'s order number: edited with the header, given when marking as ordered, refused with another status', async () => {
    const draft = await newOrder();
    expect(draft.customerOrderNumber).toBeNull();
    const edited = (await http().put(`/api/v1/orders/${draft.id}`).set(admin.headers).send({ customerOrderNumber: ' PO-1 ' }).expect(200)).body;
    expect(edited.customerOrderNumber).toBe('PO-1');
    const refusedWith = (await setStatus(draft.id, { status: 'offered', customerOrderNumber: 'PO-2' }).expect(422)).body;
    expect(refusedWith.errors).toEqual({ customerOrderNumber: "A customer order number is given when the order is marked as ordered, or in the order's details" });
    expect((await setStatus(draft.id, { status: 'offered', customerOrderNumber: 'PO-2' }, german).expect(422)).body.errors.customerOrderNumber).toBe(
      'Eine Bestellnummer des Kunden wird beim Markieren als bestellt oder in den Details des Auftrags angegeben',
    );
    expect((await order(draft.id)).status).toBe('draft');
    // Blank with another status is none given.
    await setStatus(draft.id, { status: 'offered', customerOrderNumber: '' }).expect(200);
    expect((await order(draft.id)).customerOrderNumber).toBe('PO-1');
    const ordered = (await setStatus(draft.id, { status: 'ordered', customerOrderNumber: 'PO-4711' }).expect(200)).body;
    expect(ordered).toMatchObject({ status: 'ordered', customerOrderNumber: 'PO-4711' });
    const [listed] = (await http().get(`/api/v1/orders?id=${draft.id}`).set(admin.headers).expect(200)).body;
    expect(listed.customerOrderNumber).toBe('PO-4711');
    // The order confirmation names it.
    const pdf = (await http().get(`/api/v1/orders/${draft.id}/pdf?language=en`).set(admin.headers).buffer(true).parse(binary).expect(200)).body as Buffer;
    const printed = (await readPdfText(pdf)).pages.flat();
    expect(printed.slice(printed.indexOf('Your order no.'), printed.indexOf('Your order no.') + 2)).toEqual(['Your order no.', 'PO-4711']);
    // Searchable like the other numbers? Not asked; the header may still change it after ordering (it changes no totals).
    expect((await http().put(`/api/v1/orders/${draft.id}`).set(admin.headers).send({ customerOrderNumber: 'PO-4711-B' }).expect(200)).body.customerOrderNumber).toBe('PO-4711-B');
    // Blank when ordering: none.
    const second = await newOrder(admin, products['12.50'], { customerOrderNumber: 'PO-9' });
    expect(second.customerOrderNumber).toBe('PO-9');
    await setStatus(second.id, { status: 'offered' }).expect(200);
    expect((await setStatus(second.id, { status: 'ordered', customerOrderNumber: '  ' }).expect(200)).body.customerOrderNumber).toBeNull();
    const tooLong = (await setStatus(draft.id, { status: 'ordered', customerOrderNumber: 'x'.repeat(256) }).expect(422)).body;
    expect(tooLong.errors.customerOrderNumber).toBe('Value can not be longer than 255 characters');
  });

  it('answers whether an order may be deleted and which statuses it may go to, on the order and in the list', async () => {
    const draft = await newOrder();
    const expectActions = async (deletable: boolean, nextStatuses: string[]) => {
      expect(await order(draft.id)).toMatchObject({ deletable, nextStatuses });
      const [listed] = (await http().get(`/api/v1/orders?id=${draft.id}`).set(admin.headers).expect(200)).body;
      expect(listed).toMatchObject({ deletable, nextStatuses });
    };
    expect(draft).toMatchObject({ deletable: true, nextStatuses: ['offered', 'declined'] });
    await expectActions(true, ['offered', 'declined']);
    expect((await setStatus(draft.id, { status: 'offered' }).expect(200)).body).toMatchObject({ deletable: false, nextStatuses: ['ordered', 'deferred', 'declined', 'draft'] });
    await setStatus(draft.id, { status: 'deferred' }).expect(200);
    await expectActions(false, ['offered', 'ordered', 'declined']);
    await setStatus(draft.id, { status: 'declined' }).expect(200);
    await expectActions(true, ['draft']);
    await setStatus(draft.id, { status: 'draft' }).expect(200);
    await setStatus(draft.id, { status: 'offered' }).expect(200);
    await setStatus(draft.id, { status: 'ordered' }).expect(200);
    await expectActions(false, []);
    // What it says is what the API does.
    await http().delete(`/api/v1/orders/${draft.id}`).set(admin.headers).expect(409);
  });

  it('prints the lines in their order in the PDF: headings and notes across the table, free lines with their unit', async () => {
    const draft = await newOrder();
    const [product] = await lines(draft.id);
    const text = await addLine({ orderId: draft.id, kind: 'text', text: 'Baugruppe Rahmen' });
    const free = await addLine({ orderId: draft.id, kind: 'free', text: 'Konstruktion', quantity: 2.5, unit: 'h', unitPrice: 68.4 });
    await reorder(draft.id, [text.id, free.id, product.id]).expect(200);
    const pdf = (await http().get(`/api/v1/orders/${draft.id}/pdf?language=de`).set(admin.headers).buffer(true).parse(binary).expect(200)).body as Buffer;
    const items = (await readPdfText(pdf)).pages.flat().map((item) => item.replace(/[\u00a0\u202f]/g, ' '));
    const at = (text: string) => {
      const index = items.indexOf(text);
      expect(index).toBeGreaterThanOrEqual(0);
      return index;
    };
    // Heading, then the free line numbered 1 (2,5 h at 68,40 € = 171,00 €), then the product numbered 2.
    expect(at('Baugruppe Rahmen')).toBeLessThan(at('Konstruktion'));
    expect(items.slice(at('Konstruktion') - 1, at('Konstruktion') + 4)).toEqual(['1', 'Konstruktion', '2,5 h', '68,40 €', '171,00 €']);
    expect(at('Konstruktion')).toBeLessThan(at('Part P-12.50'));
    expect(items[at('Part P-12.50') - 2]).toBe('2');
    // 171.00 + 125.00 = 296.00
    expect(items).toContain('296,00 €');
  });
});
