import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventsHandled, eventually, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';
import { seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';

jest.setTimeout(120_000);

/**
 * The award end to end (docs/api-procurement.md "Procurement II: award"): three suppliers submit → award → the suppliable has the bulk prices → the product's
 * next calculation (the worker's repricing) uses them. docs/api-procurement.md, "Procurement II: award".
 */
describe('award flows into product costs', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let tenants: TenantTransactions;
  let acme: Organization;
  let admin: TestUser;
  const http = () => request(api.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db);
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    tenants = api.get(TenantTransactions);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await db?.drop();
  });

  it('reprices the product with the awarded supplier\'s landed bands, though another supplier was cheaper before', async () => {
    // A bracket (10/50/200) with a bought operation and a part (2 per product, so 20/100/400 pieces).
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{ name: 'Huber' }, { name: 'Coat & Co' }, { name: 'Nuts Ltd' }] });
    const { operationId, partId } = await tenants.run(acme.id, async (manager) => {
      await manager.query(`UPDATE materials SET density = 7.85, price_per_unit = 1, price_unit = 'kg' WHERE id = (SELECT material_id FROM products WHERE id = $1)`, [pr.productId]);
      const [row] = await manager.query(
        `SELECT po.operation_id, pp.part_id FROM product_operations po, product_parts pp WHERE po.product_id = $1 AND pp.product_id = $1`,
        [pr.productId],
      );
      return { operationId: row.operation_id as string, partId: row.part_id as string };
    });
    // Before: the third supplier supplies both, cheaply (written without an event, so no repricing races the test).
    await tenants.run(acme.id, (manager) =>
      manager.query(
        `INSERT INTO suppliables (type, number, supplier_id, operation_id, part_id, cost)
         VALUES ('operation', 'N-OP', $1, $2, NULL, 2), ('part', 'N-PN', $1, NULL, $3, 0.1)`,
        [pr.suppliers[2].id, operationId, partId],
      ),
    );
    // At the organization's tiers: a repricing follows a calculation at its quantities, so this one's.
    await http().post(`/api/v1/products/${pr.productId}/calculations`).set(admin.headers).send({}).expect(201);
    const calculations = async () => (await http().get(`/api/v1/calculations?productId=${pr.productId}&_sort=index`).set(admin.headers).expect(200)).body;
    const [before] = await calculations();
    expect(before.tiers.map((tier: { purchase: string }) => Number(tier.purchase))).toEqual(Array(9).fill(2.2));

    // Three offers through the suppliers' public page.
    const submit = async (index: number, costs: object, operation: number[], part: number[]) =>
      (
        await http()
          .post(`/api/v1/pub/purchase-requests/${pr.id}/${pr.suppliers[index].id}/offers?token=${pr.suppliers[index].token}&host=acme`)
          .set('X-Forwarded-For', `203.0.113.${index + 20}`)
          .send({
            shippingDate: '2026-09-01',
            leadTimeDays: 5 + index,
            ...costs,
            prices: [
              ...operation.map((unitPrice, i) => ({ kind: 'operation', lineId: pr.operationLineId, quantity: [10, 50, 200][i], unitPrice })),
              ...part.map((unitPrice, i) => ({ kind: 'part', lineId: pr.partLineId, quantity: [20, 100, 400][i], unitPrice })),
            ],
          })
          .expect(201)
      ).body.offer as { id: string };
    const huber = await submit(0, { packagingCost: 10, shippingCost: 25, customsCost: 5 }, [4, 3.5, 3], [0.5, 0.4, 0.3]);
    await submit(1, {}, [5, 4, 3.5], [0.6, 0.5, 0.4]);
    await submit(2, { shippingCost: 200 }, [3, 2.5, 2], [0.2, 0.15, 0.1]);

    // Switching the others off is an explicit choice (by default they stay active and the engine buys the cheapest).
    await http().post(`/api/v1/supplier-offers/${huber.id}/award`).set(admin.headers).send({ switchOffOthers: true }).expect(200);

    // The suppliables: Huber's with the landed bands (40 of shared costs, 20 a line), the others off.
    const suppliables = (await http().get(`/api/v1/suppliables?supplierId=${pr.suppliers[0].id}&_sort=type`).set(admin.headers).expect(200)).body;
    expect(suppliables.map((row: Record<string, unknown>) => [row.type, row.number, row.cost, row.active])).toEqual([
      ['operation', `${pr.number}-1`, 6, true],
      ['part', `${pr.number}-2`, 1.5, true],
    ]);
    const bands = async (suppliableId: string) =>
      (await http().get(`/api/v1/suppliable-bulk-prices?suppliableId=${suppliableId}&_sort=minQuantity`).set(admin.headers).expect(200)).body.map(
        (band: Record<string, number | null>) => [band.minQuantity, band.maxQuantity, band.unitPrice],
      );
    expect(await bands(suppliables[0].id)).toEqual([
      [10, 49.9999, 6],
      [50, 199.9999, 3.9],
      [200, null, 3.1],
    ]);
    expect(await bands(suppliables[1].id)).toEqual([
      [20, 99.9999, 1.5],
      [100, 399.9999, 0.6],
      [400, null, 0.35],
    ]);
    const others = (await http().get(`/api/v1/suppliables?supplierId=${pr.suppliers[2].id}`).set(admin.headers).expect(200)).body;
    expect(others.map((row: { active: boolean }) => row.active)).toEqual([false, false]);

    // The worker reprices: purchase per piece = operation band + 2 × part band at 2 × q pieces.
    const latest = await eventually(async () => {
      const rows = await calculations();
      return rows.length >= 2 && rows[rows.length - 1];
    }, 30_000, 'the repriced bracket');
    expect(latest.reason).toBe('Repriced: the award of a purchase request changed');
    // Repricing prices the tiers of the calculation it follows (the organization's here); below the lowest offered
    // quantity the suppliable's cost (the landed price at it) holds, so the awarded supplier prices those too.
    expect(latest.tiers.map((tier: { quantity: number; purchase: string }) => [tier.quantity, Number(tier.purchase)])).toEqual([
      [1, 9], // cost 6 + 2 × cost 1.5
      [5, 9],
      [10, 9], // band 10–49.9999: 6 + 2 × band 20–99.9999: 1.5
      [25, 9],
      [50, 5.1], // 3.9 + 2 × 0.6
      [100, 5.1], // 3.9 (50–199.9999) + 2 × 0.6 (100–399.9999)
      [250, 3.8], // 3.1 + 2 × 0.35
      [500, 3.8],
      [1000, 3.8],
    ]);
    // Both suppliables changed in one transaction: the second event finds nothing new to store.
    await eventsHandled(db.url);
    expect(await calculations()).toHaveLength(2);
  });
});
