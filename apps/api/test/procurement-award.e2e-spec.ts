import { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';
import { HOSTILE } from './support/hostile-values';
import { SeededRequest, seedPurchaseRequest } from './support/supplier-page-seed';

jest.setTimeout(120_000);

/** What a seeded request buys: the catalogue's operation and part behind its two lines. */
interface Bought {
  operationId: string;
  partId: string;
}

/**
 * docs/api-procurement.md, "Procurement II: award". The seeded request asks a bought operation at 10/50/200
 * and a part (2 per product) at 20/100/400 pieces. The first supplier's offer, worked out by hand:
 * packaging 10 + shipping 25 + customs 5 = 40, two lines priced, so 20 per line:
 * - operation 4.00 / 3.50 / 3.00 → landed 4 + 20/10 = 6, 3.5 + 20/50 = 3.9, 3 + 20/200 = 3.1;
 * - part 0.50 / 0.40 / 0.30 → landed 0.5 + 20/20 = 1.5, 0.4 + 20/100 = 0.6, 0.3 + 20/400 = 0.35.
 */
describe('procurement: awarding offers', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let tenants: TenantTransactions;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let viewer: TestUser;
  let estimator: TestUser;
  let purchaser: TestUser;
  const http = () => request(api.getHttpServer());
  let address = 1;

  const submit = async (pr: SeededRequest, index: number, body: object, host = 'acme') =>
    (
      await http()
        .post(`/api/v1/pub/purchase-requests/${pr.id}/${pr.suppliers[index].id}/offers?token=${pr.suppliers[index].token}&host=${host}`)
        .set('X-Forwarded-For', `198.51.100.${address++ % 250}`)
        .send(body)
        .expect(201)
    ).body.offer as { id: string };

  const offerOf = (pr: SeededRequest, prices: { operation?: number[]; part?: number[] }, costs: object = { packagingCost: 10, shippingCost: 25, customsCost: 5 }) => ({
    shippingDate: '2026-09-01',
    leadTimeDays: 10,
    ...costs,
    prices: [
      ...(prices.operation ?? []).map((unitPrice, i) => ({ kind: 'operation', lineId: pr.operationLineId, quantity: [10, 50, 200][i], unitPrice })),
      ...(prices.part ?? []).map((unitPrice, i) => ({ kind: 'part', lineId: pr.partLineId, quantity: [20, 100, 400][i], unitPrice })),
    ],
  });

  const award = (offerId: string, body: object = {}, user: TestUser = admin) => http().post(`/api/v1/supplier-offers/${offerId}/award`).set(user.headers).send(body);

  const bought = (pr: SeededRequest, organization: Organization = acme): Promise<Bought> =>
    tenants.run(organization.id, async (manager) => {
      const [row] = await manager.query(
        `SELECT po.operation_id, pp.part_id FROM purchase_request_operations pro JOIN product_operations po ON po.id = pro.product_operation_id,
                purchase_request_parts prt JOIN product_parts pp ON pp.id = prt.product_part_id
          WHERE pro.id = $1 AND prt.id = $2`,
        [pr.operationLineId, pr.partLineId],
      );
      return { operationId: row.operation_id, partId: row.part_id };
    });

  /** Every suppliable of a part or operation with its bands, as the API lists them. */
  const suppliablesOf = async (filter: string) => {
    const rows = (await http().get(`/api/v1/suppliables?${filter}&_sort=number`).set(admin.headers).expect(200)).body;
    return Promise.all(
      rows.map(async (row: Record<string, unknown>) => {
        const bands = (await http().get(`/api/v1/suppliable-bulk-prices?suppliableId=${row.id}&_sort=minQuantity`).set(admin.headers).expect(200)).body;
        return {
          id: row.id,
          number: row.number,
          supplierId: row.supplierId,
          cost: row.cost,
          active: row.active,
          bands: bands.map((band: Record<string, unknown>) => [band.minQuantity, band.maxQuantity, band.unitPrice]),
        };
      }),
    );
  };

  const repriceEvents = async (sourceIds: string[]) =>
    (
      await onServer(
        (client) =>
          client.query(`SELECT payload FROM outbox_events WHERE job_name = 'pricing.reprice' AND payload->>'sourceId' = ANY($1) ORDER BY occurred_at`, [sourceIds]),
        db.url,
      )
    ).rows.map((row: { payload: Record<string, unknown> }) => row.payload);

  const OPERATION_BANDS = [
    [10, 49.9999, 6],
    [50, 199.9999, 3.9],
    [200, null, 3.1],
  ];
  const PART_BANDS = [
    [20, 99.9999, 1.5],
    [100, 399.9999, 0.6],
    [400, null, 0.35],
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    api = await startTestApi(testConfig(db));
    tenants = api.get(TenantTransactions);
    [admin, german, viewer, estimator, purchaser] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'], name: 'Anna Admin' }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(api, acme, { roles: ['Viewer'] }),
      createTestUser(api, acme, { roles: ['Estimator'] }),
      createTestUser(api, acme, { roles: ['Purchaser'], name: 'Paul Purchaser' }),
    ]);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('awards a whole offer: each line\'s suppliable gets the landed bands, other suppliers\' stay active by default, and a reprice event', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}, {}] });
    const { operationId, partId } = await bought(pr);
    // The first supplier already supplies the operation (its number is kept, its old band replaced);
    // the second supplies the part (kept active by the award's default: the engine buys the cheapest).
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
    const known = await post('suppliables', { type: 'operation', number: 'HUB-77', supplierId: pr.suppliers[0].id, operationId, cost: 9 });
    await post('suppliable-bulk-prices', { suppliableId: known.id, minQuantity: 1, maxQuantity: 1000, unitPrice: 8 });
    const rival = await post('suppliables', { type: 'part', number: 'NUT-1', supplierId: pr.suppliers[1].id, partId, cost: 0.2 });
    const offer = await submit(pr, 0, offerOf(pr, { operation: [4, 3.5, 3], part: [0.5, 0.4, 0.3] }));

    const answer = await award(offer.id, {}, purchaser).expect(200);
    expect(answer.body.message).toBe('The offer has been awarded');
    expect(answer.body.data).toHaveLength(2);
    const partAward = answer.body.data.find((row: { kind: string }) => row.kind === 'part');
    expect(partAward).toMatchObject({
      purchaseRequestId: pr.id,
      supplierOfferId: offer.id,
      revision: 1,
      supplierId: pr.suppliers[0].id,
      supplierName: pr.suppliers[0].name,
      lineId: pr.partLineId,
      productId: pr.productId,
      lineName: expect.stringMatching(/^Press nut M6/),
      suppliableNumber: `${pr.number}-1`,
      bulkPrices: PART_BANDS.map(([minQuantity, maxQuantity, unitPrice]) => ({ minQuantity, maxQuantity, unitPrice })),
      awardedBy: purchaser.id,
      awardedByName: 'Paul Purchaser',
      withdrawnAt: null,
      replacedBy: null,
      active: true,
    });

    expect(await suppliablesOf(`operationId=${operationId}`)).toEqual([
      { id: known.id, number: 'HUB-77', supplierId: pr.suppliers[0].id, cost: 6, active: true, bands: OPERATION_BANDS },
    ]);
    const parts = await suppliablesOf(`partId=${partId}`);
    expect(parts).toEqual([
      { id: rival.id, number: 'NUT-1', supplierId: pr.suppliers[1].id, cost: 0.2, active: true, bands: [] },
      { id: partAward.suppliableId, number: `${pr.number}-1`, supplierId: pr.suppliers[0].id, cost: 1.5, active: true, bands: PART_BANDS },
    ]);
    expect(await repriceEvents([known.id, partAward.suppliableId])).toEqual(
      expect.arrayContaining(
        [known.id, partAward.suppliableId].map((sourceId) => ({
          organizationId: acme.id,
          source: 'suppliable',
          sourceId,
          reason: { key: 'reprice_reason', params: { what: { key: 'what_award' } } },
        })),
      ),
    );
    // Awarding it again changes nothing: the lines are this offer's already.
    const again = await award(offer.id).expect(200);
    expect(again.body.data.map((row: { id: string }) => row.id).sort()).toEqual(answer.body.data.map((row: { id: string }) => row.id).sort());
  });

  it('awards per line, moves a line to another supplier keeping the history, and withdraws', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}, {}] });
    const { partId, operationId } = await bought(pr);
    const first = await submit(pr, 0, offerOf(pr, { operation: [4, 3.5, 3], part: [0.5, 0.4, 0.3] }));
    // Only the part, no shared costs: its prices as they are; 2 quantities only.
    const second = await submit(pr, 1, offerOf(pr, { part: [0.45, 0.35] }, {}));

    const onlyPart = await award(first.id, { lines: [{ kind: 'part', lineId: pr.partLineId }] }).expect(200);
    expect(onlyPart.body.data).toEqual([expect.objectContaining({ kind: 'part', lineId: pr.partLineId, bulkPrices: PART_BANDS.map(([minQuantity, maxQuantity, unitPrice]) => ({ minQuantity, maxQuantity, unitPrice })) })]);
    expect(await suppliablesOf(`operationId=${operationId}`)).toEqual([]);

    // Moved to the second supplier: the first award is withdrawn and names its successor.
    // Switching the others off is an explicit choice.
    const moved = await award(second.id, { lines: [{ kind: 'part', lineId: pr.partLineId }], switchOffOthers: true }).expect(200);
    const [secondAward] = moved.body.data;
    expect(secondAward).toMatchObject({ supplierId: pr.suppliers[1].id, bulkPrices: [{ minQuantity: 20, maxQuantity: 99.9999, unitPrice: 0.45 }, { minQuantity: 100, maxQuantity: null, unitPrice: 0.35 }] });
    const history = (await http().get(`/api/v1/purchase-request-awards?purchaseRequestId=${pr.id}&_sort=awardedAt`).set(admin.headers).expect(200));
    expect(history.headers['x-total-count']).toBe('2');
    expect(history.body).toEqual([
      expect.objectContaining({ id: onlyPart.body.data[0].id, active: false, withdrawnAt: expect.any(String), withdrawnBy: admin.id, replacedBy: secondAward.id }),
      expect.objectContaining({ id: secondAward.id, active: true, withdrawnAt: null }),
    ]);
    const filtered = async (query: string) => (await http().get(`/api/v1/purchase-request-awards?${query}`).set(admin.headers).expect(200)).body.map((row: { id: string }) => row.id);
    expect(await filtered(`purchaseRequestId=${pr.id}&active=true`)).toEqual([secondAward.id]);
    expect(await filtered(`supplierOfferId=${first.id}`)).toEqual([onlyPart.body.data[0].id]);
    expect(await filtered(`supplierId=${pr.suppliers[1].id}`)).toEqual([secondAward.id]);
    expect(await filtered(`supplierId=not-a-uuid`)).toEqual([]);
    // Both numbered after the request: each supplier counts its own.
    const bySupplier = async () => {
      const rows = await suppliablesOf(`partId=${partId}`);
      return pr.suppliers.slice(0, 2).map((supplier) => rows.find((row) => row.supplierId === supplier.id)!);
    };
    let parts = await bySupplier();
    expect(parts.map((row) => [row.number, row.active, row.cost])).toEqual([
      [`${pr.number}-1`, false, 1.5],
      [`${pr.number}-1`, true, 0.45],
    ]);

    // Withdrawn: the second supplier's suppliable is off, the first's (which the award switched off) on again.
    const withdrawn = await http().delete(`/api/v1/purchase-request-awards/${secondAward.id}`).set(purchaser.headers).expect(200);
    expect(withdrawn.body).toMatchObject({ id: secondAward.id, active: false, withdrawnBy: purchaser.id, withdrawnAt: expect.any(String) });
    parts = await bySupplier();
    expect(parts.map((row) => row.active)).toEqual([true, false]);
    expect(await repriceEvents([secondAward.suppliableId])).toHaveLength(2);
    const twice = await http().delete(`/api/v1/purchase-request-awards/${secondAward.id}`).set(german.headers).expect(409);
    expect(twice.body).toMatchObject({ code: 'award_withdrawn', message: 'Diese Vergabe wurde bereits zurückgezogen' });
    // The history keeps both.
    expect(await filtered(`purchaseRequestId=${pr.id}&active=false`)).toHaveLength(2);
  });

  it('refuses an old revision, a line of another request or not priced, no lines, another organization\'s offer, and users without the permission', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}] });
    const other = await seedPurchaseRequest(tenants, acme);
    const old = await submit(pr, 0, offerOf(pr, { operation: [4, 3.5, 3] }));
    const latest = await submit(pr, 0, offerOf(pr, { operation: [3.9, 3.4, 2.9] }));

    const notLatest = await award(old.id).expect(409);
    expect(notLatest.body).toMatchObject({ code: 'award_not_latest', message: 'Only the latest revision of an offer can be awarded' });
    expect((await award(old.id, {}, german).expect(409)).body.message).toBe('Nur die neueste Fassung eines Angebots kann vergeben werden');

    const errors = async (body: object, user = admin) => (await award(latest.id, body, user).expect(422)).body.errors;
    expect(await errors({ lines: [{ kind: 'part', lineId: other.partLineId }] })).toEqual({ 'lines.0.lineId': 'This line is not asked for in the offer\'s purchase request' });
    // The right id under the wrong kind is no line either.
    expect(await errors({ lines: [{ kind: 'part', lineId: pr.operationLineId }] })).toEqual({ 'lines.0.lineId': 'This line is not asked for in the offer\'s purchase request' });
    expect(await errors({ lines: [{ kind: 'operation', lineId: pr.operationLineId }, { kind: 'part', lineId: pr.partLineId }] })).toEqual({
      'lines.1.lineId': 'The offer gives no price for this line',
    });
    expect(await errors({ lines: [{ kind: 'part', lineId: pr.partLineId }] }, german)).toEqual({ 'lines.0.lineId': 'Das Angebot nennt für diese Zeile keinen Preis' });
    expect(await errors({ lines: [] })).toEqual({ lines: 'Please select at least one line to award' });
    expect(await errors({ lines: [{ kind: 'machine', lineId: pr.operationLineId }] })).toEqual({ 'lines.0.kind': 'Choose one of: operation, part' });
    expect(await errors({ lines: [{ kind: 'operation' }] })).toEqual({ 'lines.0.lineId': 'This line is not asked for in the offer\'s purchase request' });

    // An operation done on a machine of the shop buys nothing.
    const machine = await tenants.run(acme.id, async (manager) => {
      const [asset] = await manager.query(`INSERT INTO assets (name) VALUES ('Laser 1') RETURNING id`);
      const [operation] = await manager.query(`INSERT INTO product_operations (product_id, asset_id) VALUES ($1, $2) RETURNING id`, [pr.productId, asset.id]);
      const [line] = await manager.query(`INSERT INTO purchase_request_operations (purchase_request_id, product_operation_id) VALUES ($1, $2) RETURNING id`, [pr.id, operation.id]);
      return line.id as string;
    });
    const withMachine = await submit(pr, 1, { shippingDate: '2026-09-01', prices: [{ kind: 'operation', lineId: machine, quantity: 10, unitPrice: 1 }] });
    expect((await award(withMachine.id).expect(422)).body.errors).toEqual({ lines: 'This operation runs on a machine of the shop and names no operation to buy; it can not be awarded' });

    // Shared costs over a sliver of a piece land above what a unit price column holds: said on `lines`.
    // (Only asked quantities are priced: a request asking 0.0001 products, 0.0002 pieces of the part.)
    const tiny = await seedPurchaseRequest(tenants, acme);
    await tenants.run(acme.id, (manager) => manager.query(`UPDATE purchase_request_products SET quantities = '{0.0001}' WHERE purchase_request_id = $1`, [tiny.id]));
    const sliver = await submit(tiny, 0, { shippingDate: '2026-09-01', shippingCost: 9_999_999_999, prices: [{ kind: 'part', lineId: tiny.partLineId, quantity: 0.0002, unitPrice: 1 }] });
    expect((await award(sliver.id).expect(422)).body.errors.lines).toMatch(/^Value can not be more than /);

    // Another organization's offer is as unknown as a made-up id.
    const betaRequest = await seedPurchaseRequest(tenants, beta);
    const betaOffer = await submit(betaRequest, 0, offerOf(betaRequest, { part: [1] }), 'beta');
    expect((await award(betaOffer.id).expect(404)).body.code).toBe('not_found');
    await award(randomUUID()).expect(404);
    await award('not-an-id').expect(404);
    await http().delete(`/api/v1/purchase-request-awards/${randomUUID()}`).set(admin.headers).expect(404);

    // Viewers and estimators see awards but do not award or withdraw.
    for (const user of [viewer, estimator]) {
      expect((await award(latest.id, {}, user).expect(403)).body.message).toBe('You are not allowed to perform this action');
      await http().get(`/api/v1/purchase-request-awards?purchaseRequestId=${pr.id}`).set(user.headers).expect(200);
    }
    await http().post(`/api/v1/supplier-offers/${latest.id}/award`).set('X-Organization', 'acme').send({}).expect(401);
    const done = await award(latest.id).expect(200);
    for (const user of [viewer, estimator]) await http().delete(`/api/v1/purchase-request-awards/${done.body.data[0].id}`).set(user.headers).expect(403);
    expect(await repriceEvents([done.body.data[0].suppliableId])).toHaveLength(1);
  });

  /**
   * The award preview. Before: the first supplier's operation suppliable at 8 (one band 1–1000), the second
   * supplier's press nut at 0.09 (cost only; 2 per product = 0.18). The offer lands the operation at 6 / 3.9 / 3.1 and the
   * part at 1.5 / 0.6 / 0.35 (2 per product: 3 / 1.2 / 0.7) at 10 / 50 / 200 products.
   * - Default (others kept): the operation falls 8 → 6 / 3.9 / 3.1, the nut stays the cheaper 0.09: no product rises.
   * - switchOffOthers: the nut at the award's price, 0.18 → 3 / 1.2 / 0.7 per product: at 10, +2 − 2.82 = +0.82, a rise.
   */
  it('previews an award honestly: before/after per tier, what happens to each suppliable, written nowhere; the award names price rises', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}] });
    const { operationId, partId } = await bought(pr);
    // A material the engine can price (per kg, with its density).
    await tenants.run(acme.id, (manager) =>
      manager.query(`UPDATE materials SET density = 7.85, price_per_unit = 1.2 WHERE id = (SELECT material_id FROM products WHERE id = $1)`, [pr.productId]),
    );
    const post = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
    const known = await post('suppliables', { type: 'operation', number: 'HUB-78', supplierId: pr.suppliers[0].id, operationId, cost: 9 });
    await post('suppliable-bulk-prices', { suppliableId: known.id, minQuantity: 1, maxQuantity: 1000, unitPrice: 8 });
    const rival = await post('suppliables', { type: 'part', number: 'NUT-9', supplierId: pr.suppliers[1].id, partId, cost: 0.09 });
    const offer = await submit(pr, 0, offerOf(pr, { operation: [4, 3.5, 3], part: [0.5, 0.4, 0.3] }));
    const before = { operations: await suppliablesOf(`operationId=${operationId}`), parts: await suppliablesOf(`partId=${partId}`) };
    const eventsBefore = await repriceEvents([known.id, rival.id]);
    const preview = (body: object = {}, user: TestUser = admin) => http().post(`/api/v1/supplier-offers/${offer.id}/award-preview`).set(user.headers).send(body);
    const dec = (value: string | null) => (value === null ? NaN : Number(value));

    const kept = (await preview().expect(200)).body.data;
    expect(kept.currency).toBe('EUR');
    expect(kept.products).toHaveLength(1);
    const [product] = kept.products;
    expect(product).toMatchObject({ productId: pr.productId, rises: false });
    expect(product.tiers.map((tier: { quantity: number }) => tier.quantity)).toEqual([10, 50, 200]);
    for (const tier of product.tiers) {
      expect(typeof tier.before).toBe('string');
      expect(typeof tier.after).toBe('string');
    }
    // Only the operation changes: 8 → 6, 3.9, 3.1 per piece.
    expect(product.tiers.map((tier: { before: string; after: string }) => (dec(tier.before) - dec(tier.after)).toFixed(2))).toEqual(['2.00', '4.10', '4.90']);
    expect(kept.suppliables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ suppliableId: known.id, supplierName: pr.suppliers[0].name, kind: 'operation', cost: '9.0000', action: 'replace', bulkPrices: [{ minQuantity: 1, maxQuantity: 1000, unitPrice: '8.0000' }] }),
        expect.objectContaining({ suppliableId: null, supplierName: pr.suppliers[0].name, kind: 'part', lineName: expect.stringMatching(/^Press nut M6/), cost: null, action: 'replace' }),
        expect.objectContaining({ suppliableId: rival.id, supplierName: pr.suppliers[1].name, kind: 'part', cost: '0.0900', action: 'keep' }),
      ]),
    );
    expect(kept.suppliables).toHaveLength(3);

    const off = (await preview({ switchOffOthers: true }).expect(200)).body.data;
    expect(off.suppliables.find((row: { suppliableId: string }) => row.suppliableId === rival.id).action).toBe('switch-off');
    expect(off.products[0].rises).toBe(true);
    // The nut at the award's landed price: per product +2.82 / +1.02 / +0.52, the operation −2 / −4.1 / −4.9.
    expect(off.products[0].tiers.map((tier: { before: string; after: string }) => (dec(tier.after) - dec(tier.before)).toFixed(2))).toEqual(['0.82', '-3.08', '-4.38']);

    // Written nowhere: the suppliables, their bands and the awards are as before, and no reprice event was left.
    expect({ operations: await suppliablesOf(`operationId=${operationId}`), parts: await suppliablesOf(`partId=${partId}`) }).toEqual(before);
    expect((await http().get(`/api/v1/purchase-request-awards?purchaseRequestId=${pr.id}`).set(admin.headers).expect(200)).body).toEqual([]);
    expect(await repriceEvents([known.id, rival.id])).toEqual(eventsBefore);
    // Refused as the award is; only those who may award may preview.
    expect((await preview({ lines: [] }).expect(422)).body.errors).toEqual({ lines: 'Please select at least one line to award' });
    expect((await preview({ switchOffOthers: 'yes' }).expect(422)).body.errors).toHaveProperty('switchOffOthers');
    await preview({}, viewer).expect(403);
    await http().post(`/api/v1/supplier-offers/${randomUUID()}/award-preview`).set(admin.headers).send({}).expect(404);

    // The award itself, switching the others off, names the product whose price rose.
    const awarded = await award(offer.id, { switchOffOthers: true }).expect(200);
    expect(awarded.body.priceRises).toEqual([{ productId: pr.productId, number: expect.any(String), name: expect.stringMatching(/^Bracket /) }]);
    expect((await suppliablesOf(`partId=${partId}`)).find((row: { id: string }) => row.id === rival.id)).toMatchObject({ active: false });
  });

  it('answers hostile input below 500, with a message a person can read', async () => {
    const pr = await seedPurchaseRequest(tenants, acme);
    const offer = await submit(pr, 0, offerOf(pr, { operation: [4], part: [0.5] }));
    const wrong: string[] = [];
    const check = (response: request.Response, what: string) => {
      const readable = response.status < 400 || (typeof response.body.message === 'string' && response.body.message.length > 0);
      if (response.status >= 500 || !readable) wrong.push(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
    };
    const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 40);
    for (const value of HOSTILE) {
      check(await award(offer.id, { lines: value }), `lines=${shown(value)}`);
      check(await award(offer.id, { lines: [{ kind: value, lineId: pr.partLineId }] }), `lines.0.kind=${shown(value)}`);
      check(await award(offer.id, { lines: [{ kind: 'part', lineId: value }] }), `lines.0.lineId=${shown(value)}`);
      check(await award(offer.id, { lines: [value] }), `lines.0=${shown(value)}`);
      const body = await http().post(`/api/v1/supplier-offers/${offer.id}/award`).set(admin.headers).set('Content-Type', 'application/json').send(JSON.stringify(value));
      check(body, `body=${shown(value)}`);
      for (const filter of ['purchaseRequestId', 'supplierOfferId', 'supplierId', 'suppliableId', 'active', '_sort', '_start', 'q']) {
        check(await http().get(`/api/v1/purchase-request-awards`).query({ [filter]: value as string }).set(admin.headers), `${filter}=${shown(value)}`);
      }
      if (typeof value === 'string' && value.length < 100) {
        check(await http().post(`/api/v1/supplier-offers/${encodeURIComponent(value)}/award`).set(admin.headers).send({}), `offer id ${shown(value)}`);
        check(await http().delete(`/api/v1/purchase-request-awards/${encodeURIComponent(value)}`).set(admin.headers), `award id ${shown(value)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
