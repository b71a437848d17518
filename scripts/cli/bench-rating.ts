import { performance } from 'node:perf_hooks';
import { provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { rateOffers } from '@fabquote/rating';
import { TestDatabase, testConfig } from '@fabquote/testing';
import { RatingRepository } from '../../apps/api/src/procurement/rating/rating.repository';
import { OfferRatings } from '../../apps/api/src/procurement/rating/rating.service';
import { ProcurementClock } from '../../apps/api/src/procurement/shared/procurement-clock';
import { AskedLineRepository } from '../../apps/api/src/procurement/requests/asked-line.repository';
import { startTestApi } from '../../apps/test-support';

const QUANTITIES = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

/** The middle of the timings (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The offer rating of one purchase request of `suppliers` suppliers × 10 quantities × `lines` lines (half
 * operations, half parts of 1–3 pieces per product), every offer pricing every cell: libs/rating's
 * `rateOffers` alone on the loaded input (once in English; the job rates in both languages), and the
 * whole job (`OfferRatings.rate`: read lines, offers, prices and weights, rate in both languages, replace
 * the stored ratings) in one tenant transaction, as the worker runs it.
 */
export async function benchRating(db: TestDatabase, suppliers = Number(process.env.BENCH_RATING_SUPPLIERS ?? 50), lines = 50): Promise<string[]> {
  const organization = await provisionOrganization(db.app, { slug: 'rating-bench', name: 'Rating Bench Metallbau GmbH' });
  const api = await startTestApi(testConfig(db, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' }));
  try {
    const tenants = api.get(TenantTransactions);
    const ratings = new OfferRatings(tenants, api.get(EventOutbox), api.get(ProcurementClock), new RatingRepository(tenants), new AskedLineRepository(tenants));
    const requestId = await tenants.run(organization.id, async (m) => {
      const operations = Math.ceil(lines / 2);
      const parts = lines - operations;
      const [{ id: productId }] = await m.query(`INSERT INTO products (name, number, type) VALUES ('Rating bench cabinet', 'RB-1', 'assembly') RETURNING id`);
      await m.query(
        `WITH op AS (INSERT INTO operations (name, fab_number) SELECT 'Bought operation ' || n, 'OP-' || n FROM generate_series(1, $2) n RETURNING id)
         INSERT INTO product_operations (product_id, sorting, operation_id, bought_in) SELECT $1, row_number() OVER (ORDER BY id) * 10, id, true FROM op`,
        [productId, operations],
      );
      await m.query(
        `WITH part AS (INSERT INTO parts (name, number) SELECT 'Bought part ' || n, 'PT-' || n FROM generate_series(1, $2) n RETURNING id)
         INSERT INTO product_parts (product_id, part_id, quantity) SELECT $1, id, 1 + row_number() OVER (ORDER BY id) % 3 FROM part`,
        [productId, parts],
      );
      const [{ id }] = await m.query(
        `INSERT INTO purchase_requests (number, name, close_submission_deadline, sent_at) VALUES ('PR-BENCH-0001', 'Rating bench', now() + interval '14 days', now()) RETURNING id`,
      );
      await m.query(`INSERT INTO purchase_request_products (purchase_request_id, product_id, quantities) VALUES ($1, $2, $3)`, [id, productId, QUANTITIES]);
      await m.query(`INSERT INTO purchase_request_operations (purchase_request_id, product_operation_id) SELECT $1, id FROM product_operations WHERE product_id = $2`, [id, productId]);
      await m.query(`INSERT INTO purchase_request_parts (purchase_request_id, product_part_id) SELECT $1, id FROM product_parts WHERE product_id = $2`, [id, productId]);
      await m.query(
        `WITH supplier AS (
           INSERT INTO suppliers (name, email, language) SELECT 'Supplier ' || lpad(n::text, 3, '0'), 'offers@rating-' || n || '.example', 'en'
             FROM generate_series(1, $2) n RETURNING id),
         invited AS (INSERT INTO purchase_request_suppliers (purchase_request_id, supplier_id, invited_at) SELECT $1, id, now() FROM supplier RETURNING supplier_id)
         INSERT INTO supplier_offers (purchase_request_id, supplier_id, revision, latest, shipping_date, packaging_cost, shipping_cost, customs_cost,
                                      packaging_given, shipping_given, customs_given, lead_time_days)
         SELECT $1, supplier_id, 1, true, current_date + 30, (abs(hashtext(supplier_id::text)) % 50), 20 + (abs(hashtext(supplier_id::text || 's')) % 200), 0,
                true, true, abs(hashtext(supplier_id::text)) % 2 = 0, 5 + abs(hashtext(supplier_id::text || 'd')) % 30
           FROM invited`,
        [id, suppliers],
      );
      // Every cell priced: a base price per line, a supplier's factor, cheaper with quantity.
      await m.query(
        `WITH asked AS (
           SELECT pro.id AS operation_id, NULL::uuid AS part_id, q.quantity, 1 AS per_product FROM purchase_request_operations pro, unnest($2::numeric[]) q(quantity)
            WHERE pro.purchase_request_id = $1
           UNION ALL
           SELECT NULL, prt.id, q.quantity * pp.quantity, pp.quantity FROM purchase_request_parts prt JOIN product_parts pp ON pp.id = prt.product_part_id, unnest($2::numeric[]) q(quantity)
            WHERE prt.purchase_request_id = $1)
         INSERT INTO supplier_offer_prices (supplier_offer_id, purchase_request_operation_id, purchase_request_part_id, quantity, unit_price)
         SELECT o.id, a.operation_id, a.part_id, a.quantity,
                round((1 + abs(hashtext(coalesce(a.operation_id, a.part_id)::text)) % 40) * (0.9 + (abs(hashtext(o.id::text)) % 40) / 100.0)
                      / (1 + ln(a.quantity / a.per_product) / 4), 4)
           FROM supplier_offers o CROSS JOIN asked a WHERE o.purchase_request_id = $1`,
        [id, QUANTITIES],
      );
      return id as string;
    });

    const inputs = await tenants.run(organization.id, () => ratings.inputs(requestId));
    const input = { lines: inputs.lines.map((line) => ({ lineId: line.id, quantities: line.quantities })), offers: inputs.offers };
    const cells = inputs.offers.reduce((sum, offer) => sum + offer.prices.length, 0);
    const pure: number[] = [];
    for (let run = 0; run < 4; run++) {
      const started = performance.now();
      rateOffers(input, inputs.weights, { language: 'en' });
      if (run > 0) pure.push(performance.now() - started); // the first warms up
    }
    const job: number[] = [];
    let written = { offers: 0, rows: 0 };
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      written = await tenants.run(organization.id, () => ratings.rate(requestId));
      job.push(performance.now() - started);
    }
    return [
      `offer rating of one request, ${suppliers} suppliers × ${QUANTITIES.length} quantities × ${inputs.lines.length} lines (${cells} priced cells):`,
      `  rateOffers (libs/rating, explained in one language): median ${median(pure).toFixed(0)} ms of ${pure.length} runs`,
      `  the rating job (load, rate in en and de, replace ${written.offers} offers' ratings and ${written.rows} rows in one transaction): ${job.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (3 runs)`,
    ];
  } finally {
    await api.close();
  }
}
