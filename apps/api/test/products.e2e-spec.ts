import { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { QueryRunner } from 'typeorm';
import { calculateProducts } from '@fabquote/calculations';
import { CalculationPrices1795219600000, Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { priceProduct } from '@fabquote/pricing';
import { createTestDatabase, createTestUser, eventually, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

describe('products: geometry and production', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  const created = async (resource: string, body: object) =>
    (await request(api.getHttpServer()).post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  const refused = async (resource: string, body: object) =>
    (await request(api.getHttpServer()).post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(422)).body.errors;

  beforeAll(async () => {
    db = await createTestDatabase();
    const acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('keeps a product with contours, holes, bends, materials, operations and parts', async () => {
    const material = await created('materials', { name: 'S235 2mm', number: 'S235-2', density: 7.85, pricePerUnit: 1.15, priceUnit: 'kg' });
    const product = await created('products', {
      name: 'Bracket 2 bends',
      number: 'BR-100',
      type: 'single',
      materialId: material.id,
      thickness: 2,
      blankWidth: 120,
      blankLength: 80,
      addedWidth: 5,
      addedLength: 5,
    });
    expect(product).toMatchObject({ status: 'manually_created', thickness: 2 });
    await created('product-contours', { productId: product.id, kind: 'outer', length: 400 });
    await created('product-holes', { productId: product.id, kind: 'hole', diameter: 6.5, toleranceClass: 'medium' });
    await created('product-bends', { productId: product.id, bendClass: 'standard', length: 80, angle: 90 });
    await created('product-materials', { productId: product.id, materialId: material.id });
    await created('product-operations', { productId: product.id, sorting: 10, timePerUnit: 1.5, hourlyRate: 80 });
    expect(await refused('product-holes', { productId: product.id, kind: 'drill' })).toEqual({ kind: 'Choose one of: counterbore, countersink, hole, thread' });
    expect(await refused('product-bends', { productId: product.id, angle: -5 })).toEqual({ angle: 'Value must be a positive number' });
    const holes = await request(api.getHttpServer()).get(`/api/v1/product-holes?productId=${product.id}`).set(admin.headers).expect(200);
    expect(holes.body).toHaveLength(1);
    // Cut length = 400 mm contour + π × 6.5 mm hole = 420.42 mm; pierces = 0 inner contours + 1 hole + 1; bends = 1.
    const figures = await request(api.getHttpServer()).get(`/api/v1/products/${product.id}/geometry-figures`).set(admin.headers).expect(200);
    expect(figures.body).toMatchObject({ cutLength: { value: '420.4204', unit: 'mm' }, pierceCount: { value: '2' }, bendCount: { value: '1' } });
  });

  it('nests sub-assemblies to any depth and refuses a cycle', async () => {
    const top = await created('products', { name: 'Housing', number: 'HS-1', type: 'assembly' });
    const middle = await created('products', { name: 'Door', number: 'HS-1-D', type: 'assembly' });
    const bottom = await created('products', { name: 'Door panel', number: 'HS-1-D-P' });
    await created('product-parts', { productId: top.id, subProductId: middle.id, quantity: 1 });
    await created('product-parts', { productId: middle.id, subProductId: bottom.id, quantity: 2 });
    expect(await refused('product-parts', { productId: bottom.id, subProductId: top.id, quantity: 1 })).toEqual({ subProductId: 'This would make the product contain itself' });
    expect(await refused('product-parts', { productId: top.id, subProductId: top.id, quantity: 1 })).toEqual({ subProductId: 'This would make the product contain itself' });
    const nut = await created('parts', { name: 'Press nut M5', number: 'PN-M5', ownCost: 0.1 });
    expect(await refused('product-parts', { productId: top.id, partId: nut.id, subProductId: bottom.id, quantity: 1 })).toEqual({ partId: 'Choose either a part or a sub-assembly' });
    await created('product-parts', { productId: top.id, partId: nut.id, quantity: 8 });
    await request(api.getHttpServer()).delete(`/api/v1/products/${bottom.id}`).set(admin.headers).expect(409);
    await request(api.getHttpServer()).delete(`/api/v1/parts/${nut.id}`).set(admin.headers).expect(409);
  });

  it('keeps bulk price bands from overlapping', async () => {
    const product = await created('products', { name: 'Cover', number: 'CV-1' });
    await created('product-bulk-prices', { productId: product.id, minQuantity: 1, maxQuantity: 9, unitPrice: 12.5 });
    await created('product-bulk-prices', { productId: product.id, minQuantity: 10, maxQuantity: 49, unitPrice: 9.8 });
    expect(await refused('product-bulk-prices', { productId: product.id, minQuantity: 40, unitPrice: 9 })).toEqual({
      minQuantity: 'This quantity range overlaps another price band (10 to 49)',
    });
  });
});

describe('calculations', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  let acme: Organization;
  const http = () => request(api.getHttpServer());
  const created = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  /** The suite's database as its owner: what the app role may never do. */
  const owner = <T>(work: (client: Client) => Promise<T>) => onServer(work, db.url);

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('calculates at the standard tiers, stores a snapshot that later price changes do not touch, and fills bulk prices', async () => {
    const material = await created('materials', { name: 'S235 2mm', number: 'S235-2', density: 7.85, pricePerUnit: 1.0, priceUnit: 'kg' });
    const nut = await created('parts', { name: 'Press nut M5', number: 'PN-M5', ownCost: 0.1 });
    const product = await created('products', { name: 'Bracket', number: 'BR-1', materialId: material.id, thickness: 2, blankWidth: 100, blankLength: 100 });
    await created('product-materials', { productId: product.id, materialId: material.id });
    await created('product-operations', { productId: product.id, sorting: 10, timePerUnit: 3, hourlyRate: 60 });
    await created('product-parts', { productId: product.id, partId: nut.id, quantity: 4 });

    const first = await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(201);
    expect(first.body).toMatchObject({ index: 1, productId: product.id, reason: expect.stringMatching(/^Calculated by /) });
    expect(first.body.tiers.map((tier: { quantity: number }) => tier.quantity)).toEqual([1, 5, 10, 25, 50, 100, 250, 500, 1000]);
    // Blank 100 × 100 × 2 mm of steel: 0.02 dm³ × 7.85 kg/dm³ = 0.157 kg × 1.00 €/kg = 0.157 €;
    // labor 3 min ÷ 60 × 60 €/h = 3.00 €; parts 4 × 0.10 € = 0.40 €; unit price 3.557 → 3.56 €.
    const [one] = first.body.tiers;
    expect(one).toMatchObject({ quantity: 1, unitPrice: '3.56', labor: '3.00', purchase: '0.40' });
    expect(first.body.result.tiers[0].material.unit.formula).toEqual(expect.any(String));

    const listed = await http().get(`/api/v1/products/${product.id}`).set(admin.headers).expect(200);
    expect(listed.body).toMatchObject({ latestCalculationIndex: 1, priceQuantity: 1, unitPrice: 3.56, laborUnitPrice: 3 });

    await http().put(`/api/v1/materials/${material.id}`).set(admin.headers).send({ pricePerUnit: 2.0 }).expect(200);
    const second = await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(201);
    expect(second.body.index).toBe(2);
    expect(Number(second.body.tiers[0].material)).toBeGreaterThan(Number(one.material));
    const again = await http().get(`/api/v1/calculations/${first.body.id}`).set(admin.headers).expect(200);
    expect(again.body.tiers[0]).toEqual(one);
    const list = await http().get(`/api/v1/calculations?productId=${product.id}&_sort=index&_order=DESC`).set(admin.headers).expect(200);
    expect(list.body.map((row: { index: number }) => row.index)).toEqual([2, 1]);
    expect(list.headers['x-total-count']).toBe('2');
    // Searched by reason, fetched by ids, as any list.
    expect((await http().get(`/api/v1/calculations?productId=${product.id}&q=repriced`).set(admin.headers).expect(200)).body).toEqual([]);
    const byIds = await http().get(`/api/v1/calculations?id=${first.body.id}&id=${second.body.id}&_sort=index`).set(admin.headers).expect(200);
    expect(byIds.body.map((row: { id: string }) => row.id)).toEqual([first.body.id, second.body.id]);

    const bands = await http()
      .post(`/api/v1/products/${product.id}/bulk-prices/from-calculation`)
      .set(admin.headers)
      .send({ calculationId: second.body.id })
      .expect(201);
    expect(bands.body[0]).toMatchObject({ minQuantity: 1, maxQuantity: 4 });
    expect(bands.body.at(-1)).toMatchObject({ minQuantity: 1000, maxQuantity: null });
  });

  it("lists each product with its latest calculation's figures, the same as one subquery per figure gave them", async () => {
    const material = await created('materials', { name: 'DC01 1.5mm', number: 'DC01-15', density: 7.85, pricePerUnit: 0.9, priceUnit: 'kg' });
    const twice = await created('products', { name: 'List twice', number: 'LS-1', materialId: material.id, thickness: 1.5, blankWidth: 90, blankLength: 60 });
    await created('product-operations', { productId: twice.id, sorting: 10, timePerUnit: 2, hourlyRate: 70 });
    // A material but no blank, and an operation without time: priced, with warnings.
    const deburring = await created('operations', { name: 'List deburring' });
    const warned = await created('products', { name: 'List warned', number: 'LS-2', materialId: material.id });
    await created('product-operations', { productId: warned.id, sorting: 10, operationId: deburring.id, timePerUnit: 0, hourlyRate: 55 });
    const never = await created('products', { name: 'List never', number: 'LS-3' });
    await http().post(`/api/v1/products/${twice.id}/calculations`).set(admin.headers).expect(201);
    await http().post(`/api/v1/products/${twice.id}/calculations`).set(admin.headers).send({ quantities: [7, 49] }).expect(201);
    await http().post(`/api/v1/products/${warned.id}/calculations`).set(admin.headers).expect(201);
    const ids = [twice.id, warned.id, never.id];

    const listed = await http().get(`/api/v1/products?${ids.map((id) => `id=${id}`).join('&')}&_sort=id`).set(admin.headers).expect(200);
    expect(listed.body).toHaveLength(3);
    const names = [
      'latestCalculationIndex',
      'latestWarningCount',
      'priceStale',
      'priceQuantity',
      'unitPrice',
      'totalPrice',
      ...['material', 'labor', 'purchase', 'setup', 'program'].flatMap((component) => [`${component}UnitPrice`, `${component}TotalPrice`]),
    ];
    const figuresOf = (row: Record<string, unknown>) => Object.fromEntries(names.map((name) => [name, row[name]]));
    // What the list answered before: one subquery into the latest calculation per figure.
    const old = (path: string) => `(SELECT (c.result #>> '{tiers,0,${path}}')::numeric::float8 FROM calculations c WHERE c.id = t.latest_calculation_id)`;
    const before = await owner(async (client) =>
      (
        await client.query(
          `SELECT t.id,
                  (SELECT c.index FROM calculations c WHERE c.id = t.latest_calculation_id) AS "latestCalculationIndex",
                  (SELECT coalesce(jsonb_array_length(c.warnings), 0) FROM calculations c WHERE c.id = t.latest_calculation_id) AS "latestWarningCount",
                  (t.price_stale AND t.latest_calculation_id IS NOT NULL) AS "priceStale",
                  ${old('quantity')} AS "priceQuantity", ${old('unitPrice')} AS "unitPrice", ${old('totalPrice')} AS "totalPrice",
                  ${['material', 'labor', 'purchase', 'setup', 'program'].map((component) => `${old(`${component},unit`)} AS "${component}UnitPrice", ${old(`${component},total`)} AS "${component}TotalPrice"`).join(', ')}
             FROM products t WHERE t.id = ANY($1::uuid[]) ORDER BY t.id`,
          [ids],
        )
      ).rows,
    );
    expect(JSON.stringify(listed.body.map(figuresOf))).toBe(JSON.stringify(before.map(figuresOf)));
    // And they are the latest calculation's own figures: the what-if (7 pieces) for the first, none for the one never calculated.
    const byId = new Map(listed.body.map((row: { id: string }) => [row.id, row]));
    const latest = await owner(async (client) =>
      (await client.query(`SELECT p.id, c.index, c.warnings, c.result FROM products p JOIN calculations c ON c.id = p.latest_calculation_id WHERE p.id = ANY($1::uuid[])`, [ids])).rows,
    );
    expect(latest).toHaveLength(2);
    for (const calculation of latest) {
      const [tier] = calculation.result.tiers;
      expect(byId.get(calculation.id)).toMatchObject({
        latestCalculationIndex: calculation.index,
        latestWarningCount: calculation.warnings.length,
        priceQuantity: Number(tier.quantity),
        unitPrice: Number(tier.unitPrice),
        totalPrice: Number(tier.totalPrice),
        materialUnitPrice: Number(tier.material.unit),
        laborTotalPrice: Number(tier.labor.total),
      });
    }
    expect(byId.get(twice.id)).toMatchObject({ latestCalculationIndex: 2, priceQuantity: 7 });
    expect((byId.get(warned.id) as { latestWarningCount: number }).latestWarningCount).toBeGreaterThan(0);
    expect(figuresOf(byId.get(never.id) as Record<string, unknown>)).toEqual({ ...Object.fromEntries(names.map((name) => [name, null])), priceStale: false });
    // One product read alone answers what the list answered.
    for (const id of ids) expect((await http().get(`/api/v1/products/${id}`).set(admin.headers).expect(200)).body).toEqual(byId.get(id));
  });

  it('stores the prices and the inputs, and explains a calculation again from its inputs when it is opened', async () => {
    const material = await created('materials', { name: 'AlMg3 3mm', number: 'ALMG3-3', pricePerUnit: 42.5, priceUnit: 'm2' });
    const product = await created('products', { name: 'Cover plate', number: 'CP-1', materialId: material.id, thickness: 3, blankWidth: 200, blankLength: 300 });
    await created('product-materials', { productId: product.id, materialId: material.id });
    await created('product-operations', { productId: product.id, sorting: 10, timePerUnit: 2, hourlyRate: 75, programTime: 12, programRate: 90 });
    const calculated = (await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(201)).body;

    const [row] = await owner((client) => client.query(`SELECT inputs, result, octet_length(result::text) AS size FROM calculations WHERE id = $1`, [calculated.id])).then((r) => r.rows);
    // 0.2 m × 0.3 m = 0.06 m² × 42.50 €/m² = 2.55 €; labor 2 min ÷ 60 × 75 €/h = 2.50 €; program 12 min ÷ 60 × 90 €/h = 18 € per order.
    expect(row.result.tiers[0]).toEqual({
      quantity: 1,
      material: { unit: '2.55', total: '2.55' },
      labor: { unit: '2.50', total: '2.50' },
      purchase: { unit: '0.00', total: '0.00' },
      setup: { unit: '0.00', total: '0.00' },
      program: { unit: '18.00', total: '18.00' },
      unitPrice: '23.05',
      totalPrice: '23.05',
    });
    expect(JSON.stringify(row.result)).not.toContain('formula');
    expect(row.size).toBeLessThan(3000); // nine tiers of prices: no explanation is stored
    // The explanation written again from the stored inputs is the engine's, figure for figure.
    expect(calculated.result).toEqual(JSON.parse(JSON.stringify(priceProduct(row.inputs))));
    expect(calculated.result.tiers[1].program.unit).toMatchObject({ value: '3.60', formula: '18.00 EUR per order ÷ 5 pieces' });
    expect(calculated.currency).toBe('EUR');
    // Explained in the reader's language; the prices are the stored ones either way.
    const german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    const inGerman = (await http().get(`/api/v1/calculations/${calculated.id}`).set(german.headers).expect(200)).body;
    expect(inGerman.tiers).toEqual(calculated.tiers);
    expect(inGerman.result.tiers[1].program.unit).toMatchObject({ value: '3.60', formula: '18,00 EUR pro Auftrag ÷ 5 Stück' });
    expect(Object.keys(inGerman.result.tiers[0].labor.unit.inputs)).toEqual(['Arbeitsgang 1: –']);
    // Why it was calculated, too: said in the reader's language, found by a search in either.
    expect(calculated.reason).toMatch(/^Calculated by /);
    expect(inGerman.reason).toMatch(/^Kalkuliert von /);
    const search = async (q: string, user: TestUser) =>
      (await http().get(`/api/v1/calculations?productId=${product.id}&q=${encodeURIComponent(q)}`).set(user.headers).expect(200)).body.map((found: { reason: string }) => found.reason);
    expect(await search('kalkuliert von', admin)).toEqual([calculated.reason]);
    expect(await search('calculated by', german)).toEqual([inGerman.reason]);
    // A calculation stored before reasons were phrases keeps its own text.
    await owner((client) => client.query(`UPDATE calculations SET reason = 'Calculated by Olga Old', reason_phrase = NULL WHERE id = $1`, [calculated.id]));
    expect((await http().get(`/api/v1/calculations/${calculated.id}`).set(german.headers).expect(200)).body.reason).toBe('Calculated by Olga Old');

    // Were the engine to price these inputs differently one day, the stored prices stand and no explanation contradicts them.
    await owner((client) => client.query(`UPDATE calculations SET result = jsonb_set(result, '{tiers,0,unitPrice}', '"99.99"') WHERE id = $1`, [calculated.id]));
    const changed = (await http().get(`/api/v1/calculations/${calculated.id}`).set(admin.headers).expect(200)).body;
    expect(changed).toMatchObject({ result: null, tiers: [expect.objectContaining({ unitPrice: '99.99' }), ...calculated.tiers.slice(1)] });
  });

  it('turns calculations stored with their explanation into their prices, for every organization', async () => {
    const product = await created('products', { name: 'Spacer', number: 'SP-1' });
    await created('product-operations', { productId: product.id, sorting: 10, timePerUnit: 1, hourlyRate: 66 });
    const calculated = (await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(201)).body;
    // As calculations were stored before: the whole explained result.
    await owner((client) => client.query(`UPDATE calculations SET result = $2 WHERE id = $1`, [calculated.id, JSON.stringify(calculated.result)]));

    // As an owner that is not a superuser, so row-level security would hide every row but for the migration's NO FORCE.
    const role = `fabquote_owner_${randomBytes(4).toString('hex')}`;
    await owner(async (client) => {
      await client.query(`CREATE ROLE ${role}`);
      await client.query(`ALTER TABLE calculations OWNER TO ${role}`);
      await client.query('BEGIN');
      await client.query(`SET LOCAL ROLE ${role}`);
      await new CalculationPrices1795219600000().up({ query: (sql: string) => client.query(sql) } as unknown as QueryRunner);
      await client.query('COMMIT');
      await client.query(`ALTER TABLE calculations OWNER TO postgres`);
      await client.query(`DROP ROLE ${role}`);
    });

    const [row] = (await owner((client) => client.query(`SELECT result FROM calculations WHERE id = $1`, [calculated.id]))).rows;
    expect(row.result.tiers[0]).toEqual({
      quantity: 1,
      material: { unit: '0.00', total: '0.00' },
      labor: { unit: '1.10', total: '1.10' },
      purchase: { unit: '0.00', total: '0.00' },
      setup: { unit: '0.00', total: '0.00' },
      program: { unit: '0.00', total: '0.00' },
      unitPrice: '1.10',
      totalPrice: '1.10',
    });
    const opened = (await http().get(`/api/v1/calculations/${calculated.id}`).set(admin.headers).expect(200)).body;
    expect(opened).toEqual(calculated);
    const [forced] = (await owner((client) => client.query(`SELECT relforcerowsecurity FROM pg_class WHERE relname = 'calculations'`))).rows;
    expect(forced.relforcerowsecurity).toBe(true);
  });

  it("prices in the organization's currency, which every signed-in user learns from the profile", async () => {
    const settings = (await http().get('/api/v1/settings?_start=0&_end=100').set(admin.headers).expect(200)).body;
    const currency = settings.find((setting: { slug: string }) => setting.slug === 'currency');
    await http().put(`/api/v1/settings/${currency.id}`).set(admin.headers).send({ slug: 'currency', value: 'CHF' }).expect(200);
    try {
      const profile = await http().get('/api/v1/restify/profile').set(admin.headers).expect(200);
      expect(profile.body.meta).toEqual({ currency: 'CHF', timeZone: 'UTC' });
      const product = await created('products', { name: 'Washer', number: 'WS-1' });
      await created('product-operations', { productId: product.id, sorting: 10, timePerUnit: 1, hourlyRate: 90 });
      const calculated = (await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(201)).body;
      expect(calculated.currency).toBe('CHF');
      const labor = calculated.result.tiers[0].labor.unit;
      expect(labor).toMatchObject({ value: '1.50', unit: 'CHF', formula: 'Σ 1.50' });
      expect(Object.values(labor.inputs)[0]).toMatchObject({ unit: 'CHF', formula: '1 min ÷ 60 × 90 CHF/h' });
    } finally {
      await http().put(`/api/v1/settings/${currency.id}`).set(admin.headers).send({ slug: 'currency', value: 'EUR' }).expect(200);
    }
  });

  it('sends a price change to the pricing queue, a rename not, and a price moved to another material for both', async () => {
    const sent = async () =>
      (await owner((client) => client.query(`SELECT payload FROM outbox_events WHERE job_name = 'pricing.reprice' ORDER BY occurred_at`))).rows.map(
        (row: { payload: { source: string; sourceId: string } }) => `${row.payload.source} ${row.payload.sourceId}`,
      );
    const start = await sent();
    // No product uses a material, machine or part that was just created: nothing to send.
    const steel = await created('materials', { name: 'DC01 1mm', number: 'DC01-1', pricePerUnit: 0.9, priceUnit: 'kg', density: 7.85 });
    const stainless = await created('materials', { name: '1.4301 1mm', number: '14301-1', pricePerUnit: 3.2, priceUnit: 'kg', density: 7.9 });
    await created('assets', { name: 'Press brake 2', calculateByTime: false });
    await created('parts', { name: 'Rivet', number: 'RV-4', ownCost: 0.02 });
    expect(await sent()).toEqual(start);
    // A new price of a material, a new factor and a deleted one change prices at once.
    const price = await created('material-prices', { materialId: steel.id, price: 0.95, validFrom: '2026-01-01' });
    const factor = await created('factors', { name: 'Energy surcharge', value: 1.01 });
    await http().delete(`/api/v1/factors/${factor.id}`).set(admin.headers).expect(200);
    const before = await sent();
    expect(before.slice(start.length)).toEqual([`material ${steel.id}`, `factor ${factor.id}`, `factor ${factor.id}`]);

    await http().put(`/api/v1/materials/${steel.id}`).set(admin.headers).send({ name: 'DC01 1,0 mm', number: 'DC01-10' }).expect(200);
    await http().put(`/api/v1/materials/${steel.id}`).set(admin.headers).send({ pricePerUnit: 0.9 }).expect(200);
    expect(await sent()).toEqual(before);

    await http().put(`/api/v1/materials/${steel.id}`).set(admin.headers).send({ pricePerUnit: 0.92 }).expect(200);
    await http().put(`/api/v1/material-prices/${price.id}`).set(admin.headers).send({ materialId: stainless.id }).expect(200);
    expect((await sent()).slice(before.length)).toEqual([`material ${steel.id}`, `material ${steel.id}`, `material ${stainless.id}`]);
  });

  it('prices at the quantities asked for, stores them, and keeps the organization’s tiers as the default', async () => {
    const product = await created('products', { name: 'Angle', number: 'AN-1' });
    await created('product-operations', { productId: product.id, sorting: 10, timePerUnit: 1, hourlyRate: 60, programTime: 6, programRate: 100 });
    const calculate = (body?: object, user: TestUser = admin) => {
      const call = http().post(`/api/v1/products/${product.id}/calculations`).set(user.headers);
      return body === undefined ? call : call.send(body);
    };

    // Any order: the tiers ascend. Program 6 min ÷ 60 × 100 €/h = 10 € per order, spread over each tier.
    const asked = (await calculate({ quantities: [1200, 7, 49] }).expect(201)).body;
    expect(asked.quantities).toEqual([7, 49, 1200]);
    expect(asked.tiers.map((tier: { quantity: number; program: string }) => [tier.quantity, tier.program])).toEqual([
      [7, '1.43'],
      [49, '0.20'],
      [1200, '0.01'],
    ]);
    expect(asked.result.tiers.map((tier: { quantity: number }) => tier.quantity)).toEqual([7, 49, 1200]);
    const [stored] = (await owner((client) => client.query(`SELECT quantities::float8[] AS quantities, inputs -> 'quantities' AS inputs FROM calculations WHERE id = $1`, [asked.id]))).rows;
    expect(stored).toEqual({ quantities: [7, 49, 1200], inputs: ['7', '49', '1200'] });
    expect((await http().get(`/api/v1/calculations/${asked.id}`).set(admin.headers).expect(200)).body.quantities).toEqual([7, 49, 1200]);
    const listed = (await http().get(`/api/v1/calculations?productId=${product.id}`).set(admin.headers).expect(200)).body;
    expect(listed.map((row: { quantities: number[] }) => row.quantities)).toEqual([[7, 49, 1200]]);
    expect((await http().get(`/api/v1/products/${product.id}`).set(admin.headers).expect(200)).body).toMatchObject({ priceQuantity: 7 });
    // Digits as text are numbers too; one quantity is enough.
    expect((await calculate({ quantities: ['25'] }).expect(201)).body.quantities).toEqual([25]);

    // Without quantities (no body, an empty one, null): the organization's tiers.
    const [tiersSetting] = (await http().get('/api/v1/settings?slug=quantity-tiers').set(admin.headers).expect(200)).body;
    const before = tiersSetting.value;
    await http().put(`/api/v1/settings/${tiersSetting.id}`).set(admin.headers).send({ value: ['100', '2', '20'] }).expect(200);
    try {
      // What a form offers to start from.
      expect((await http().get('/api/v1/quantity-tiers').set(admin.headers).expect(200)).body).toEqual({ quantities: [2, 20, 100] });
      for (const body of [undefined, {}, { quantities: null }]) {
        const standard = (await calculate(body).expect(201)).body;
        expect(standard.quantities).toEqual([2, 20, 100]);
        expect(standard.tiers.map((tier: { quantity: number }) => tier.quantity)).toEqual([2, 20, 100]);
      }
    } finally {
      await http().put(`/api/v1/settings/${tiersSetting.id}`).set(admin.headers).send({ value: before }).expect(200);
    }

    // Every bad list is a 422 on `quantities`, saying what is wrong, and stores nothing.
    const count = async () => (await http().get(`/api/v1/calculations?productId=${product.id}`).set(admin.headers).expect(200)).headers['x-total-count'];
    const calculations = await count();
    const refusals: Array<[unknown, string]> = [
      [7, 'Give the quantities as a list of whole numbers, such as 1, 10, 100'],
      ['1, 10, 100', 'Give the quantities as a list of whole numbers, such as 1, 10, 100'],
      [{ 0: 1 }, 'Give the quantities as a list of whole numbers, such as 1, 10, 100'],
      [[], 'Give between 1 and 20 quantities'],
      [Array.from({ length: 21 }, (_, i) => i + 1), 'Give between 1 and 20 quantities'],
      [[1, 0], 'Each quantity must be a whole number of pieces, at least 1 (0 is not)'],
      [[-5], 'Each quantity must be a whole number of pieces, at least 1 (-5 is not)'],
      [[10.5], 'Each quantity must be a whole number of pieces, at least 1 (10.5 is not)'],
      [['abc'], 'Each quantity must be a whole number of pieces, at least 1 ("abc" is not)'],
      [['1.5'], 'Each quantity must be a whole number of pieces, at least 1 ("1.5" is not)'],
      [[null], 'Each quantity must be a whole number of pieces, at least 1 (null is not)'],
      [[true], 'Each quantity must be a whole number of pieces, at least 1 (true is not)'],
      [[[5]], 'Each quantity must be a whole number of pieces, at least 1 ([5] is not)'],
      [['x'.repeat(10_000)], `Each quantity must be a whole number of pieces, at least 1 ("${'x'.repeat(22)}… is not)`],
      [[1_000_001], 'A quantity can not be more than 1,000,000 pieces (1000001 is)'],
      [[1e20], 'A quantity can not be more than 1,000,000 pieces (100000000000000000000 is)'],
      [['99999999999999999999'], 'A quantity can not be more than 1,000,000 pieces ("99999999999999999999" is)'],
      [[10, 5, 10], 'Each quantity may be given only once (10 is given twice)'],
      [[5, '5'], 'Each quantity may be given only once (5 is given twice)'],
    ];
    const wrong: string[] = [];
    for (const [quantities, message] of refusals) {
      const response = await calculate({ quantities });
      if (response.status !== 422 || response.body.errors?.quantities !== message) wrong.push(`${JSON.stringify(quantities).slice(0, 40)}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    expect(wrong).toEqual([]);
    expect(await count()).toBe(calculations);
    // In the user's language.
    const german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    const inGerman = (await calculate({ quantities: [10, 10] }, german).expect(422)).body;
    expect(inGerman.errors).toEqual({ quantities: 'Jede Menge darf nur einmal vorkommen (10 kommt doppelt vor)' });
    expect((await calculate({ quantities: [] }, german).expect(422)).body.errors.quantities).toBe('Geben Sie zwischen 1 und 20 Mengen an');
    expect((await calculate({ quantities: [0.5] }, german).expect(422)).body.errors.quantities).toBe(
      'Jede Menge muss eine ganze Stückzahl von mindestens 1 sein (0.5 ist es nicht)',
    );
  });

  it('marks a product whose inputs changed since its latest calculation, and its assemblies, until it is calculated again', async () => {
    const steel = await created('materials', { name: 'S355 3mm', number: 'S355-3', density: 7.85, pricePerUnit: 1.2, priceUnit: 'kg' });
    const product = await created('products', { name: 'Gusset', number: 'GU-1', materialId: steel.id, thickness: 3, blankWidth: 50, blankLength: 50 });
    await created('product-operations', { productId: product.id, sorting: 10, timePerUnit: 1, hourlyRate: 60 });
    const assembly = await created('products', { name: 'Frame', number: 'FR-1', type: 'assembly' });
    await created('product-parts', { productId: assembly.id, subProductId: product.id, quantity: 4 });
    const other = await created('products', { name: 'Plate', number: 'PL-1' });
    await created('product-operations', { productId: other.id, sorting: 10, timePerUnit: 1, hourlyRate: 60 });

    const stale = async (id: string) => (await http().get(`/api/v1/products/${id}`).set(admin.headers).expect(200)).body.priceStale;
    const calculate = async (id: string) => http().post(`/api/v1/products/${id}/calculations`).set(admin.headers).expect(201);
    const staleListed = async () =>
      (await http().get(`/api/v1/products?priceStale=true&_sort=number`).set(admin.headers).expect(200)).body.map((row: { number: string }) => row.number);

    // Never calculated: no price, nothing out of date.
    await http().put(`/api/v1/products/${product.id}`).set(admin.headers).send({ thickness: 2 }).expect(200);
    expect(await stale(product.id)).toBe(false);
    for (const id of [product.id, assembly.id, other.id]) await calculate(id);
    expect([await stale(product.id), await stale(assembly.id), await stale(other.id)]).toEqual([false, false, false]);

    // A rename, a category, a status: the price stays current.
    await http().put(`/api/v1/products/${product.id}`).set(admin.headers).send({ name: 'Gusset plate', number: 'GU-1a', category: 'Brackets', status: 'ready' }).expect(200);
    expect(await stale(product.id)).toBe(false);
    // What it is priced from: its price is out of date, and so is the assembly's that contains it, in lists too.
    await http().put(`/api/v1/products/${product.id}`).set(admin.headers).send({ thickness: 3 }).expect(200);
    expect([await stale(product.id), await stale(assembly.id), await stale(other.id)]).toEqual([true, true, false]);
    expect(await staleListed()).toEqual(['FR-1', 'GU-1a']);
    const listed = (await http().get(`/api/v1/products?_sort=number`).set(admin.headers).expect(200)).body;
    expect(listed.filter((row: { priceStale: boolean }) => row.priceStale).map((row: { number: string }) => row.number)).toEqual(['FR-1', 'GU-1a']);
    // Calculated again, each is current again; the assembly still prices the old sub-assembly until it is calculated itself.
    await calculate(product.id);
    expect([await stale(product.id), await stale(assembly.id)]).toEqual([false, true]);
    await calculate(assembly.id);
    expect(await staleListed()).toEqual([]);

    // Every geometry and production line: a new one, a changed one, a deleted one; saved unchanged (as react-admin saves a whole record), none.
    const lines: Array<[string, object, object]> = [
      ['product-contours', { kind: 'outer', length: 200 }, { length: 210 }],
      ['product-holes', { kind: 'hole', diameter: 5 }, { diameter: 6 }],
      ['product-bends', { bendClass: 'standard', length: 50, angle: 90 }, { angle: 45 }],
      ['product-materials', { materialId: steel.id, usagePerUnit: 0.1 }, { usagePerUnit: 0.2 }],
      ['product-operations', { sorting: 20, timePerUnit: 0.5, hourlyRate: 70 }, { timePerUnit: 0.75 }],
      ['product-parts', { partId: (await created('parts', { name: 'Bolt M8', number: 'BM8', ownCost: 0.2 })).id, quantity: 2 }, { quantity: 3 }],
    ];
    const wrong: string[] = [];
    const expectStale = async (what: string, expected: boolean) => {
      const flags = [await stale(product.id), await stale(assembly.id), await stale(other.id)];
      if (JSON.stringify(flags) !== JSON.stringify([expected, expected, false])) wrong.push(`${what}: ${JSON.stringify(flags)}`);
      if (expected) for (const id of [product.id, assembly.id]) await calculate(id);
    };
    for (const [resource, body, change] of lines) {
      const line = await created(resource, { productId: product.id, ...body });
      await expectStale(`${resource} created`, true);
      await http().put(`/api/v1/${resource}/${line.id}`).set(admin.headers).send(line).expect(200);
      await expectStale(`${resource} saved unchanged`, false);
      await http().put(`/api/v1/${resource}/${line.id}`).set(admin.headers).send(change).expect(200);
      await expectStale(`${resource} changed`, true);
      await http().delete(`/api/v1/${resource}/${line.id}`).set(admin.headers).expect(200);
      await expectStale(`${resource} deleted`, true);
    }
    expect(wrong).toEqual([]);
    // Bulk prices are made from prices, not what prices are made from.
    await created('product-bulk-prices', { productId: product.id, minQuantity: 1, unitPrice: 5 });
    expect(await stale(product.id)).toBe(false);

    // A line moved to another product changes both.
    await calculate(other.id);
    const contour = await created('product-contours', { productId: other.id, kind: 'outer', length: 100 });
    await calculate(other.id);
    await http().put(`/api/v1/product-contours/${contour.id}`).set(admin.headers).send({ productId: product.id }).expect(200);
    expect(await staleListed()).toEqual(['FR-1', 'GU-1a', 'PL-1']);
    for (const id of [product.id, assembly.id, other.id]) await calculate(id);

    // Repricing finds the latest calculation has these very inputs (an operation changed and changed back): current again.
    const [operation] = (await http().get(`/api/v1/product-operations?productId=${other.id}`).set(admin.headers).expect(200)).body;
    await http().put(`/api/v1/product-operations/${operation.id}`).set(admin.headers).send({ timePerUnit: 2 }).expect(200);
    await http().put(`/api/v1/product-operations/${operation.id}`).set(admin.headers).send({ timePerUnit: 1 }).expect(200);
    expect(await stale(other.id)).toBe(true);
    const run = await new TenantTransactions(db.app).run(acme.id, (manager) => calculateProducts(manager, [other.id], 'Repriced', { onlyIfChanged: true }));
    expect(run.unchanged).toEqual([other.id]);
    expect(await stale(other.id)).toBe(false);

    // A change the calculation did not see marks the product after it: the change waits for the calculation's lock.
    const tenant = new TenantTransactions(db.app);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calculated!: () => void;
    const stored = new Promise<void>((resolve) => (calculated = resolve));
    const calculation = tenant.run(acme.id, async (manager) => {
      await calculateProducts(manager, [other.id], 'Concurrent');
      calculated();
      await held;
    });
    await stored;
    const change = tenant.run(acme.id, (manager) => manager.query(`INSERT INTO product_holes (product_id, diameter) VALUES ($1, 4)`, [other.id]));
    // The change is waiting for the calculation's lock before the calculation commits.
    await eventually(
      async () =>
        (await onServer((client) => client.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO product_holes%'`), db.url)).rowCount === 1,
      15_000,
      'the change to wait for the lock',
    );
    release();
    await Promise.all([calculation, change]);
    expect(await stale(other.id)).toBe(true);
  });

  it('says why a product can not be priced yet', async () => {
    const product = await created('products', { name: 'Empty', number: 'EMPTY-1' });
    const operation = await created('assets', { name: 'Brake', calculateByTime: false });
    await created('product-operations', { productId: product.id, assetId: operation.id });
    const response = await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(422);
    expect(response.body.message).toBe('The product can not be priced yet: Empty: operation 1 (Brake): Brake does not calculate by time and has no price bands');
    // Said in the user's language, names and all.
    const german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
    const inGerman = await http().post(`/api/v1/products/${product.id}/calculations`).set(german.headers).expect(422);
    expect(inGerman.body.message).toBe(
      'Das Produkt kann noch nicht kalkuliert werden: Empty: Arbeitsgang 1 (Brake): Brake rechnet nicht nach Zeit und hat keine Preisstaffel',
    );
  });
});
