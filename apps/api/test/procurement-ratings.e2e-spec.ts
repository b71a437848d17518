import { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { OfferRatings } from '../src/procurement/rating/rating.service';
import { AskedLineRepository } from '../src/procurement/requests/asked-line.repository';
import { RatingRepository } from '../src/procurement/rating/rating.repository';
import { ProcurementClock } from '../src/procurement/shared/procurement-clock';
import { startTestApi } from '../../test-support';
import { HOSTILE } from './support/hostile-values';
import { SeededRequest, seedPurchaseRequest } from './support/supplier-page-seed';

jest.setTimeout(120_000);

/** docs/api-procurement.md, "Procurement II: the rating": the ratings on `supplier-offers`, `supplier-offer-ratings`, the weights. */
describe('offer ratings in the API', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let tenants: TenantTransactions;
  let acme: Organization;
  let admin: TestUser;
  let german: TestUser;
  let viewer: TestUser;
  let pr: SeededRequest;
  let offers: { first: string; revised: string; second: string };
  const http = () => request(api.getHttpServer());
  const sql = async (text: string, parameters: unknown[] = []) => (await onServer((client) => client.query(text, parameters), db.url)).rows;
  const page = (index: number) => {
    const supplier = pr.suppliers[index];
    return `/api/v1/pub/purchase-requests/${pr.id}/${supplier.id}?token=${encodeURIComponent(supplier.token)}&host=acme`;
  };
  const submit = async (index: number, body: object) =>
    (await http().post(page(index).replace('?', '/offers?')).set('X-Forwarded-For', `198.51.100.${index + 1}`).send(body).expect(201)).body.offer.id as string;
  const prices = (operation: number[], part: number[]) => [
    ...operation.map((unitPrice, i) => ({ kind: 'operation', lineId: pr.operationLineId, quantity: [10, 50, 200][i], unitPrice })),
    ...part.map((unitPrice, i) => ({ kind: 'part', lineId: pr.partLineId, quantity: [20, 100, 400][i], unitPrice })),
  ];
  /** What the worker's job does, here in the API's own process (the same service, in a tenant transaction). */
  const rate = () => tenants.run(acme.id, () => new OfferRatings(tenants, api.get(EventOutbox), api.get(ProcurementClock), new RatingRepository(tenants), new AskedLineRepository(tenants)).rate(pr.id));

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    tenants = api.get(TenantTransactions);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    german = await createTestUser(api, acme, { roles: ['Purchaser'], language: 'de' });
    viewer = await createTestUser(api, acme, { roles: ['Viewer'] });
    pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{}, { language: 'de' }] });
    const first = await submit(0, { shippingDate: '2026-09-01', shippingCost: 40, leadTimeDays: 10, prices: prices([5, 4, 3], [0.5, 0.4, 0.3]) });
    const revised = await submit(0, { shippingDate: '2026-09-01', packagingCost: 0, shippingCost: 40, customsCost: 0, leadTimeDays: 10, prices: prices([5, 4, 3], [0.5, 0.4, 0.3]) });
    const second = await submit(1, { shippingDate: '2026-09-01', leadTimeDays: 14, prices: prices([9, 8], []) });
    offers = { first, revised, second };
    // Each submission emitted the rating event in its transaction.
    const events = await sql(`SELECT payload FROM outbox_events WHERE job_name = 'procurement.rate-offers' ORDER BY occurred_at`);
    expect(events.map((event) => event.payload.purchaseRequestId)).toEqual([pr.id, pr.id, pr.id]);
    expect(await rate()).toEqual({ offers: 2, rows: 12 + 4 });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('gives each latest offer its stars, trophy and rating, the label and explanations in the reader\'s language', async () => {
    const { body: english, headers } = await http().get(`/api/v1/supplier-offers?purchaseRequestId=${pr.id}&latest=true&_sort=rank`).set(viewer.headers).expect(200);
    expect(headers['x-total-count']).toBe('2');
    expect(english.map((offer: { id: string }) => offer.id)).toEqual([offers.revised, offers.second]);
    const [best, other] = english;
    expect(best).toMatchObject({ stars: expect.any(Number), trophy: true });
    expect(best.rating).toEqual({
      rank: 1,
      label: expect.stringMatching(/^(excellent|good|average|below-average|poor)$/),
      labelText: expect.any(String),
      score: expect.any(Number),
      priceBand: 1,
      deliveryBand: 1,
      completeness: 100,
      scores: { price: 100, delivery: 100, completeness: 100 },
      multipleTiers: true,
      breakdown: { packaging: true, shipping: true, customs: true },
      pricesAsked: 6,
      pricesGiven: 6,
      weights: { price: 0.6, delivery: 0.25, completeness: 0.15 },
      explanations: { price: expect.any(String), delivery: expect.any(String), completeness: expect.any(String), stars: expect.any(String), trophy: expect.stringMatching(/^Trophy/) },
      ratedAt: expect.any(String),
    });
    expect(best).toMatchObject({ stars: 5, rating: { label: 'excellent', labelText: 'Excellent', score: 100 } });
    // Costs left empty are not given: the breakdown counts only what was filled in.
    expect(other.rating.breakdown).toEqual({ packaging: false, shipping: false, customs: false });
    expect(other).toMatchObject({ trophy: false, rating: { rank: 2, pricesGiven: 2, pricesAsked: 6, deliveryBand: 3 } });
    expect(other.rating.explanations.delivery).toBe('Lead time 14 days, 4 days longer than the shortest (10 days): within 5 days (score 60)');

    const { body: deutsch } = await http().get(`/api/v1/supplier-offers/${offers.second}`).set(german.headers).expect(200);
    expect(deutsch.rating.labelText).toBe(
      { excellent: 'Ausgezeichnet', good: 'Gut', average: 'Durchschnittlich', 'below-average': 'Unterdurchschnittlich', poor: 'Mangelhaft' }[deutsch.rating.label as string],
    );
    expect(deutsch.rating.explanations.delivery).toBe('Lieferzeit 14 Tage, 4 Tage länger als die kürzeste (10 Tage): innerhalb von 5 Tagen (60 Punkte)');
    expect(deutsch.rating.explanations.trophy).toMatch(/^Kein Pokal/);

    // A revision that no longer counts has no rating.
    const { body: earlier } = await http().get(`/api/v1/supplier-offers/${offers.first}`).set(viewer.headers).expect(200);
    expect(earlier).toMatchObject({ latest: false, stars: null, trophy: false, rating: null });
    // Sorted by stars, filtered by the trophy.
    const byStars = await http().get(`/api/v1/supplier-offers?purchaseRequestId=${pr.id}&_sort=stars&_order=DESC`).set(viewer.headers).expect(200);
    expect(byStars.body.map((offer: { id: string }) => offer.id)).toEqual([offers.revised, offers.second, offers.first]);
    const trophies = await http().get(`/api/v1/supplier-offers?purchaseRequestId=${pr.id}&trophy=true`).set(viewer.headers).expect(200);
    expect(trophies.body.map((offer: { id: string }) => offer.id)).toEqual([offers.revised]);
  });

  it('never shows the rating on the supplier\'s own page', async () => {
    const { body } = await http().get(page(1)).set('X-Forwarded-For', '198.51.100.9').expect(200);
    expect(body.offer.id).toBe(offers.second);
    for (const field of ['stars', 'trophy', 'rating']) expect(body.offer).not.toHaveProperty(field);
  });

  it('lists the ratings per quantity and per cell, with filters and X-Total-Count, in English and German', async () => {
    const all = await http().get(`/api/v1/supplier-offer-ratings?purchaseRequestId=${pr.id}&_end=100`).set(viewer.headers).expect(200);
    expect(all.headers['x-total-count']).toBe('16');
    const mine = await http().get(`/api/v1/supplier-offer-ratings?supplierOfferId=${offers.second}`).set(viewer.headers).expect(200);
    expect(mine.headers['x-total-count']).toBe('4');
    // Its two quantities first, then its two cells.
    expect(mine.body.map((row: { lineKind: string | null; quantity: number; position: number }) => [row.position, row.lineKind, row.quantity])).toEqual([
      [0, null, 10],
      [1, null, 50],
      [2, 'operation', 10],
      [3, 'operation', 50],
    ]);
    const [atTen, , cell] = mine.body;
    expect(atTen).toEqual({
      id: expect.any(String),
      purchaseRequestId: pr.id,
      supplierOfferId: offers.second,
      supplierId: pr.suppliers[1].id,
      lineKind: null,
      lineId: null,
      position: 0,
      quantity: 10,
      linesAsked: 1,
      linesPriced: 1,
      unitPrice: null,
      // 9 + 0 against 5 + 40 / (2 lines × 10) = 7: 28.57 % above (rounded up), band 3.
      landedUnitPrice: 9,
      bestLandedUnitPrice: 7,
      best: false,
      percentAboveBest: 28.58,
      band: 3,
      competitive: false,
      explanations: { landed: null, band: expect.stringMatching(/^At 10 pieces: 9\.00 against the best 7\.00, 28\.\d+ % above \(within 30 %\)$/) },
      ratedAt: expect.any(String),
    });
    expect(cell).toMatchObject({ lineKind: 'operation', lineId: pr.operationLineId, unitPrice: 9, landedUnitPrice: 9, competitive: null });
    expect(cell.explanations.landed).toBe('Landed unit price 9.00 at 10 pieces: 9.00 + (0.00 + 0.00 + 0.00) / 10');

    const deutsch = await http().get(`/api/v1/supplier-offer-ratings/${cell.id}`).set(german.headers).expect(200);
    expect(deutsch.body.explanations.landed).toBe('Einstandspreis pro Stück 9,00 bei 10 Stück: 9,00 + (0,00 + 0,00 + 0,00) / 10');

    for (const [query, count] of [
      ['quantity=10', 4],
      ['quantity=10.0', 4],
      ['quantity=20&quantity=400', 4],
      ['perQuantity=true', 8],
      ['perQuantity=false', 8],
      [`lineId=${pr.partLineId}`, 3],
      ['lineKind=operation', 5],
      ['best=true', 12],
      ['band=3', 2],
      [`supplierId=${pr.suppliers[0].id}`, 12],
    ] as const) {
      const answer = await http().get(`/api/v1/supplier-offer-ratings?purchaseRequestId=${pr.id}&${query}`).set(viewer.headers).expect(200);
      expect([query, answer.headers['x-total-count']]).toEqual([query, String(count)]);
    }
    await http().get(`/api/v1/supplier-offer-ratings/${randomUUID()}`).set(viewer.headers).expect(404);
    await http().get(`/api/v1/supplier-offer-ratings`).set({ 'X-Organization': 'acme' }).expect(401);
  });

  it('keeps the rating weights as a checked setting, and new weights re-rate the open requests', async () => {
    const post = (value: unknown, user = admin) => http().post('/api/v1/settings').set(user.headers).send({ slug: 'offer-rating-weights', value });
    expect((await post('0.6').expect(422)).body.errors.value).toBe('Enter three weights: price, delivery and completeness, e.g. 0.6, 0.25, 0.15');
    expect((await post(['0.6', '0.25']).expect(422)).body.errors.value).toMatch(/^Enter three weights/);
    expect((await post(['abc', '1', '1']).expect(422)).body.errors.value).toBe('The price weight must be a number of 0 or more');
    expect((await post(['1', '-1', '1']).expect(422)).body.errors.value).toBe('The delivery weight must be a number of 0 or more');
    expect((await post(['1', '1', 'Infinity']).expect(422)).body.errors.value).toBe('The completeness weight must be a number of 0 or more');
    const germanAdmin = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    expect((await post(['0', '0', '0'], germanAdmin).expect(422)).body.errors.value).toBe('Mindestens ein Gewicht muss über 0 liegen');

    const before = (await sql(`SELECT count(*)::int AS count FROM outbox_events WHERE job_name = 'procurement.rate-offers' AND NOT payload ? 'purchaseRequestId'`))[0].count;
    const { body: setting } = await post(['2', '1', '1']).expect(201);
    await http().put(`/api/v1/settings/${setting.id}`).set(admin.headers).send({ value: ['2', '1', 'x'] }).expect(422);
    await http().put(`/api/v1/settings/${setting.id}`).set(admin.headers).send({ value: ['3', '1', '1'] }).expect(200);
    // Another setting may not take the name with a value the rating cannot use.
    const { body: other } = await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'rating-note', value: 'x' }).expect(201);
    await http().put(`/api/v1/settings/${other.id}`).set(admin.headers).send({ slug: 'offer-rating-weights' }).expect((answer) => expect([409, 422]).toContain(answer.status));
    const after = (await sql(`SELECT count(*)::int AS count FROM outbox_events WHERE job_name = 'procurement.rate-offers' AND NOT payload ? 'purchaseRequestId'`))[0].count;
    expect(after - before).toBe(2);
    // The job fans out per open request with an offer: what the worker's handler does.
    await tenants.run(acme.id, () => new OfferRatings(tenants, api.get(EventOutbox), api.get(ProcurementClock), new RatingRepository(tenants), new AskedLineRepository(tenants)).rateOpenRequests());
    await rate();
    const { body } = await http().get(`/api/v1/supplier-offers/${offers.revised}`).set(viewer.headers).expect(200);
    expect(body.rating.weights).toEqual({ price: 3, delivery: 1, completeness: 1 });
    await http().delete(`/api/v1/settings/${setting.id}`).set(admin.headers).expect(200);
  });

  describe('hostile input never gets a 500', () => {
    const wrong: string[] = [];
    const expectReadableAnswer = (response: request.Response, what: string) => {
      const readable = response.status < 400 || (typeof response.body.message === 'string' && response.body.message.length > 0);
      if (response.status >= 500 || !readable) wrong.push(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
    };
    const asQuery = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

    it('on the lists of ratings and offers', async () => {
      const lists: Record<string, string[]> = {
        'supplier-offer-ratings': ['purchaseRequestId', 'supplierOfferId', 'supplierId', 'quantity', 'lineId', 'lineKind', 'perQuantity', 'best', 'band', '_sort'],
        'supplier-offers': ['trophy', '_sort'],
      };
      for (const [resource, parameters] of Object.entries(lists)) {
        for (const query of [...parameters.flatMap((parameter) => HOSTILE.map((value) => `${parameter}=${asQuery(value)}`)), ...parameters.map((parameter) => `${parameter}[$gt]=`)]) {
          expectReadableAnswer(await http().get(`/api/v1/${resource}?${query}`).set(admin.headers), `GET ${resource}?${query.slice(0, 50)}`);
        }
        for (const id of ['not-a-uuid', randomUUID(), '%00', "1' OR '1'='1", '0'.repeat(300)]) {
          expectReadableAnswer(await http().get(`/api/v1/${resource}/${encodeURIComponent(id)}`).set(admin.headers), `GET ${resource}/${id.slice(0, 20)}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('on the weights setting', async () => {
      for (const value of [...HOSTILE, ...HOSTILE.map((weight) => [weight, '1', '1']), ...HOSTILE.map((weight) => ['1', '1', weight])]) {
        const answer = await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'offer-rating-weights', value });
        expectReadableAnswer(answer, `POST offer-rating-weights ${JSON.stringify(value)?.slice(0, 40)}`);
        if (answer.status === 201) await http().delete(`/api/v1/settings/${answer.body.id}`).set(admin.headers).expect(200);
      }
      expect(wrong).toEqual([]);
    });
  });
});
