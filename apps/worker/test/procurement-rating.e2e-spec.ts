import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox, QueueName, Queues } from '@fabquote/queue';
import { DEFAULT_WEIGHTS, OfferToRate, rateOffers, RatingWeights } from '@fabquote/rating';
import { createTestDatabase, createTestUser, eventually, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { ratingRecords } from '../../api/src/procurement/rating/rating.service';
import { SeededRequest, seedPurchaseRequest } from '../../api/test/support/supplier-page-seed';
import { startTestApi, startTestWorker } from '../../test-support';

jest.setTimeout(180_000);

interface Submitted {
  packagingCost?: number | null;
  shippingCost?: number | null;
  customsCost?: number | null;
  leadTimeDays?: number | null;
  operation: Array<[number, number]>;
  part: Array<[number, number]>;
}

/** docs/api-procurement.md, "Procurement II: the rating": every submit, revision and close rates the request's offers. */
describe('the rating of offers', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let tenants: TenantTransactions;
  let ratingQueue: Queue;
  let acme: Organization;
  let admin: TestUser;
  let pr: SeededRequest;
  const submitted = new Map<string, Submitted>();
  const http = () => request(api.getHttpServer());
  const sql = async (text: string, parameters: unknown[] = []) => (await onServer((client) => client.query(text, parameters), db.url)).rows;

  const submit = async (index: number, offer: Submitted) => {
    const supplier = pr.suppliers[index];
    const body = {
      shippingDate: '2026-09-01',
      packagingCost: offer.packagingCost,
      shippingCost: offer.shippingCost,
      customsCost: offer.customsCost,
      leadTimeDays: offer.leadTimeDays,
      prices: [
        ...offer.operation.map(([quantity, unitPrice]) => ({ kind: 'operation', lineId: pr.operationLineId, quantity, unitPrice })),
        ...offer.part.map(([quantity, unitPrice]) => ({ kind: 'part', lineId: pr.partLineId, quantity, unitPrice })),
      ],
    };
    const path = `/api/v1/pub/purchase-requests/${pr.id}/${supplier.id}/offers?token=${encodeURIComponent(supplier.token)}&host=acme`;
    const answer = await http().post(path).set('X-Forwarded-For', `203.0.113.${10 + index}`).send(body).expect(201);
    submitted.set(supplier.id, offer);
    return answer.body.offer.id as string;
  };

  /** Every rating event emitted so far has been handled (its job in the handled-jobs ledger). */
  const settled = () =>
    eventually(
      async () => {
        const [{ waiting }] = await sql(
          `SELECT count(*)::int AS waiting FROM outbox_events e
            WHERE e.job_name = 'procurement.rate-offers' AND NOT EXISTS (SELECT 1 FROM handled_jobs h WHERE h.job_id = e.id::text)`,
        );
        return waiting === 0;
      },
      30_000,
      'the rating jobs',
    );

  /** What libs/rating says of the latest offers as submitted (not as stored: the test's own record). */
  const expected = async (weights: RatingWeights = DEFAULT_WEIGHTS) => {
    const latest: Array<{ id: string; supplier_id: string }> = await sql(`SELECT id, supplier_id FROM supplier_offers WHERE purchase_request_id = $1 AND latest`, [pr.id]);
    const offers = latest.map(({ id, supplier_id }): OfferToRate => {
      const offer = submitted.get(supplier_id)!;
      const cost = (value: number | null | undefined) => (value === null || value === undefined ? 0 : value);
      const given = (value: number | null | undefined) => value !== null && value !== undefined;
      return {
        id,
        prices: [
          ...offer.operation.map(([quantity, unitPrice]) => ({ lineId: pr.operationLineId, quantity, unitPrice })),
          ...offer.part.map(([quantity, unitPrice]) => ({ lineId: pr.partLineId, quantity, unitPrice })),
        ],
        packaging: cost(offer.packagingCost),
        shipping: cost(offer.shippingCost),
        customs: cost(offer.customsCost),
        breakdownGiven: { packaging: given(offer.packagingCost), shipping: given(offer.shippingCost), customs: given(offer.customsCost) },
        leadTimeDays: offer.leadTimeDays ?? null,
      };
    });
    // The seeded product asks 10, 50, 200; its part is 2 per product.
    const input = { lines: [{ lineId: pr.operationLineId, quantities: [10, 50, 200] }, { lineId: pr.partLineId, quantities: [20, 100, 400] }], offers };
    const en = rateOffers(input, weights, { language: 'en' });
    const de = rateOffers(input, weights, { language: 'de' });
    return { en, records: ratingRecords(en, de, new Map([[pr.operationLineId, 'operation'], [pr.partLineId, 'part']] as const)) };
  };

  const storedOffers = () =>
    sql(
      `SELECT id, rating_rank, rating_stars, rating_label, rating_score::text, rating_trophy, rating_price_band, rating_delivery_band,
              rating_completeness::text, rating, rated_at
         FROM supplier_offers WHERE purchase_request_id = $1 ORDER BY id`,
      [pr.id],
    );
  const storedRows = () =>
    sql(
      `SELECT id, supplier_offer_id, line_kind, coalesce(purchase_request_operation_id, purchase_request_part_id) AS line_id, position,
              quantity::text, lines_asked, lines_priced, unit_price::text, landed_unit_price::text, best_landed_unit_price::text, best,
              percent_above_best::text, band, competitive, explanations, rated_at
         FROM supplier_offer_ratings WHERE purchase_request_id = $1 ORDER BY supplier_offer_id, position`,
      [pr.id],
    );
  const withoutWhen = <T extends Record<string, unknown>>(rows: T[]) => rows.map(({ id: _id, rated_at: _at, ...rest }) => rest);
  /** The numeric columns' text as libs/rating writes it ("8.0000" and "8" are one number). */
  const plain = (value: string | null) => (value === null ? null : value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

  /** The stored ratings are exactly what libs/rating gives for the offers as submitted. */
  const expectStoredAsLibrarySays = async (weights?: RatingWeights) => {
    const { en, records } = await expected(weights);
    const offers = await storedOffers();
    for (const offer of records.offers) {
      const stored = offers.find((row) => row.id === offer.id)!;
      expect({
        rank: stored.rating_rank,
        stars: stored.rating_stars,
        label: stored.rating_label,
        score: plain(stored.rating_score),
        trophy: stored.rating_trophy,
        priceBand: stored.rating_price_band,
        deliveryBand: stored.rating_delivery_band,
        completeness: plain(stored.rating_completeness),
        rating: stored.rating,
      }).toEqual({ ...offer, id: undefined, score: plain(offer.score), completeness: plain(offer.completeness) } as unknown as Record<string, unknown>);
      expect(stored.rated_at).toBeInstanceOf(Date);
    }
    // Earlier revisions keep no rating.
    for (const stale of offers.filter((row) => !records.offers.some((offer) => offer.id === row.id))) expect(stale.rated_at).toBeNull();
    const rows = await storedRows();
    expect(rows).toHaveLength(records.rows.length);
    const byKey = new Map(rows.map((row) => [`${row.supplier_offer_id}:${row.position}`, row]));
    for (const row of records.rows) {
      const stored = byKey.get(`${row.supplierOfferId}:${row.position}`)!;
      expect({
        lineKind: stored.line_kind,
        lineId: stored.line_id,
        quantity: plain(stored.quantity),
        linesAsked: stored.lines_asked,
        linesPriced: stored.lines_priced,
        unitPrice: plain(stored.unit_price),
        landedUnitPrice: plain(stored.landed_unit_price),
        bestLandedUnitPrice: plain(stored.best_landed_unit_price),
        best: stored.best,
        percentAboveBest: plain(stored.percent_above_best),
        band: stored.band,
        competitive: stored.competitive,
        explanations: stored.explanations,
      }).toEqual({
        ...row,
        supplierOfferId: undefined,
        position: undefined,
        unitPrice: plain(row.unitPrice),
        landedUnitPrice: plain(row.landedUnitPrice),
        bestLandedUnitPrice: plain(row.bestLandedUnitPrice),
        percentAboveBest: plain(row.percentAboveBest),
      } as unknown as Record<string, unknown>);
    }
    return { en, offers, rows };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const config = testConfig(db);
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    tenants = api.get(TenantTransactions);
    ratingQueue = worker.get(Queues).get(QueueName.Rating);
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    pr = await seedPurchaseRequest(tenants, acme, { suppliers: [{ language: 'de' }, {}, {}] });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await db?.drop();
  });

  let offerIds: string[];

  it('rates the offers of three suppliers submitted through their pages, as libs/rating says, per offer, per quantity and per cell', async () => {
    offerIds = [
      // The cheapest with freight: 30 over the order.
      await submit(0, { packagingCost: 10, shippingCost: 20, customsCost: 0, leadTimeDays: 10, operation: [[10, 5], [50, 4], [200, 3]], part: [[20, 0.5], [100, 0.4], [400, 0.3]] }),
      // Packaging and customs left empty: not given.
      await submit(1, { shippingCost: 30, leadTimeDays: 12, operation: [[10, 5.5], [50, 4.2], [200, 3.2]], part: [[20, 0.55]] }),
      // Free delivery, two tiers, no lead time.
      await submit(2, { operation: [[10, 8], [50, 6]], part: [] }),
    ];
    await settled();
    const { offers, rows } = await expectStoredAsLibrarySays();
    const [first, second, third] = offerIds.map((id) => offers.find((offer) => offer.id === id)!);
    // The first is within 95 % everywhere and prices everything: the trophy.
    expect([first.rating_trophy, second.rating_trophy, third.rating_trophy]).toEqual([true, false, false]);
    expect(third.rating_delivery_band).toBe(5);
    expect(second.rating.completeness.breakdown).toEqual({ packaging: false, shipping: true, customs: false });
    const cell = (offerId: string, lineId: string, quantity: string) =>
      rows.find((row) => row.supplier_offer_id === offerId && row.line_id === lineId && plain(row.quantity) === quantity)!;
    // The freight is split over the lines an offer prices: 5 + (10 + 20 + 0) / (2 lines × 10) = 6.5, the best.
    expect(cell(offerIds[0], pr.operationLineId, '10')).toMatchObject({ line_kind: 'operation', best: true, band: 1, landed_unit_price: '6.5' });
    // Free delivery on one line: 8 against 6.5 is 23.08 % above (rounded up), band 3; 6 against 4 + 30 / 100 = 4.3, 39.54 %, band 4.
    expect(cell(offerIds[2], pr.operationLineId, '10')).toMatchObject({ best: false, percent_above_best: '23.08', band: 3 });
    expect(cell(offerIds[2], pr.operationLineId, '50')).toMatchObject({ percent_above_best: '39.54', band: 4, best: false });
    expect(cell(offerIds[0], pr.partLineId, '400').line_kind).toBe('part');
    // Per quantity: the row without a line.
    const perQuantity = rows.filter((row) => row.supplier_offer_id === offerIds[1] && row.line_kind === null);
    expect(perQuantity.map((row) => plain(row.quantity))).toEqual(['10', '20', '50', '200']);
    expect(perQuantity.every((row) => typeof row.competitive === 'boolean')).toBe(true);
    expect(first.rating.explanations.de.trophy).toMatch(/^Pokal/);
  });

  it('rates again when a supplier revises its offer: the earlier revision loses its rating', async () => {
    const revised = await submit(1, { shippingCost: 30, leadTimeDays: 12, operation: [[10, 4.9], [50, 4.2], [200, 3.2]], part: [[20, 0.55]] });
    await settled();
    const { offers, rows } = await expectStoredAsLibrarySays();
    expect(offers.find((offer) => offer.id === offerIds[1])!.rated_at).toBeNull();
    expect(await sql(`SELECT count(*)::int AS count FROM supplier_offer_ratings WHERE supplier_offer_id = $1`, [offerIds[1]])).toEqual([{ count: 0 }]);
    // 4.9 + 30 / 20 = 6.4 is the best at 10 now; the first's 6.5 is 1.57 % above (rounded up), still within 95 %: it keeps the trophy.
    const atTen = (offerId: string) => rows.find((row) => row.supplier_offer_id === offerId && row.line_id === pr.operationLineId && plain(row.quantity) === '10')!;
    expect(atTen(revised)).toMatchObject({ best: true, band: 1 });
    expect(atTen(offerIds[0])).toMatchObject({ best: false, percent_above_best: '1.57', band: 1 });
    expect(offers.find((offer) => offer.id === offerIds[0])!.rating_trophy).toBe(true);
    offerIds[1] = revised;
  });

  it('writes nothing twice when the same job is delivered again, and the same rows when it runs again', async () => {
    const [{ id: eventId }] = await sql(`SELECT id FROM outbox_events WHERE job_name = 'procurement.rate-offers' ORDER BY occurred_at DESC LIMIT 1`);
    const offersBefore = await storedOffers();
    const rowsBefore = await storedRows();
    // As if the completed job had been cleaned from Redis and the relay delivered the event again:
    await (await ratingQueue.getJob(eventId))?.remove();
    await sql(`UPDATE outbox_events SET relayed_at = NULL WHERE id = $1`, [eventId]);
    await eventually(async () => (await ratingQueue.getJobState(eventId)) === 'completed', 20_000, 'the job delivered again');
    expect((await ratingQueue.getJob(eventId))?.returnvalue).toBe('already handled');
    expect(await storedOffers()).toEqual(offersBefore);
    expect(await storedRows()).toEqual(rowsBefore);

    // A new event for the same offers: a new rating, the same figures.
    await tenants.run(acme.id, () => api.get(EventOutbox).emit('procurement.rate-offers', { purchaseRequestId: pr.id }));
    await settled();
    const offersAfter = await storedOffers();
    expect(offersAfter.map(({ rated_at: _at, ...rest }) => rest)).toEqual(offersBefore.map(({ rated_at: _at, ...rest }) => rest));
    expect(withoutWhen(await storedRows())).toEqual(withoutWhen(rowsBefore));
  });

  it('rates the open requests again with the organization\'s new weights', async () => {
    await http().post('/api/v1/settings').set(admin.headers).send({ slug: 'offer-rating-weights', value: ['1', '0', '0'] }).expect(201);
    await eventually(async () => (await storedOffers()).some((offer) => offer.rating?.weights?.price === '1'), 30_000, 'the new weights');
    await settled();
    await expectStoredAsLibrarySays({ price: '1', delivery: '0', completeness: '0' });
  });

  it('rates once more when the request closes', async () => {
    await http().post(`/api/v1/purchase-requests/${pr.id}/close`).set(admin.headers).send({}).expect((answer) => expect(answer.status).toBeLessThan(300));
    const events = await sql(`SELECT id FROM outbox_events WHERE job_name = 'procurement.rate-offers' AND payload->>'purchaseRequestId' = $1 ORDER BY occurred_at`, [pr.id]);
    await settled();
    const [{ rated_at: ratedAt }] = await sql(`SELECT max(rated_at) AS rated_at FROM supplier_offers WHERE purchase_request_id = $1`, [pr.id]);
    const [{ handled_at: handledAt }] = await sql(`SELECT handled_at FROM handled_jobs WHERE job_id = $1`, [events[events.length - 1].id]);
    expect(events.length).toBeGreaterThanOrEqual(6);
    expect(Math.abs(new Date(ratedAt).getTime() - new Date(handledAt).getTime())).toBeLessThan(5_000);
    await expectStoredAsLibrarySays({ price: '1', delivery: '0', completeness: '0' });
  });
});
