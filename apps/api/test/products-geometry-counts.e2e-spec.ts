import { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/**
 * Contours, holes and bends take a count (4 × Ø8 is one row), the derived figures
 * and a calculation's inputs use it, a change of it makes the price out of date, and a part has one
 * outer contour, refused in the reader's language otherwise.
 */
describe('products: geometry rows with a count', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  let german: TestUser;
  const http = () => request(api.getHttpServer());
  const created = async (resource: string, body: object, user = admin) => (await http().post(`/api/v1/${resource}`).set(user.headers).send(body).expect(201)).body;
  const refused = async (resource: string, body: object, user = admin) => (await http().post(`/api/v1/${resource}`).set(user.headers).send(body).expect(422)).body.errors;
  const owner = <T>(work: (client: Client) => Promise<T>) => onServer(work, db.url);
  const figures = async (id: string, user = admin) => (await http().get(`/api/v1/products/${id}/geometry-figures`).set(user.headers).expect(200)).body;
  const stale = async (id: string) => (await http().get(`/api/v1/products/${id}`).set(admin.headers).expect(200)).body.priceStale;
  const calculate = async (id: string) => (await http().post(`/api/v1/products/${id}/calculations`).set(admin.headers).expect(201)).body;
  const inputsOf = async (calculationId: string) =>
    (await owner((client) => client.query(`SELECT inputs FROM calculations WHERE id = $1`, [calculationId]))).rows[0].inputs;

  beforeAll(async () => {
    db = await createTestDatabase();
    const acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('stores a count on contours, holes and bends (1 when not given) and derives the figures from it', async () => {
    const product = await created('products', { name: 'Flange plate', number: 'FP-1' });
    const outer = await created('product-contours', { productId: product.id, kind: 'outer', length: 400 });
    const slots = await created('product-contours', { productId: product.id, kind: 'inner', length: 60, count: 2 });
    const holes = await created('product-holes', { productId: product.id, kind: 'hole', diameter: 8, count: 4 });
    const single = await created('product-holes', { productId: product.id, kind: 'thread', diameter: 10, depth: 12, through: false });
    const bends = await created('product-bends', { productId: product.id, bendClass: 'standard', length: 120, angle: 90, count: 2, combinedBends: 1 });
    expect([outer.count, slots.count, holes.count, single.count, bends.count]).toEqual([1, 2, 4, 1, 2]);
    const listed = (await http().get(`/api/v1/product-holes?productId=${product.id}&_sort=createdAt`).set(admin.headers).expect(200)).body;
    expect(listed.map((hole: { count: number; diameter: number }) => [hole.count, hole.diameter])).toEqual([
      [4, 8],
      [1, 10],
    ]);

    // Cut length 400 + 2 × 60 = 520 mm + π × (4 × 8 + 10) = π × 42 mm → 651.9469 mm; pierces 2 + 5 + 1 = 8; bends 2.
    expect(await figures(product.id)).toMatchObject({
      cutLength: { value: '651.9469', formula: '520 mm + π × 42 mm', inputs: { contours: '3 contours, 520 mm together', holes: '5 holes, 4 × Ø 8 mm + Ø 10 mm' } },
      pierceCount: { value: '8', formula: '2 inner contours + 5 holes + 1 outer contour' },
      bendCount: { value: '2', formula: '2 bends' },
    });
    expect(await figures(product.id, german)).toMatchObject({
      cutLength: { value: '651.9469', inputs: { Konturen: '3 Konturen, zusammen 520 mm', Bohrungen: '5 Bohrungen, 4 × Ø 8 mm + Ø 10 mm' } },
      pierceCount: { formula: '2 Innenkonturen + 5 Bohrungen + 1 Außenkontur' },
    });

    // One of each says so in the singular.
    await http().put(`/api/v1/product-contours/${slots.id}`).set(admin.headers).send({ count: 1 }).expect(200);
    await http().delete(`/api/v1/product-holes/${holes.id}`).set(admin.headers).expect(200);
    await http().put(`/api/v1/product-bends/${bends.id}`).set(admin.headers).send({ count: null }).expect(200);
    expect(await figures(product.id)).toMatchObject({ pierceCount: { value: '3', formula: '1 inner contour + 1 hole + 1 outer contour' }, bendCount: { formula: '1 bend' } });
    expect(await figures(product.id, german)).toMatchObject({ pierceCount: { formula: '1 Innenkontur + 1 Bohrung + 1 Außenkontur' }, bendCount: { formula: '1 Biegung' } });

    // A count is a whole number from 1.
    expect(await refused('product-holes', { productId: product.id, diameter: 5, count: 0 })).toEqual({ count: 'Value must be a positive number' });
    expect(await refused('product-bends', { productId: product.id, count: 1.5 })).toEqual({ count: expect.stringMatching(/whole number/) });
  });

  it('refuses a second outer contour, and an outer contour counted more than once, in English and German', async () => {
    const product = await created('products', { name: 'Cover', number: 'CV-1' });
    const outer = await created('product-contours', { productId: product.id, kind: 'outer', length: 300 });
    const english = 'This product already has an outer contour; a part has only one (cut-outs are inner contours)';
    expect(await refused('product-contours', { productId: product.id, kind: 'outer', length: 200 })).toEqual({ kind: english });
    expect(await refused('product-contours', { productId: product.id, kind: 'outer', length: 200 }, german)).toEqual({
      kind: 'Dieses Produkt hat bereits eine Außenkontur; ein Teil hat nur eine (Ausschnitte sind Innenkonturen)',
    });
    // Made outer by an edit, too; the outer contour itself may be edited.
    const inner = await created('product-contours', { productId: product.id, kind: 'inner', length: 80, count: 3 });
    expect((await http().put(`/api/v1/product-contours/${inner.id}`).set(admin.headers).send({ kind: 'outer', count: 1 }).expect(422)).body.errors).toEqual({ kind: english });
    await http().put(`/api/v1/product-contours/${outer.id}`).set(admin.headers).send({ length: 320 }).expect(200);

    // Counted more than once, even as the first.
    const other = await created('products', { name: 'Lid', number: 'LD-1' });
    expect(await refused('product-contours', { productId: other.id, kind: 'outer', length: 200, count: 2 })).toEqual({
      count: 'A part has one outer contour, so its count is 1 (cut-outs are inner contours)',
    });
    expect(await refused('product-contours', { productId: other.id, kind: 'outer', length: 200, count: 2 }, german)).toEqual({
      count: 'Ein Teil hat eine Außenkontur, ihre Anzahl ist also 1 (Ausschnitte sind Innenkonturen)',
    });
    const lidOuter = await created('product-contours', { productId: other.id, kind: 'outer', length: 200 });
    expect((await http().put(`/api/v1/product-contours/${lidOuter.id}`).set(admin.headers).send({ count: 2 }).expect(422)).body.errors).toEqual({
      count: 'A part has one outer contour, so its count is 1 (cut-outs are inner contours)',
    });
    // Whoever writes: the database refuses it too.
    await expect(owner((client) => client.query(`UPDATE product_contours SET count = 2 WHERE id = $1`, [lidOuter.id]))).rejects.toThrow(/product_contours_one_outer/);
    const contours = (await http().get(`/api/v1/product-contours?productId=${product.id}&_sort=createdAt`).set(admin.headers).expect(200)).body;
    expect(contours.map((row: { kind: string; count: number }) => `${row.kind} × ${row.count}`)).toEqual(['outer × 1', 'inner × 3']);
  });

  it('makes the price out of date when a count changes, and stores a count in the inputs only when it is not 1', async () => {
    const steel = await created('materials', { name: 'S235 2mm', number: 'S235-2', density: 7.85, pricePerUnit: 1.15, priceUnit: 'kg' });
    const product = await created('products', { name: 'Bracket', number: 'BR-1', materialId: steel.id, thickness: 2, blankWidth: 120, blankLength: 80 });
    await created('product-materials', { productId: product.id, materialId: steel.id });
    await created('product-contours', { productId: product.id, kind: 'outer', length: 400 });
    const hole = await created('product-holes', { productId: product.id, kind: 'hole', diameter: 8 });
    await created('product-bends', { productId: product.id, bendClass: 'standard', length: 80, angle: 90 });

    // Rows of one are stored as rows always were: the inputs name no count.
    const first = await calculate(product.id);
    const before = await inputsOf(first.id);
    expect(JSON.stringify(before.product.geometry)).not.toContain('count');
    expect(await stale(product.id)).toBe(false);

    // Saved unchanged: still current. Four holes: out of date until calculated again, and the inputs say 4.
    await http().put(`/api/v1/product-holes/${hole.id}`).set(admin.headers).send(hole).expect(200);
    expect(await stale(product.id)).toBe(false);
    await http().put(`/api/v1/product-holes/${hole.id}`).set(admin.headers).send({ count: 4 }).expect(200);
    expect(await stale(product.id)).toBe(true);
    const second = await calculate(product.id);
    expect(await stale(product.id)).toBe(false);
    expect((await inputsOf(second.id)).product.geometry.holes).toEqual([expect.objectContaining({ diameter: '8.0000', count: 4 })]);

    // Back to one: the inputs are those of the first calculation again.
    await http().put(`/api/v1/product-holes/${hole.id}`).set(admin.headers).send({ count: 1 }).expect(200);
    expect(await stale(product.id)).toBe(true);
    const third = await calculate(product.id);
    expect((await inputsOf(third.id)).product).toEqual(before.product);
  });
});
