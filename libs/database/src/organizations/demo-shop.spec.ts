import { calculateProducts } from '@fabquote/calculations';
import { DEFAULT_WEIGHTS, rateOffers } from '@fabquote/rating';
import { createTestDatabase, TestDatabase } from '@fabquote/testing';
import { TenantTransactions } from '../tenancy/tenant-transactions';
import { provisionOrganization } from './provision-organization';
import { seedDemoShop } from './demo-shop';

describe('seedDemoShop', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('fills a small shop once, through row-level security, and leaves it alone afterwards', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    expect(await seedDemoShop(db.app, demo)).toBe(true);
    expect(await seedDemoShop(db.app, demo)).toBe(false);
    const counts = await db.app.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [demo.id]);
      return manager.query(`SELECT
        (SELECT count(*)::int FROM assets) AS assets, (SELECT count(*)::int FROM materials) AS materials,
        (SELECT count(*)::int FROM material_groups) AS groups, (SELECT count(*)::int FROM suppliers) AS suppliers,
        (SELECT count(*)::int FROM suppliable_bulk_prices) AS bands, (SELECT array_agg(DISTINCT language) FROM suppliers) AS languages`);
    });
    expect(counts[0]).toMatchObject({ assets: 3, materials: 13, groups: 3, suppliers: 6 });
    expect(counts[0].bands).toBeGreaterThan(5);
    expect(counts[0].languages.sort()).toEqual(['de', 'en']);
  });

  it('has its company profile filled in, with a logo, and in German for a German demo', async () => {
    const profileOf = (organizationId: string) =>
      new TenantTransactions(db.app).run(organizationId, async (manager) => ({
        settings: Object.fromEntries(
          ((await manager.query(`SELECT slug, value FROM settings WHERE slug LIKE 'letterhead-%' OR slug IN ('default-payment-terms', 'default-shipping-terms', 'offer-validity-days', 'mail-reply-to', 'time-zone', 'currency')`)) as Array<{ slug: string; value: unknown }>).map(
            (row) => [row.slug, row.value],
          ),
        ),
        logo: ((await manager.query(`SELECT content, width, height FROM company_logos`)) as Array<{ content: Buffer; width: number; height: number }>)[0],
      }));
    const slugs = ['letterhead-name', 'letterhead-address', 'letterhead-phone', 'letterhead-email', 'letterhead-website', 'letterhead-vat-id', 'letterhead-tax-number', 'letterhead-bank-name', 'letterhead-iban', 'letterhead-bic', 'default-payment-terms', 'default-shipping-terms', 'offer-validity-days', 'mail-reply-to', 'time-zone', 'currency'];
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    await seedDemoShop(db.app, demo); // seeded by the first test already, unless this one runs alone
    const english = await profileOf(demo.id);
    expect(Object.keys(english.settings).sort()).toEqual([...slugs].sort());
    for (const value of Object.values(english.settings)) expect(value).toEqual(expect.anything());
    expect(english.settings).toMatchObject({ 'letterhead-address': ['Industriestraße 5', '70565 Stuttgart', 'Germany'], 'default-payment-terms': '30 days net', 'time-zone': 'Europe/Berlin' });
    expect(english.logo.content.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([english.logo.width, english.logo.height]).toEqual([240, 80]);

    const deutsch = await provisionOrganization(db.app, { slug: 'demo-de', name: 'Demo Metallbau GmbH', defaultLocale: 'de' });
    expect(await seedDemoShop(db.app, deutsch)).toBe(true);
    const german = await profileOf(deutsch.id);
    expect(Object.keys(german.settings).sort()).toEqual([...slugs].sort());
    expect(german.settings).toMatchObject({
      'letterhead-address': ['Industriestraße 5', '70565 Stuttgart', 'Deutschland'],
      'default-payment-terms': '30 Tage netto',
      'default-shipping-terms': 'Ab Werk Stuttgart, zuzüglich Verpackung und Fracht',
    });
    expect(german.logo).toBeDefined();
  });

  it('has the public quote page switched on, with instant indicative prices', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    await seedDemoShop(db.app, demo);
    const switches = await new TenantTransactions(db.app).run(demo.id, (manager) => manager.query(`SELECT slug, value FROM settings WHERE slug LIKE 'quote-%' ORDER BY slug`));
    expect(switches).toEqual([
      { slug: 'quote-instant-prices', value: 'true' },
      { slug: 'quote-page-enabled', value: 'true' },
    ]);
  });

  it('has products that all price: a bracket with 2 bends and 4 holes and bought-in threads, a housing with sub-assemblies and press nuts', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    const run = await new TenantTransactions(db.app).run(demo.id, async (manager) => {
      const products: Array<{ id: string }> = await manager.query(`SELECT id FROM products`);
      return calculateProducts(manager, products.map((product) => product.id), { key: 'calculated_demo_data' });
    });
    expect(run.failed).toEqual([]);
    expect(run.calculated).toHaveLength(6);
    // Every figure the data calls for is there: no material, time, rate or cost came out zero.
    expect(run.calculated.flatMap((calculation) => calculation.warnings)).toEqual([]);
  });

  it('has a sent purchase request with the offers of three suppliers in, one in German, one revised, a question answered', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    const tenants = new TenantTransactions(db.app);
    const [request] = await tenants.run(demo.id, (m) => m.query(`SELECT * FROM purchase_requests`));
    expect(request).toMatchObject({ number: `PR-${request.created_at.getUTCFullYear()}-0001`, status: 'open', reminder_frequency: 'weekly', include_product_preview: true });
    expect(request.sent_at).toBeInstanceOf(Date);
    expect(request.close_submission_deadline.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const [counter] = await tenants.run(demo.id, (m) => m.query(`SELECT kind, last FROM document_numbers WHERE kind = 'purchase-request'`));
    expect(counter).toEqual({ kind: 'purchase-request', last: 1 });

    const lines = await tenants.run(demo.id, (m) =>
      m.query(`SELECT
        (SELECT array_agg(quantities::text ORDER BY quantities) FROM purchase_request_products) AS quantities,
        (SELECT count(*)::int FROM purchase_request_operations o JOIN product_operations po ON po.id = o.product_operation_id WHERE po.bought_in) AS operations,
        (SELECT count(*)::int FROM purchase_request_parts r JOIN product_parts pp ON pp.id = r.product_part_id WHERE pp.part_id IS NOT NULL) AS parts,
        (SELECT count(*)::int FROM purchase_request_suppliers WHERE invited_at IS NOT NULL AND token_hash ~ '^[0-9a-f]{64}$') AS invited`),
    );
    expect(lines[0]).toEqual({ quantities: ['{10.0000,50.0000,200.0000}', '{50.0000,200.0000,500.0000}'], operations: 2, parts: 1, invited: 3 });

    const offers: Array<{ name: string; language: string; offer_language: string; revisions: number; prices: number; total: string }> = await tenants.run(demo.id, (m) =>
      m.query(`SELECT s.name, s.language, o.language AS offer_language,
          (SELECT count(*)::int FROM supplier_offers r WHERE r.supplier_id = o.supplier_id) AS revisions,
          (SELECT count(*)::int FROM supplier_offer_prices p WHERE p.supplier_offer_id = o.id) AS prices,
          (SELECT sum(p.quantity * p.unit_price) FROM supplier_offer_prices p WHERE p.supplier_offer_id = o.id)
            + o.packaging_cost + o.shipping_cost + o.customs_cost AS total
         FROM supplier_offers o JOIN suppliers s ON s.id = o.supplier_id
        WHERE o.latest AND o.shipping_date IS NOT NULL AND o.lead_time_days > 0 ORDER BY total`),
    );
    // Three lines (coating, threads, hinges) at three quantities each, from every supplier; totals apart enough to rank.
    expect(offers.map(({ name, language, offer_language, revisions, prices }) => ({ name, language, offer_language, revisions, prices }))).toEqual([
      { name: 'Blechtechnik Hoffmann GmbH', language: 'de', offer_language: 'de', revisions: 1, prices: 9 },
      { name: 'Apex Metal Finishing Ltd', language: 'en', offer_language: 'en', revisions: 2, prices: 9 },
      { name: 'Baltic Sheet Metal UAB', language: 'en', offer_language: 'en', revisions: 1, prices: 9 },
    ]);
    expect(Number(offers[1].total) / Number(offers[0].total)).toBeGreaterThan(1.1);
    expect(Number(offers[2].total) / Number(offers[1].total)).toBeGreaterThan(1.1);

    const questions = await tenants.run(demo.id, (m) => m.query(`SELECT s.name, q.answer IS NOT NULL AS answered FROM purchase_request_questions q JOIN suppliers s ON s.id = q.supplier_id`));
    expect(questions).toEqual([{ name: 'Apex Metal Finishing Ltd', answered: true }]);
  });

  it('queues the rating of its offers, which gives each supplier different stars and one the trophy; the award is left to the start', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    const tenants = new TenantTransactions(db.app);
    const { request, events, awards, lines, offers, prices } = await tenants.run(demo.id, async (m) => ({
      request: (await m.query(`SELECT id FROM purchase_requests`))[0],
      events: await m.query(`SELECT job_name, queue_name, payload FROM outbox_events`),
      awards: await m.query(`SELECT count(*)::int AS count FROM purchase_request_awards`),
      // The lines as the supplier's page asks them: an operation at its product's quantities, a part at as many times its quantity per product.
      lines: await m.query(
        `SELECT pro.id AS "lineId", prp.quantities FROM purchase_request_operations pro JOIN product_operations po ON po.id = pro.product_operation_id
           JOIN purchase_request_products prp ON prp.product_id = po.product_id
         UNION ALL
         SELECT prt.id, ARRAY(SELECT q * pp.quantity FROM unnest(prp.quantities) AS q) FROM purchase_request_parts prt
           JOIN product_parts pp ON pp.id = prt.product_part_id JOIN purchase_request_products prp ON prp.product_id = pp.product_id`,
      ),
      offers: await m.query(
        `SELECT o.id, s.name, o.packaging_cost AS packaging, o.shipping_cost AS shipping, o.customs_cost AS customs, o.lead_time_days AS "leadTimeDays"
           FROM supplier_offers o JOIN suppliers s ON s.id = o.supplier_id WHERE o.latest`,
      ),
      prices: await m.query(
        `SELECT supplier_offer_id AS "offerId", coalesce(purchase_request_operation_id, purchase_request_part_id) AS "lineId", quantity, unit_price AS "unitPrice" FROM supplier_offer_prices`,
      ),
    }));
    expect(events).toEqual([{ job_name: 'procurement.rate-offers', queue_name: 'rating', payload: { purchaseRequestId: request.id, organizationId: demo.id } }]);
    expect(awards).toEqual([{ count: 0 }]);

    // What the worker's rating will say, with the default weights (no setting): libs/rating on the seeded rows.
    const rating = rateOffers(
      {
        lines,
        offers: offers.map((offer: { id: string; packaging: string; shipping: string; customs: string; leadTimeDays: number }) => ({
          id: offer.id,
          packaging: offer.packaging,
          shipping: offer.shipping,
          customs: offer.customs,
          leadTimeDays: offer.leadTimeDays,
          breakdownGiven: { packaging: true, shipping: true, customs: true },
          prices: prices.filter((price: { offerId: string }) => price.offerId === offer.id),
        })),
      },
      DEFAULT_WEIGHTS,
    );
    const names = new Map(offers.map((offer: { id: string; name: string }) => [offer.id, offer.name]));
    expect(rating.offers.map((offer) => ({ name: names.get(offer.id), stars: offer.stars, trophy: offer.trophy, priceBand: offer.priceBand }))).toEqual([
      { name: 'Blechtechnik Hoffmann GmbH', stars: 5, trophy: true, priceBand: 1 },
      { name: 'Apex Metal Finishing Ltd', stars: 3, trophy: false, priceBand: 4 },
      { name: 'Baltic Sheet Metal UAB', stars: 1, trophy: false, priceBand: 5 },
    ]);
    // The trophy's offer is the best landed price at every asked quantity, not just within 95 %.
    expect(rating.offers[0].perQuantity.every((quantity) => quantity.best)).toBe(true);
  });

  it('has a year of offers and orders in every status, numbered in date order, each with the history that led there', async () => {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    const tenants = new TenantTransactions(db.app);
    const orders: Array<{ id: string; number: string; status: string; created_at: Date; status_changed_at: Date; items: number; reasonless: number }> = await tenants.run(demo.id, (m) =>
      m.query(`SELECT o.id, o.number, o.status, o.created_at, o.status_changed_at,
          (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
          (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id AND i.unit_price <> i.taken_unit_price AND i.unit_price_reason IS NULL) AS reasonless
         FROM orders o ORDER BY o.created_at`),
    );
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(['draft', 'offered', 'ordered', 'deferred', 'declined']));
    const now = Date.now();
    const ages = orders.map((order) => (now - order.created_at.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.max(...ages)).toBeLessThan(365);
    expect(Math.min(...ages)).toBeLessThan(7);
    // The dashboard opens on the last 30 days: an order ordered in them, so its volume and conversion show something.
    const month = now - 30 * 86_400_000;
    expect(orders.filter((order) => order.status === 'ordered' && order.status_changed_at.getTime() > month).length).toBeGreaterThan(0);
    // Numbers as the API gives them: per year, in the order they were made.
    for (const year of new Set(orders.map((order) => order.created_at.getUTCFullYear()))) {
      const ofYear = orders.filter((order) => order.created_at.getUTCFullYear() === year);
      expect(ofYear.map((order) => order.number)).toEqual(ofYear.map((_, i) => `OR-${year}-${String(i + 1).padStart(4, '0')}`));
    }
    for (const order of orders) {
      expect(order.items).toBeGreaterThan(0);
      expect(order.reasonless).toBe(0);
      expect(order.status_changed_at.getTime()).toBeLessThanOrEqual(now);
    }

    // One order (ordered within the last 30 days) has freight as a free line and a note as a text line after its products.
    const lines = await tenants.run(demo.id, (m) =>
      m.query(`SELECT i.position, i.kind, i.text, i.unit, i.quantity::float8, i.unit_price::float8 AS "unitPrice" FROM order_items i JOIN orders o ON o.id = i.order_id
                WHERE o.name = 'Gehäuse Linie 5' ORDER BY i.position`),
    );
    expect(lines.map((line: { kind: string }) => line.kind)).toEqual(['product', 'product', 'free', 'text']);
    expect(lines.slice(2)).toEqual([
      { position: 3, kind: 'free', text: 'Freight', unit: 'lump sum', quantity: 1, unitPrice: 145 },
      { position: 4, kind: 'text', text: 'Delivery in two parts: the housings first, the brackets a week later.', unit: null, quantity: null, unitPrice: null },
    ]);

    // Every history starts with the creation, follows docs/api-orders.md's transitions, and ends in the order's status.
    const allowed: Record<string, string[]> = { draft: ['offered', 'declined'], offered: ['draft', 'ordered', 'deferred', 'declined'], deferred: ['offered', 'ordered', 'declined'], declined: ['draft'], ordered: [] };
    const changes: Array<{ order_id: string; from_status: string | null; to_status: string; changed_at: Date }> = await tenants.run(demo.id, (m) =>
      m.query(`SELECT order_id, from_status, to_status, changed_at FROM order_status_changes ORDER BY changed_at`),
    );
    for (const order of orders) {
      const history = changes.filter((change) => change.order_id === order.id);
      expect(history[0]).toMatchObject({ from_status: null, to_status: 'draft', changed_at: order.created_at });
      for (const [previous, change] of history.slice(1).map((change, i) => [history[i], change] as const)) {
        expect(change.from_status).toBe(previous.to_status);
        expect(allowed[previous.to_status]).toContain(change.to_status);
      }
      expect(history.at(-1)).toMatchObject({ to_status: order.status, changed_at: order.status_changed_at });
    }
  });
});
