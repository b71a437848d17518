import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { OfferRatings } from '../src/procurement/rating/rating.service';
import { AskedLineRepository } from '../src/procurement/requests/asked-line.repository';
import { RatingRepository } from '../src/procurement/rating/rating.repository';
import { ProcurementClock } from '../src/procurement/shared/procurement-clock';
import { startTestApi } from '../../test-support';
import { SeededRequest, seedPurchaseRequest } from './support/supplier-page-seed';

jest.setTimeout(120_000);

/**
 * Asked quantities only (docs/api-procurement.md, "Award preview, asked quantities only, currency, few offers"): the supplier's page takes prices only at the asked quantities, carries
 * the organization's currency, the supplier's mail names it in the supplier's language, and a lone offer gets no trophy.
 * The seeded request asks an operation at 10 / 50 / 200 and a part (2 per product) at 20 / 100 / 400 pieces.
 */
describe('procurement: asked quantities, currency, a lone offer', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let tenants: TenantTransactions;
  let acme: Organization;
  let admin: TestUser;
  let address = 1;
  const http = () => request(api.getHttpServer());
  const page = (pr: SeededRequest, index = 0) => `/api/v1/pub/purchase-requests/${pr.id}/${pr.suppliers[index].id}?token=${encodeURIComponent(pr.suppliers[index].token)}&host=acme`;
  const submit = (pr: SeededRequest, body: object, language = 'en', index = 0) =>
    http().post(page(pr, index).replace('?', '/offers?')).set('X-Forwarded-For', `198.51.100.${address++ % 250}`).set('Accept-Language', language).send(body);
  const setCurrency = (code: string | null) =>
    tenants.run(acme.id, async (manager) => {
      await manager.query(`DELETE FROM settings WHERE slug = 'currency'`);
      if (code) await manager.query(`INSERT INTO settings (slug, value) VALUES ('currency', $1::jsonb)`, [JSON.stringify(code)]);
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    tenants = api.get(TenantTransactions);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('refuses a price at a quantity the request did not ask for that line: 422 on that field, in English and German', async () => {
    const pr = await seedPurchaseRequest(tenants, acme);
    const prices = [
      { kind: 'operation', lineId: pr.operationLineId, quantity: 10, unitPrice: 4 },
      // 77 pieces of the part: not asked (20 / 100 / 400 are).
      { kind: 'part', lineId: pr.partLineId, quantity: 77, unitPrice: 0.18 },
    ];
    const refused = await submit(pr, { shippingDate: '2026-09-01', prices }).expect(422);
    expect(refused.body.errors).toEqual({ 'prices.1.quantity': 'This quantity was not asked for this line; please price only the quantities asked' });
    const german = await submit(pr, { shippingDate: '2026-09-01', prices }, 'de').expect(422);
    expect(german.body.errors).toEqual({ 'prices.1.quantity': 'Diese Menge wurde für diese Zeile nicht angefragt; bitte nur die angefragten Mengen bepreisen' });
    // The operation's asked 10 is the operation's, not the part's: 10 pieces of the part are not asked either.
    const crossed = await submit(pr, { shippingDate: '2026-09-01', prices: [{ kind: 'part', lineId: pr.partLineId, quantity: 10, unitPrice: 1 }] }).expect(422);
    expect(Object.keys(crossed.body.errors)).toEqual(['prices.0.quantity']);
    // An empty field at any quantity is a tier left open, not a price; asked quantities go in.
    await submit(pr, { shippingDate: '2026-09-01', prices: [{ ...prices[0] }, { ...prices[1], unitPrice: null }, { kind: 'part', lineId: pr.partLineId, quantity: 100, unitPrice: 0.4 }] }).expect(201);
  });

  it('rates and awards only prices at asked quantities: a line priced only at an unasked one shares no freight and is not awarded', async () => {
    const pr = await seedPurchaseRequest(tenants, acme);
    const operation = [10, 50].map((quantity, i) => ({ kind: 'operation', lineId: pr.operationLineId, quantity, unitPrice: [4, 3.5][i] }));
    const offerId = (await submit(pr, { shippingDate: '2026-09-01', packagingCost: 0, shippingCost: 8, customsCost: 0, prices: operation }).expect(201)).body.offer.id as string;
    // The part at 77 pieces, stored as an older offer could hold it (the page refuses it now).
    await tenants.run(acme.id, (manager) =>
      manager.query(`INSERT INTO supplier_offer_prices (organization_id, supplier_offer_id, purchase_request_part_id, quantity, unit_price) VALUES ($1, $2, $3, 77, 0.18)`, [
        acme.id,
        offerId,
        pr.partLineId,
      ]),
    );
    await tenants.run(acme.id, () => new OfferRatings(tenants, api.get(EventOutbox), api.get(ProcurementClock), new RatingRepository(tenants), new AskedLineRepository(tenants)).rate(pr.id));

    // One line priced at asked quantities, so the freight is the operation's alone: 4 + 8 / 10 = 4.80, 3.5 + 8 / 50 = 3.66
    // (over two lines it would be 4.40 and 3.58).
    const cells = (await http().get(`/api/v1/supplier-offer-ratings?supplierOfferId=${offerId}&lineKind=operation&_sort=quantity`).set(admin.headers).expect(200)).body;
    expect(cells.map((cell: { quantity: number; landedUnitPrice: number }) => [cell.quantity, cell.landedUnitPrice])).toEqual([
      [10, 4.8],
      [50, 3.66],
    ]);
    expect((await http().get(`/api/v1/supplier-offer-ratings?supplierOfferId=${offerId}&lineId=${pr.partLineId}`).set(admin.headers).expect(200)).body).toEqual([]);

    // The award reads the same prices: the part is not priced by this offer, and the operation's bands are the rating's figures.
    const part = await http().post(`/api/v1/supplier-offers/${offerId}/award`).set(admin.headers).send({ lines: [{ kind: 'part', lineId: pr.partLineId }] }).expect(422);
    expect(part.body.errors).toEqual({ 'lines.0.lineId': 'The offer gives no price for this line' });
    const awarded = (await http().post(`/api/v1/supplier-offers/${offerId}/award`).set(admin.headers).send({}).expect(200)).body.data;
    expect(awarded.map((row: { kind: string; bulkPrices: unknown }) => [row.kind, row.bulkPrices])).toEqual([
      [
        'operation',
        [
          { minQuantity: 10, maxQuantity: 49.9999, unitPrice: 4.8 },
          { minQuantity: 50, maxQuantity: null, unitPrice: 3.66 },
        ],
      ],
    ]);
  });

  it('carries the organization\'s currency on the supplier\'s page and names it in the supplier\'s mail, in the supplier\'s language', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{ language: 'en' }, { language: 'de' }] });
    expect((await http().get(page(pr)).expect(200)).body.organization).toMatchObject({ name: 'Acme Blech GmbH', currency: 'EUR' });
    await setCurrency('GBP');
    try {
      expect((await http().get(page(pr)).expect(200)).body.organization.currency).toBe('GBP');
      const preview = async (index: number) =>
        (await http().get(`/api/v1/purchase-requests/${pr.id}/email-preview?supplierId=${pr.suppliers[index].id}`).set(admin.headers).expect(200)).body;
      const english = await preview(0);
      expect(english.language).toBe('en');
      expect(english.text).toContain('Please quote all prices and costs in GBP.');
      // The German supplier's preview is that supplier's mail: German, whatever the reader's language.
      const german = await preview(1);
      expect(german.language).toBe('de');
      expect(german.text).toContain('Bitte geben Sie alle Preise und Kosten in GBP an.');
      expect(german.subject).toMatch(/^Anfrage /);
    } finally {
      await setCurrency(null);
    }
  });

  it('gives a lone offer no trophy and rates its price against its own goods, saying so', async () => {
    const pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, {}] });
    // Everything asked, at the best delivery, with 1,250 of packaging on a few euros of goods.
    const all = [
      ...[10, 50, 200].map((quantity, i) => ({ kind: 'operation', lineId: pr.operationLineId, quantity, unitPrice: [4, 3.5, 3][i] })),
      ...[20, 100, 400].map((quantity, i) => ({ kind: 'part', lineId: pr.partLineId, quantity, unitPrice: [0.5, 0.4, 0.3][i] })),
    ];
    const offerId = (await submit(pr, { shippingDate: '2026-09-01', leadTimeDays: 5, packagingCost: 1250, shippingCost: 0, customsCost: 0, prices: all }).expect(201)).body.offer.id;
    await tenants.run(acme.id, () => new OfferRatings(tenants, api.get(EventOutbox), api.get(ProcurementClock), new RatingRepository(tenants), new AskedLineRepository(tenants)).rate(pr.id));
    const [rated] = (await http().get(`/api/v1/supplier-offers?purchaseRequestId=${pr.id}&latest=true`).set(admin.headers).expect(200)).body;
    expect(rated).toMatchObject({ id: offerId, trophy: false });
    expect(rated.rating.priceBand).toBe(5);
    expect(rated.rating.label).not.toBe('excellent');
    expect(rated.rating.explanations.trophy).toBe('No trophy: a trophy needs at least two offers to compare');
    expect(rated.rating.explanations.price).toMatch(/^No other offer prices these lines, so there is nothing to compare with/);
  });
});
