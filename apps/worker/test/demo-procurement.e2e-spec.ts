import { INestApplicationContext } from '@nestjs/common';
import { explainCalculation } from '@fabquote/calculations';
import { Figure, PricedTiers, PricingRequest } from '@fabquote/pricing';
import { createTestDatabase, eventually, onServer, TestDatabase, testConfig } from '@fabquote/testing';
import { DEMO, DEMO_AWARD, DEMO_SURVEY, seedDemo, SeededDemo } from '../../../scripts/cli/demo';
import { startTestWorker } from '../../test-support';

jest.setTimeout(180_000);

/**
 * The demo: the demo organization's request shows its ratings, one trophy and one award. The demo
 * as `npm start` makes it (scripts/cli/demo.ts: the seed, the award, the calculations), then the worker's
 * first run rates the offers.
 */
describe('the demo organization\'s purchase request', () => {
  let db: TestDatabase;
  let worker: INestApplicationContext;
  let demo: SeededDemo;
  const sql = async (text: string, parameters: unknown[] = []) => (await onServer((client) => client.query(text, parameters), db.url)).rows;

  /** Every event in the outbox has been handled (its job in the handled-jobs ledger): rating, repricing, calculations. */
  const settled = () =>
    eventually(
      async () => {
        const [{ waiting }] = await sql(
          `SELECT count(*)::int AS waiting FROM outbox_events e WHERE NOT EXISTS (SELECT 1 FROM handled_jobs h WHERE h.job_id = e.id::text)`,
        );
        return waiting === 0;
      },
      60_000,
      'the demo\'s jobs',
    );

  /** The coated door's latest calculation. */
  const doorCalculations = () =>
    sql(`SELECT c.index, c.inputs, c.result FROM calculations c JOIN products p ON p.id = c.product_id WHERE p.number = 'HS-200-D' ORDER BY c.index`);

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db);
    demo = await seedDemo(config);
    worker = await startTestWorker(config);
    await settled();
  });

  afterAll(async () => {
    await worker?.close();
    await db?.drop();
  });

  it('is seeded once, with the award and every product calculated', async () => {
    expect(demo.organization.slug).toBe(DEMO.slug);
    expect(demo.seeded?.award).toEqual({ supplier: DEMO_AWARD.supplier });
    expect(demo.seeded?.run.failed).toEqual([]);
    expect(demo.seeded?.run.calculated).toHaveLength(6);
    // The demo shop is in Berlin: its deadlines are shown and mailed in Berlin time, the zone named.
    expect(await sql(`SELECT s.value FROM settings s JOIN organizations o ON o.id = s.organization_id WHERE o.slug = $1 AND s.slug = 'time-zone'`, [DEMO.slug])).toEqual([
      { value: 'Europe/Berlin' },
    ]);
    // A second start leaves the shop alone: no second award.
    expect((await seedDemo(testConfig(db))).seeded).toBeNull();
  });

  it('has its three offers rated by the worker: stars 5, 3 and 1, one trophy', async () => {
    const offers = await sql(
      `SELECT s.name, o.rating_stars AS stars, o.rating_label AS label, o.rating_trophy AS trophy, o.rating_rank AS rank, o.rated_at,
              (SELECT count(*)::int FROM supplier_offer_ratings r WHERE r.supplier_offer_id = o.id) AS rows
         FROM supplier_offers o JOIN suppliers s ON s.id = o.supplier_id WHERE o.latest ORDER BY o.rating_rank`,
    );
    expect(offers.map(({ name, stars, label, trophy, rank }) => ({ name, stars, label, trophy, rank }))).toEqual([
      { name: 'Blechtechnik Hoffmann GmbH', stars: 5, label: 'excellent', trophy: true, rank: 1 },
      { name: 'Apex Metal Finishing Ltd', stars: 3, label: 'average', trophy: false, rank: 2 },
      { name: 'Baltic Sheet Metal UAB', stars: 1, label: 'poor', trophy: false, rank: 3 },
    ]);
    // Per quantity (7 asked: 10, 20, 50, 100, 200, 400, 500) and per cell (3 lines × 3 quantities).
    for (const offer of offers) expect(offer).toMatchObject({ rows: 7 + 9, rated_at: expect.any(Date) });
    // Apex's first revision, replaced after the answer to its question, keeps no rating.
    expect(await sql(`SELECT count(*)::int AS count FROM supplier_offers WHERE NOT latest AND rated_at IS NULL`)).toEqual([{ count: 1 }]);
  });

  it('has one award, the coating to the trophy offer, its suppliable at the landed prices of that offer\'s tiers', async () => {
    const awards = await sql(
      `SELECT a.*, o.rating_trophy AS trophy, u.email AS awarded_by_email
         FROM purchase_request_awards a JOIN supplier_offers o ON o.id = a.supplier_offer_id LEFT JOIN users u ON u.id = a.awarded_by`,
    );
    expect(awards).toHaveLength(1);
    const [award] = awards;
    expect(award).toMatchObject({ withdrawn_at: null, trophy: true, awarded_by_email: DEMO.email, purchase_request_part_id: null });
    const [line] = await sql(
      `SELECT o.fab_number FROM purchase_request_operations pro JOIN product_operations po ON po.id = pro.product_operation_id
         JOIN operations o ON o.id = po.operation_id WHERE pro.id = $1`,
      [award.purchase_request_operation_id],
    );
    expect(line.fab_number).toBe(DEMO_AWARD.operation);

    // The offer: 6.40 / 4.90 / 3.80 at 10 / 50 / 200 doors, 60.00 of packaging, shipping and customs over the 3 lines it prices.
    const bands = await sql(
      `SELECT b.min_quantity::float AS min, b.max_quantity::float AS max, b.unit_price::float AS price
         FROM suppliable_bulk_prices b WHERE b.suppliable_id = $1 ORDER BY b.min_quantity`,
      [award.suppliable_id],
    );
    expect(bands).toEqual([
      { min: 10, max: 49.9999, price: 8.4 }, // 6.40 + 60 / (3 × 10)
      { min: 50, max: 199.9999, price: 5.3 }, // 4.90 + 60 / (3 × 50)
      { min: 200, max: null, price: 3.9 }, // 3.80 + 60 / (3 × 200)
    ]);
    // The same landed prices the rating stored for that offer's cells of the line (a rated cell is what an award writes).
    const cells = await sql(
      `SELECT quantity::float AS min, landed_unit_price::float AS price FROM supplier_offer_ratings
        WHERE supplier_offer_id = $1 AND purchase_request_operation_id = $2 ORDER BY quantity`,
      [award.supplier_offer_id, award.purchase_request_operation_id],
    );
    expect(cells).toEqual(bands.map(({ min, price }) => ({ min, price })));
    expect(award.bulk_prices).toEqual([
      { minQuantity: '10', maxQuantity: '49.9999', unitPrice: '8.4' },
      { minQuantity: '50', maxQuantity: '199.9999', unitPrice: '5.3' },
      { minQuantity: '200', maxQuantity: null, unitPrice: '3.9' },
    ]);

    // Hoffmann's own coating suppliable, updated; the other coaters' switched off and recorded.
    const coating = await sql(
      `SELECT s.id, s.number, s.active, s.cost::float AS cost, sp.name FROM suppliables s JOIN suppliers sp ON sp.id = s.supplier_id
         JOIN operations o ON o.id = s.operation_id WHERE o.fab_number = $1 ORDER BY s.number`,
      [DEMO_AWARD.operation],
    );
    expect(coating.map(({ number, active, cost }) => ({ number, active, cost }))).toEqual([
      { number: 'APX-PC-7035', active: false, cost: 8 },
      { number: 'HB-PB-7035', active: true, cost: 8.4 },
      { number: 'PB-RAL7035', active: false, cost: 4.5 },
    ]);
    expect(coating.find((row) => row.number === 'HB-PB-7035').id).toBe(award.suppliable_id);
    expect([...award.deactivated_suppliable_ids].sort()).toEqual(coating.filter((row) => !row.active).map((row) => row.id).sort());
    expect(await sql(`SELECT payload->>'sourceId' AS source FROM outbox_events WHERE job_name = 'pricing.reprice'`)).toEqual([{ source: award.suppliable_id }]);
  });

  it('prices the coated door from the awarded bands, and the award\'s repricing finds nothing new', async () => {
    const calculations = await doorCalculations();
    // Calculated after the award by the seed; the worker's repricing of the award stored no second calculation.
    expect(calculations.map((row) => row.index)).toEqual([1]);
    const [{ inputs, result }] = calculations as Array<{ inputs: PricingRequest; result: PricedTiers }>;
    const explained = explainCalculation(inputs, result);
    expect(explained).not.toBeNull();
    /** The figures of a tier's purchase that price the awarded suppliable. */
    const awarded = (figure: Figure): Figure[] => [
      ...(figure.formula.includes('HB-PB-7035') ? [figure] : []),
      ...Object.values(figure.inputs).flatMap((input) => (typeof input === 'string' ? [] : awarded(input))),
    ];
    const coatingPerTier = explained!.tiers.map((tier) => [tier.quantity, Number(awarded(tier.purchase.unit)[0]?.exact)]);
    // Below the lowest band (1 and 5 doors) the suppliable's cost, the landed price at 10.
    expect(coatingPerTier).toEqual([
      [1, 8.4],
      [5, 8.4],
      [10, 8.4],
      [25, 8.4],
      [50, 5.3],
      [100, 5.3],
      [250, 3.9],
      [500, 3.9],
      [1000, 3.9],
    ]);
    const switchedOff = JSON.stringify(inputs.prices.suppliables?.filter((suppliable) => suppliable.active && ['PB-RAL7035', 'APX-PC-7035'].includes(suppliable.number ?? '')));
    expect(switchedOff).toBe('[]');
  });

  it('has a survey made from a drawing: the DXF read without AI into a product with its outline, priced', async () => {
    const [input] = await sql(
      `SELECT i.status, s.number, s.title FROM survey_inputs i JOIN surveys s ON s.id = i.survey_id WHERE i.file_name = $1`,
      [DEMO_SURVEY.fileName],
    );
    expect(input).toMatchObject({ status: 'success', title: DEMO_SURVEY.title });
    const [product] = await sql(
      `SELECT p.id, p.status, p.thickness::float8 AS thickness, p.blank_width::float8 AS width, p.blank_length::float8 AS length, m.number AS material,
              (SELECT sum(h.count)::int FROM product_holes h WHERE h.product_id = p.id) AS holes,
              (SELECT count(*)::int FROM product_contours c WHERE c.product_id = p.id AND c.kind = 'inner') AS inner_contours,
              (SELECT count(*)::int FROM calculations c WHERE c.product_id = p.id) AS calculations
         FROM survey_products sp JOIN products p ON p.id = sp.product_id LEFT JOIN materials m ON m.id = p.material_id`,
    );
    expect(product).toMatchObject({ status: 'generated_from_data_extractor', thickness: 3, width: 150, length: 300, material: 'S235-3', holes: 6, inner_contours: 2, calculations: 1 });
  });
});
