import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, startTestApi, TestDatabase, testConfig, TestUser } from '@fabquote/testing';

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
  const http = () => request(api.getHttpServer());
  const created = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;

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

    const bands = await http()
      .post(`/api/v1/products/${product.id}/bulk-prices/from-calculation`)
      .set(admin.headers)
      .send({ calculationId: second.body.id })
      .expect(201);
    expect(bands.body[0]).toMatchObject({ minQuantity: 1, maxQuantity: 4 });
    expect(bands.body.at(-1)).toMatchObject({ minQuantity: 1000, maxQuantity: null });
  });

  it('says why a product can not be priced yet', async () => {
    const product = await created('products', { name: 'Empty', number: 'EMPTY-1' });
    const operation = await created('assets', { name: 'Brake', calculateByTime: false });
    await created('product-operations', { productId: product.id, assetId: operation.id });
    const response = await http().post(`/api/v1/products/${product.id}/calculations`).set(admin.headers).expect(422);
    expect(response.body.message).toMatch(/^The product can not be priced yet: /);
  });
});
