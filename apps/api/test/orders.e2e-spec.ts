import request from 'supertest';
import { TestUser } from '@fabquote/testing';
import { StaffedApi, startStaffedApi } from '../../test-support';
import { ORDER_STATUSES, ORDER_TRANSITIONS, OrderStatus, orderTotals } from '../src/orders';

const year = new Date().getUTCFullYear();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** What a shop has before it offers: a customer, a calculated product, one with bulk prices, one with no price, and the worked example's products. */
interface Shop {
  customer: { id: string };
  calculated: { id: string };
  tiers: Array<{ quantity: number; unitPrice: string }>;
  calculationId: string;
  bulk: { id: string };
  unpriced: { id: string };
  /** Bulk prices of one open band each: 12.50, 0.335, 19.99, 0.10, 2.50. */
  at: Record<string, { id: string }>;
}

describe('orders: offers and orders to customers', () => {
  let given: StaffedApi;
  let shop: Shop;
  let betaShop: Shop;
  const http = () => request(given.api.getHttpServer());

  async function makeShop(user: TestUser, tag: string): Promise<Shop> {
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(user.headers).send(body).expect(201)).body;
    const customer = await post('customers', { name: `Kunde ${tag}` });
    const calculated = await post('products', { name: 'Bracket', number: `BR-${tag}`, status: 'ready' });
    // labor 2 min × 75 €/h = 2.50 € a piece, program 12 min × 90 €/h = 18 € an order: 20.50 at 1, 4.30 at 10, 2.68 at 100
    await post('product-operations', { productId: calculated.id, sorting: 10, timePerUnit: 2, hourlyRate: 75, programTime: 12, programRate: 90 });
    // The organization's tiers, so the calculation is a standard one (quantities chosen otherwise make a what-if).
    const [tiersSetting] = (await http().get('/api/v1/settings?slug=quantity-tiers').set(user.headers).expect(200)).body;
    await http().put(`/api/v1/settings/${tiersSetting.id}`).set(user.headers).send({ value: ['1', '10', '100'] }).expect(200);
    const calculation = (await http().post(`/api/v1/products/${calculated.id}/calculations`).set(user.headers).send({}).expect(201)).body;
    expect(calculation).toMatchObject({ quantities: [1, 10, 100], whatIf: false });
    const bulk = await post('products', { name: 'Cover', number: `CV-${tag}`, status: 'pending' });
    await post('product-bulk-prices', { productId: bulk.id, minQuantity: 1, maxQuantity: 49, unitPrice: 9.5 });
    await post('product-bulk-prices', { productId: bulk.id, minQuantity: 50, unitPrice: 8.25 });
    const unpriced = await post('products', { name: 'Prototype', number: `PT-${tag}` });
    const at: Record<string, { id: string }> = {};
    for (const price of ['12.50', '0.335', '19.99', '0.10', '2.50']) {
      at[price] = await post('products', { name: `Part at ${price}`, number: `P${price}-${tag}` });
      await post('product-bulk-prices', { productId: at[price].id, minQuantity: 1, unitPrice: Number(price) });
    }
    return { customer, calculated, tiers: calculation.tiers, calculationId: calculation.id, bulk, unpriced, at };
  }

  const createOrder = async (body: object, user: TestUser = given.admin) => (await http().post('/api/v1/orders').set(user.headers).send(body).expect(201)).body;
  const refused = async (body: object, user: TestUser = given.admin, status = 422) => (await http().post('/api/v1/orders').set(user.headers).send(body).expect(status)).body;
  const oneItem = (of: Shop = shop) => ({ items: [{ productId: of.bulk.id, quantity: 5 }] });
  const setStatus = (id: string, status: string, user: TestUser = given.admin) => http().post(`/api/v1/orders/${id}/status`).set(user.headers).send({ status });

  beforeAll(async () => {
    given = await startStaffedApi({ defaultLocale: 'de' });
    [shop, betaShop] = await Promise.all([makeShop(given.admin, 'a'), makeShop(given.betaAdmin, 'b')]);
  });

  afterAll(async () => {
    await given?.stop();
  });

  it('creates an order from selected products with numbers per organization and the defaults, and says so', async () => {
    const first = await createOrder({ customerId: shop.customer.id, contactName: 'Eva Einkauf', contactEmail: 'eva@kunde.example', items: [{ productId: shop.bulk.id, quantity: 10 }] });
    expect(first).toMatchObject({
      number: `OR-${year}-0001`,
      name: `OR-${year}-0001`,
      status: 'draft',
      customerId: shop.customer.id,
      customerName: 'Kunde a',
      language: 'en',
      currency: 'EUR',
      vatRate: 19,
      commissionPercent: 0,
      validUntil: inDays(30),
      contactName: 'Eva Einkauf',
      contactEmail: 'eva@kunde.example',
      createdBy: given.admin.id,
      createdByName: 'Anna Admin',
      itemsCount: 1,
      totalQuantity: 10,
      valueOfGoods: 95,
      message: 'Order created successfully',
    });
    const second = (await http().post('/api/v1/orders').set(given.german.headers).send({ name: 'Zweites', ...oneItem() }).expect(201)).body;
    expect(second).toMatchObject({ number: `OR-${year}-0002`, name: 'Zweites', message: 'Auftrag erfolgreich erstellt' });
    // Another organization counts from 1, in its own language and currency settings.
    const betaFirst = await createOrder(oneItem(betaShop), given.betaAdmin);
    expect(betaFirst).toMatchObject({ number: `OR-${year}-0001`, language: 'de' });
    const history = (await http().get(`/api/v1/order-status-changes?orderId=${first.id}`).set(given.viewer.headers).expect(200)).body;
    expect(history).toEqual([expect.objectContaining({ orderId: first.id, fromStatus: null, toStatus: 'draft', changedBy: given.admin.id, changedByName: 'Anna Admin' })]);
    const read = (await http().get(`/api/v1/orders/${first.id}`).set(given.viewer.headers).expect(200)).body;
    expect(read).not.toHaveProperty('message');
    expect(read.number).toBe(first.number);
  });

  it('refuses an order without products, in the reader\'s language', async () => {
    for (const body of [{}, { items: [] }, { items: null }, { name: 'Empty', items: 'none' }]) {
      const answer = await refused(body);
      expect(answer.errors.items).toBe('An order needs at least one product selected');
    }
    expect((await refused({ items: [] }, given.german)).errors.items).toBe('Ein Auftrag braucht mindestens ein ausgewähltes Produkt');
    expect((await refused({ items: [{ quantity: 1 }] })).errors['items.0.productId']).toBe('Please select a product');
    expect((await refused({ items: [{ productId: shop.bulk.id, quantity: 1 }, { productId: shop.bulk.id, quantity: 2 }] })).errors['items.1.productId']).toBe('This product is already in the order');
  });

  it('takes the unit price from the latest calculation at the tier for the quantity', async () => {
    expect(shop.tiers.map((tier) => [tier.quantity, tier.unitPrice])).toEqual([
      [1, '20.50'],
      [10, '4.30'],
      [100, '2.68'],
    ]);
    const order = await createOrder({
      items: [
        { productId: shop.calculated.id, quantity: 25 },
        { productId: shop.bulk.id, quantity: 60 },
      ],
    });
    const items = (await http().get(`/api/v1/order-items?orderId=${order.id}&_sort=position`).set(given.viewer.headers).expect(200)).body;
    expect(items[0]).toMatchObject({ productId: shop.calculated.id, productName: 'Bracket', quantity: 25, unitPrice: 4.3, takenUnitPrice: 4.3, priceSource: 'calculation', calculationId: shop.calculationId, priceQuantity: 10, unitPriceReason: null, amount: 107.5, lineTotal: 107.5 });
    expect(items[1]).toMatchObject({ productId: shop.bulk.id, quantity: 60, unitPrice: 8.25, priceSource: 'bulk_price', calculationId: null, priceQuantity: 50, amount: 495 });

    const priceAt = async (productId: string, quantity: number) => {
      const created = await createOrder({ items: [{ productId, quantity }] });
      return (await http().get(`/api/v1/order-items?orderId=${created.id}`).set(given.viewer.headers).expect(200)).body[0].unitPrice;
    };
    // Fewer than the smallest tier: the smallest; on a tier: that tier; above the largest: the largest.
    expect(await priceAt(shop.calculated.id, 0.5)).toBe(20.5);
    expect(await priceAt(shop.calculated.id, 9.9999)).toBe(20.5);
    expect(await priceAt(shop.calculated.id, 10)).toBe(4.3);
    expect(await priceAt(shop.calculated.id, 100)).toBe(2.68);
    expect(await priceAt(shop.calculated.id, 1_000_000)).toBe(2.68);
    // Bulk bands: their bounds included.
    expect(await priceAt(shop.bulk.id, 49)).toBe(9.5);
    expect(await priceAt(shop.bulk.id, 50)).toBe(8.25);
  });

  it('refuses a product without any price unless a price and a reason are given', async () => {
    const answer = await refused({ items: [{ productId: shop.unpriced.id, quantity: 3 }] });
    expect(answer.errors['items.0.productId']).toBe(
      'The product Prototype has no price for 3 pieces: calculate it, give it bulk prices, or enter a unit price with a reason',
    );
    expect((await refused({ items: [{ productId: shop.bulk.id, quantity: 49.5 }] })).errors['items.0.productId']).toMatch(/^The product Cover has no price for 49.5 pieces/);
    expect((await refused({ items: [{ productId: shop.unpriced.id, quantity: 3, unitPrice: 12 }] })).errors['items.0.unitPriceReason']).toMatch(/^The product Prototype has no price/);
    const manual = await createOrder({ items: [{ productId: shop.unpriced.id, quantity: 3, unitPrice: 12, unitPriceReason: 'Prototype price agreed by phone' }] });
    const [item] = (await http().get(`/api/v1/order-items?orderId=${manual.id}`).set(given.viewer.headers).expect(200)).body;
    expect(item).toMatchObject({ unitPrice: 12, takenUnitPrice: null, priceSource: 'manual', unitPriceReason: 'Prototype price agreed by phone', amount: 36 });
  });

  it('needs a reason for a unit price other than the one taken, on create and on edit', async () => {
    const missing = await refused({ items: [{ productId: shop.calculated.id, quantity: 25, unitPrice: 4 }] });
    expect(missing.errors['items.0.unitPriceReason']).toBe('Please give a reason for a unit price other than the one taken (4.30)');
    expect((await refused({ items: [{ productId: shop.calculated.id, quantity: 25, unitPrice: 4 }] }, given.german)).errors['items.0.unitPriceReason']).toBe(
      'Bitte begründen Sie einen anderen Stückpreis als den übernommenen (4,30)',
    );
    // The price taken, given explicitly, needs none (and keeps none).
    const same = await createOrder({ items: [{ productId: shop.calculated.id, quantity: 25, unitPrice: '4.3000', unitPriceReason: 'not needed' }] });
    const [sameItem] = (await http().get(`/api/v1/order-items?orderId=${same.id}`).set(given.viewer.headers)).body;
    expect(sameItem).toMatchObject({ unitPrice: 4.3, unitPriceReason: null });

    const order = await createOrder({ items: [{ productId: shop.calculated.id, quantity: 25, unitPrice: 4, unitPriceReason: 'Framework agreement' }] });
    const [item] = (await http().get(`/api/v1/order-items?orderId=${order.id}`).set(given.viewer.headers)).body;
    expect(item).toMatchObject({ unitPrice: 4, takenUnitPrice: 4.3, unitPriceReason: 'Framework agreement', amount: 100 });
    const put = (body: object, status = 200) => http().put(`/api/v1/order-items/${item.id}`).set(given.admin.headers).send(body).expect(status);
    // Its own price stays when the quantity changes; the price taken follows the quantity.
    expect((await put({ quantity: 100 })).body).toMatchObject({ quantity: 100, unitPrice: 4, takenUnitPrice: 2.68, priceQuantity: 100, unitPriceReason: 'Framework agreement' });
    expect((await put({ unitPriceReason: '' }, 422)).body.errors.unitPriceReason).toBe('Please give a reason for a unit price other than the one taken (2.68)');
    expect((await put({ unitPrice: 3.5 }, 200)).body).toMatchObject({ unitPrice: 3.5, unitPriceReason: 'Framework agreement' });
    expect((await put({ unitPrice: 3.4, unitPriceReason: null }, 422)).body.errors.unitPriceReason).toMatch(/^Please give a reason/);
    // `null`: the price taken again, the reason gone; then a new quantity takes its price.
    expect((await put({ unitPrice: null })).body).toMatchObject({ unitPrice: 2.68, unitPriceReason: null, priceSource: 'calculation' });
    expect((await put({ quantity: 10 })).body).toMatchObject({ unitPrice: 4.3, takenUnitPrice: 4.3, priceQuantity: 10 });
    // The whole row sent back by a form, quantity changed: its old price is no price of its own.
    const row = (await http().get(`/api/v1/order-items/${item.id}`).set(given.admin.headers)).body;
    expect((await put({ ...row, quantity: 1 })).body).toMatchObject({ quantity: 1, unitPrice: 20.5, unitPriceReason: null });
    expect((await put({ discountPercent: 10 })).body).toMatchObject({ discountPercent: 10, amount: 20.5, discountAmount: 2.05, lineTotal: 18.45 });
  });

  it('computes totals as the worked example does, to the cent (order-totals.spec.ts)', async () => {
    const order = await createOrder({
      commissionPercent: 2.5,
      items: [
        { productId: shop.at['12.50'].id, quantity: 10 },
        { productId: shop.at['0.335'].id, quantity: 3 },
        { productId: shop.at['19.99'].id, quantity: 7, discountPercent: 5 },
      ],
    });
    expect(order).toMatchObject({
      itemsCount: 3,
      totalQuantity: 20,
      totalPrice: 265.94,
      discountAmount: 7,
      valueOfGoods: 258.94,
      commission: 6.47,
      subtotal: 265.41,
      vatRate: 19,
      vatAmount: 50.43,
      totalWithVat: 315.84,
    });
    const items = (await http().get(`/api/v1/order-items?orderId=${order.id}&_sort=position`).set(given.viewer.headers)).body;
    expect(items.map((item: Record<string, number>) => [item.amount, item.discountAmount, item.lineTotal])).toEqual([
      [125, 0, 125],
      [1.01, 0, 1.01],
      [139.93, 7, 132.93],
    ]);
    // Half cents round up: commission 0.005 → 0.01; VAT 0.475 → 0.48.
    expect(await createOrder({ commissionPercent: 5, items: [{ productId: shop.at['0.10'].id, quantity: 1 }] })).toMatchObject({ commission: 0.01, subtotal: 0.11, vatAmount: 0.02, totalWithVat: 0.13 });
    expect(await createOrder({ items: [{ productId: shop.at['2.50'].id, quantity: 1 }] })).toMatchObject({ vatAmount: 0.48, totalWithVat: 2.98 });
    expect(await createOrder({ vatRate: 0, items: [{ productId: shop.at['0.10'].id, quantity: 1, discountPercent: 5 }] })).toMatchObject({ discountAmount: 0.01, valueOfGoods: 0.09, vatAmount: 0, totalWithVat: 0.09 });
  });

  it('answers the same totals in SQL as the pure rule computes, for many odd orders', async () => {
    const products = [shop.at['12.50'], shop.at['0.335'], shop.at['19.99'], shop.at['0.10'], shop.at['2.50']];
    const prices = ['12.50', '0.335', '19.99', '0.10', '2.50'];
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 12; round++) {
      const count = 1 + next(5);
      const lines = Array.from({ length: count }, (_, index) => ({
        productId: products[index].id,
        quantity: String(1 + next(500) + next(10000) / 10000),
        unitPrice: (next(100000) / 1000).toFixed(3),
        discountPercent: (next(10001) / 100).toFixed(2),
      }));
      const commissionPercent = (next(2001) / 100).toFixed(2);
      const vat = (next(2501) / 100).toFixed(2);
      const order = await createOrder({
        commissionPercent,
        vatRate: vat,
        items: lines.map((line, index) => ({ ...line, unitPriceReason: line.unitPrice === prices[index] ? undefined : 'test' })),
      });
      const expected = orderTotals(lines, commissionPercent, vat);
      for (const name of ['totalPrice', 'discountAmount', 'valueOfGoods', 'commission', 'subtotal', 'vatAmount', 'totalWithVat', 'totalQuantity'] as const) {
        expect([name, order[name]]).toEqual([name, Number(expected[name])]);
      }
    }
  });

  it('takes the VAT rate and the currency from the settings, and checks the VAT rate setting', async () => {
    const settings = (await http().get('/api/v1/settings?slug=vat-rate&slug=currency').set(given.admin.headers).expect(200)).body as Array<{ id: string; slug: string }>;
    const id = (slug: string) => settings.find((setting) => setting.slug === slug)!.id;
    for (const value of ['abc', '101', '7.777', '-1', ['19']]) {
      const answer = (await http().put(`/api/v1/settings/${id('vat-rate')}`).set(given.admin.headers).send({ value }).expect(422)).body;
      expect(answer.errors.value).toBe('Enter the VAT rate as a percentage from 0 to 100 with at most two decimals, e.g. 19');
    }
    expect((await http().put(`/api/v1/settings/${id('vat-rate')}`).set(given.german.headers).send({ value: 'x' }).expect(422)).body.errors.value).toMatch(/^Geben Sie den Mehrwertsteuersatz/);
    await http().put(`/api/v1/settings/${id('vat-rate')}`).set(given.admin.headers).send({ value: '7.5' }).expect(200);
    await http().put(`/api/v1/settings/${id('currency')}`).set(given.admin.headers).send({ value: 'chf' }).expect(200);
    try {
      expect(await createOrder(oneItem())).toMatchObject({ vatRate: 7.5, currency: 'CHF', valueOfGoods: 47.5, vatAmount: 3.56 });
      // An order keeps its own: the earlier ones are still at 19 %.
      expect((await http().get(`/api/v1/orders?vatRate=19`).set(given.admin.headers).expect(400)).body.errors).toHaveProperty('vatRate');
    } finally {
      await http().put(`/api/v1/settings/${id('vat-rate')}`).set(given.admin.headers).send({ value: '19' }).expect(200);
      await http().put(`/api/v1/settings/${id('currency')}`).set(given.admin.headers).send({ value: 'EUR' }).expect(200);
    }
  });

  describe('statuses', () => {
    /** How to reach each status from a new draft, by legal steps. */
    const PATH: Record<OrderStatus, OrderStatus[]> = { draft: [], offered: ['offered'], ordered: ['offered', 'ordered'], deferred: ['offered', 'deferred'], declined: ['declined'] };
    const NAMES = { draft: 'Draft', offered: 'Offered', ordered: 'Ordered', deferred: 'Deferred', declined: 'Declined' };
    const GERMAN = { draft: 'Entwurf', offered: 'Angeboten', ordered: 'Bestellt', deferred: 'Zurückgestellt', declined: 'Abgelehnt' };
    const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to): [OrderStatus, OrderStatus] => [from, to]));

    it.each(pairs)('%s → %s: allowed as documented, else a 422 naming both statuses', async (from, to) => {
      const order = await createOrder(oneItem());
      for (const step of PATH[from]) await setStatus(order.id, step).expect(200);
      const legal = ORDER_TRANSITIONS[from].includes(to);
      const user = Math.random() < 0.5 ? given.admin : given.german;
      const answer = await setStatus(order.id, to, user).expect(legal ? 200 : 422);
      if (legal) {
        expect(answer.body).toMatchObject({ id: order.id, status: to });
      } else {
        const message = user === given.german ? `Ein Auftrag kann nicht von „${GERMAN[from]}“ zu „${GERMAN[to]}“ wechseln` : `An order can not change from ${NAMES[from]} to ${NAMES[to]}`;
        expect(answer.body).toMatchObject({ message, code: 'validation_failed', errors: { status: message } });
        expect((await http().get(`/api/v1/orders/${order.id}`).set(given.admin.headers)).body.status).toBe(from);
      }
    });

    it('keeps who changed the status and when', async () => {
      const order = await createOrder(oneItem());
      const before = Date.now();
      await setStatus(order.id, 'offered', given.german).expect(200);
      const ordered = (await setStatus(order.id, 'ordered').expect(200)).body;
      const history = (await http().get(`/api/v1/order-status-changes?orderId=${order.id}&_sort=changedAt`).set(given.viewer.headers).expect(200)).body;
      expect(history.map((change: Record<string, unknown>) => [change.fromStatus, change.toStatus, change.changedBy])).toEqual([
        [null, 'draft', given.admin.id],
        ['draft', 'offered', given.german.id],
        ['offered', 'ordered', given.admin.id],
      ]);
      expect(Date.parse(history[2].changedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(ordered.statusChangedAt).toBe(history[2].changedAt);
      expect((await http().get(`/api/v1/order-status-changes/${history[1].id}`).set(given.viewer.headers).expect(200)).body).toMatchObject({ toStatus: 'offered' });
      for (const body of [{}, { status: 'cancelled' }, { status: 'Offered' }, { status: null }]) {
        expect((await http().post(`/api/v1/orders/${order.id}/status`).set(given.admin.headers).send(body).expect(422)).body.errors).toHaveProperty('status');
      }
    });

    it('changes items, prices and totals of drafts only, and deletes drafts and declined orders only', async () => {
      const order = await createOrder({ commissionPercent: 3, items: [{ productId: shop.bulk.id, quantity: 5 }, { productId: shop.calculated.id, quantity: 10 }] });
      const [item, second] = (await http().get(`/api/v1/order-items?orderId=${order.id}&_sort=position`).set(given.admin.headers)).body;
      // While a draft: add, change, remove (not the last one).
      const added = (await http().post('/api/v1/order-items').set(given.admin.headers).send({ orderId: order.id, productId: shop.at['2.50'].id, quantity: 4 }).expect(201)).body;
      expect(added).toMatchObject({ position: 3, unitPrice: 2.5, amount: 10, orderNumber: order.number, orderStatus: 'draft' });
      expect((await http().post('/api/v1/order-items').set(given.admin.headers).send({ orderId: order.id, productId: shop.bulk.id, quantity: 4 }).expect(422)).body.errors.productId).toBe('This product is already in the order');
      await http().delete(`/api/v1/order-items/${added.id}`).set(given.admin.headers).expect(200);
      await http().delete(`/api/v1/order-items/${second.id}`).set(given.admin.headers).expect(200);
      expect((await http().delete(`/api/v1/order-items/${item.id}`).set(given.admin.headers).expect(422)).body.errors.orderId).toBe('An order needs at least one product selected');

      await setStatus(order.id, 'offered').expect(200);
      const notDraft = 'Only a draft can change its items, prices, discounts, commission, VAT rate or currency; this order is Offered';
      expect((await http().post('/api/v1/order-items').set(given.admin.headers).send({ orderId: order.id, productId: shop.at['2.50'].id, quantity: 4 }).expect(409)).body.message).toBe(notDraft);
      expect((await http().put(`/api/v1/order-items/${item.id}`).set(given.admin.headers).send({ quantity: 7 }).expect(409)).body.message).toBe(notDraft);
      expect((await http().delete(`/api/v1/order-items/${item.id}`).set(given.admin.headers).expect(409)).body.code).toBe('order_not_draft');
      for (const change of [{ vatRate: 7 }, { commissionPercent: 0 }, { currency: 'USD' }]) {
        expect((await http().put(`/api/v1/orders/${order.id}`).set(given.admin.headers).send(change).expect(409)).body.message).toBe(notDraft);
      }
      expect((await http().put(`/api/v1/orders/${order.id}`).set(given.german.headers).send({ vatRate: 7 }).expect(409)).body.message).toMatch(/dieser Auftrag hat den Status „Angeboten“$/);
      // What does not touch the totals changes in any status, and the whole record sent back is no change of them.
      const record = (await http().get(`/api/v1/orders/${order.id}`).set(given.admin.headers)).body;
      const edited = (await http().put(`/api/v1/orders/${order.id}`).set(given.admin.headers).send({ ...record, shippingDate: inDays(20), shippingDays: 3, shippingMethod: 'Parcel', description: 'Revised' }).expect(200)).body;
      expect(edited).toMatchObject({ shippingDate: inDays(20), shippingDays: 3, shippingMethod: 'Parcel', description: 'Revised', commissionPercent: 3, status: 'offered' });
      expect((await http().delete(`/api/v1/orders/${order.id}`).set(given.admin.headers).expect(409)).body.message).toBe('Only a draft or a declined order can be deleted; this order is Offered');

      await setStatus(order.id, 'declined').expect(200);
      await http().delete(`/api/v1/orders/${order.id}`).set(given.admin.headers).expect(200);
      await http().get(`/api/v1/orders/${order.id}`).set(given.admin.headers).expect(404);
      expect((await http().get(`/api/v1/order-status-changes?orderId=${order.id}`).set(given.admin.headers)).body).toEqual([]);
    });
  });

  it('lists orders and items with filters, search and sorting', async () => {
    const order = await createOrder({ customerId: shop.customer.id, requestNumber: 'RFQ-4711', items: [{ productId: shop.at['19.99'].id, quantity: 100000 }] });
    await setStatus(order.id, 'offered').expect(200);
    const list = async (query: string) => {
      const answer = await http().get(`/api/v1/orders?${query}`).set(given.viewer.headers).expect(200);
      return { rows: answer.body as Array<Record<string, unknown>>, total: Number(answer.headers['x-total-count']) };
    };
    expect((await list('q=RFQ-4711')).rows.map((row) => row.id)).toEqual([order.id]);
    expect((await list(`q=${order.number}`)).rows.map((row) => row.id)).toEqual([order.id]);
    expect((await list('status=offered')).rows.every((row) => row.status === 'offered')).toBe(true);
    expect((await list(`customerId=${shop.customer.id}`)).rows.every((row) => row.customerId === shop.customer.id)).toBe(true);
    expect((await list(`productId=${shop.at['19.99'].id}&_sort=totalWithVat&_order=DESC`)).rows[0].id).toBe(order.id);
    const sorted = (await list('_sort=totalWithVat&_order=DESC&_end=1000')).rows.map((row) => row.totalWithVat as number);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect((await http().get('/api/v1/orders?unknown=1').set(given.viewer.headers).expect(400)).body.errors).toHaveProperty('unknown');
    const items = (await http().get(`/api/v1/order-items?productId=${shop.at['19.99'].id}&orderStatus=offered`).set(given.viewer.headers).expect(200)).body;
    expect(items.map((item: Record<string, unknown>) => item.orderId)).toContain(order.id);
    expect(items.every((item: Record<string, unknown>) => item.orderStatus === 'offered')).toBe(true);
  });

  it("keeps another organization's orders, items, products and customers out", async () => {
    const order = await createOrder({ customerId: shop.customer.id, ...oneItem() });
    const [item] = (await http().get(`/api/v1/order-items?orderId=${order.id}`).set(given.admin.headers)).body;
    for (const path of [`orders/${order.id}`, `order-items/${item.id}`]) {
      await http().get(`/api/v1/${path}`).set(given.betaAdmin.headers).expect(404);
      await http().put(`/api/v1/${path}`).set(given.betaAdmin.headers).send({ name: 'Taken' }).expect(404);
      await http().delete(`/api/v1/${path}`).set(given.betaAdmin.headers).expect(404);
    }
    await setStatus(order.id, 'offered', given.betaAdmin).expect(404);
    expect((await http().get(`/api/v1/order-items?orderId=${order.id}`).set(given.betaAdmin.headers).expect(200)).body).toEqual([]);
    expect((await http().get(`/api/v1/orders?id=${order.id}`).set(given.betaAdmin.headers).expect(200)).body).toEqual([]);
    expect((await http().post('/api/v1/order-items').set(given.betaAdmin.headers).send({ orderId: order.id, productId: betaShop.bulk.id, quantity: 1 }).expect(422)).body.errors).toHaveProperty('orderId');
    expect((await refused({ items: [{ productId: shop.bulk.id, quantity: 1 }] }, given.betaAdmin)).errors).toHaveProperty(['items.0.productId']);
    expect((await refused({ customerId: shop.customer.id, ...oneItem(betaShop) }, given.betaAdmin)).errors).toHaveProperty('customerId');
    expect((await http().get(`/api/v1/orders/${order.id}`).set(given.admin.headers).expect(200)).body.status).toBe('draft');
  });

  it('lets the roles do what they hold: Viewer and Purchaser read, Estimator and Administrator write', async () => {
    await http().get('/api/v1/orders').set(given.viewer.headers).expect(200);
    await http().get('/api/v1/order-items').set(given.purchaser.headers).expect(200);
    expect((await http().post('/api/v1/orders').set(given.viewer.headers).send(oneItem()).expect(403)).body.message).toBe('You are not allowed to perform this action');
    await http().post('/api/v1/orders').set(given.purchaser.headers).send(oneItem()).expect(403);
    const order = await createOrder(oneItem(), given.estimator);
    await setStatus(order.id, 'offered', given.viewer).expect(403);
    await http().put(`/api/v1/orders/${order.id}`).set(given.viewer.headers).send({ name: 'x' }).expect(403);
    await http().post('/api/v1/order-items').set(given.viewer.headers).send({ orderId: order.id, productId: shop.calculated.id, quantity: 1 }).expect(403);
    await setStatus(order.id, 'offered', given.estimator).expect(200);
    await http().get('/api/v1/orders').set('X-Organization', 'acme').expect(401);
  });

  it('keeps products and customers in use by orders, and filters products by status (item 5)', async () => {
    const order = await createOrder({ customerId: shop.customer.id, items: [{ productId: shop.calculated.id, quantity: 2 }] });
    expect((await http().delete(`/api/v1/products/${shop.calculated.id}`).set(given.admin.headers).expect(409)).body.message).toMatch(/^Can not delete: still used by orders \(\d+\)$/);
    expect((await http().delete(`/api/v1/customers/${shop.customer.id}`).set(given.admin.headers).expect(409)).body.message).toMatch(/orders \(\d+\)/);
    expect(order.customerId).toBe(shop.customer.id);
    const ready = (await http().get('/api/v1/products?status=ready').set(given.viewer.headers).expect(200)).body;
    expect(ready.map((product: { id: string }) => product.id)).toEqual([shop.calculated.id]);
    const pendingOrReady = (await http().get('/api/v1/products?status=pending&status=ready').set(given.viewer.headers).expect(200)).body;
    expect(pendingOrReady.map((product: { status: string }) => product.status).sort()).toEqual(['pending', 'ready']);
  });
});
