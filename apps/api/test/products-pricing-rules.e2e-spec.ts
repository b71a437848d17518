import { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/** The pricing rules as "Calculate" applies them to stored data (libs/pricing/README.md "The rules, for each tier of q pieces"). */
describe('calculations: pricing rules on stored data', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  let german: TestUser;
  let acme: Organization;
  const http = () => request(api.getHttpServer());
  const created = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;
  const calculate = async (productId: string, user = admin) => (await http().post(`/api/v1/products/${productId}/calculations`).set(user.headers).expect(201)).body;
  const owner = <T>(work: (client: Client) => Promise<T>) => onServer(work, db.url);

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    german = await createTestUser(api, acme, { roles: ['Administrator'], language: 'de' });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it("applies a supplier's factor to that suppliable's price only, once, and names where it came from (item 9)", async () => {
    const muller = await created('suppliers', { name: 'Müller', email: 'sales@mueller.example', status: 'active' });
    const hinge = await created('parts', { name: 'Hinge', number: 'HG-40' });
    const s12 = await created('suppliables', { type: 'part', number: 'S-12', supplierId: muller.id, partId: hinge.id, cost: 2.8, active: true });
    const freight = await created('factors', { name: 'Freight', value: 1.03, scope: 'purchase' });
    await created('suppliable-factors', { suppliableId: s12.id, factorId: freight.id });
    const door = await created('products', { name: 'Door', number: 'DR-1' });
    await created('product-parts', { productId: door.id, partId: hinge.id, quantity: 1 });

    const calculation = await calculate(door.id);
    // 1 × 2.80 € × 1.03 freight = 2.884 € → 2.88 € (not 2.80 × 1.03 × 1.03 = 2.97052 → 2.97 €, freight again as an organization factor)
    expect(calculation.tiers[0]).toMatchObject({ purchase: '2.88', unitPrice: '2.88' });
    const line = calculation.result.tiers[0].purchase.unit.inputs['part line 1: Hinge'];
    expect(line.inputs['unit cost']).toMatchObject({ formula: '2.80 × 1.03 Freight', inputs: { 'factor 1': '1.03 Freight (supplier Müller, suppliable S-12, always valid)' } });
    // The stored inputs hold it with the suppliable, not among the organization's factors.
    expect(calculation.inputs.prices.factors).toEqual([]);

    // A factor linked to nothing stays the organization's: handling 1.10 on the purchase, 2.884 × 1.10 = 3.1724 → 3.17 €
    await created('factors', { name: 'Handling', value: 1.1, scope: 'purchase' });
    const again = await calculate(door.id);
    expect(again.tiers[0].purchase).toBe('3.17');
    expect(again.result.tiers[0].purchase.unit.inputs['factor 1']).toBe('1.1 Handling (organization factor, always valid)');
  });

  it("prices a material by its own price history before its group's list (item 13)", async () => {
    const steel = await created('groups', { name: 'S235 steel' });
    await created('group-prices', { groupId: steel.id, price: 1.15, priceUnit: 'kg', minThickness: 0, maxThickness: 2.99, validFrom: '2026-01-01' });
    const material = await created('materials', { name: 'S235 2mm', number: 'S235-2', groupId: steel.id, density: 7.85, pricePerUnit: 1.2, priceUnit: 'kg' });
    await created('material-prices', { materialId: material.id, price: 1.25, validFrom: '2026-01-01' });
    const plate = await created('products', { name: 'Plate', number: 'PL-1', materialId: material.id, thickness: 2, blankWidth: 100, blankLength: 100 });
    await created('product-materials', { productId: plate.id, materialId: material.id });
    const calculation = await calculate(plate.id);
    // 100 × 100 × 2 mm × 7.85 ÷ 1,000,000 = 0.157 kg × 1.25 €/kg (its history) = 0.19625 € → 0.20 € (the group's 1.15 would be 0.18 €)
    expect(calculation.tiers[0].material).toBe('0.20');
    const line = calculation.result.tiers[0].material.unit.inputs['material line 1: S235 2mm'];
    expect(line.inputs.price).toMatchObject({ value: '1.25', formula: 'price history of S235 2mm, valid from 01/01/26' });
  });

  it('prices the most specific cutting rate, however the rates are read (item 8)', async () => {
    const laser = await created('assets', { name: 'Fiber laser', calculateByTime: true, timeModel: 'laser-cutting' });
    const stainless = await created('groups', { name: '1.4301 stainless' });
    // The catch-all, read first (thickness from empty), and the group's own rate.
    await created('asset-cutting-rates', { assetId: laser.id, cutSpeed: 1000, pierceTime: 2 });
    await created('asset-cutting-rates', { assetId: laser.id, groupId: stainless.id, thicknessFrom: 1.51, thicknessTo: 3, cutSpeed: 2500, pierceTime: 1.2 });
    const material = await created('materials', { name: '1.4301 3mm', number: '14301-3', groupId: stainless.id, density: 7.9, pricePerUnit: 0, priceUnit: 'kg' });
    const panel = await created('products', { name: 'Panel', number: 'PN-3', materialId: material.id, thickness: 3, blankWidth: 100, blankLength: 100 });
    await created('product-contours', { productId: panel.id, kind: 'outer', length: 3000 });
    await created('product-operations', { productId: panel.id, sorting: 10, assetId: laser.id, hourlyRate: 120 });
    const calculation = await calculate(panel.id);
    // 3000 mm ÷ 2500 mm/min = 1.2 min + 1 pierce × 1.2 s ÷ 60 = 0.02 min → 1.22 min ÷ 60 × 120 €/h = 2.44 €
    // (the catch-all: 3000 ÷ 1000 = 3 min + 2 s ÷ 60 → 3.0333 min → 6.07 €)
    expect(calculation.tiers[0].labor).toBe('2.44');
  });

  it('prices the material on a product without material lines, and stores and shows warnings where figures are missing or zero (item 12)', async () => {
    const material = await created('materials', { name: 'S235 1mm', number: 'S235-1', density: 7.85, pricePerUnit: 1.0, priceUnit: 'kg' });
    // Material and blank on the details, no line under Production › Materials.
    const bracket = await created('products', { name: 'Bracket', number: 'BR-12', materialId: material.id, thickness: 2, blankWidth: 100, blankLength: 100 });
    const priced = await calculate(bracket.id);
    // 100 × 100 × 2 mm × 7.85 ÷ 1,000,000 = 0.157 kg × 1.00 €/kg = 0.157 € → 0.16 € (it used to be 0.00 €)
    expect(priced.tiers[0]).toMatchObject({ material: '0.16', unitPrice: '0.16' });
    expect(Object.keys(priced.result.tiers[0].material.unit.inputs)).toEqual(['material of the product: S235 1mm']);
    expect(priced.warnings).toEqual([]);

    // A material but no blank, and an operation without time: priced, with warnings said in the reader's language.
    const deburring = await created('operations', { name: 'Deburring' });
    const cover = await created('products', { name: 'Cover', number: 'CV-12', materialId: material.id });
    await created('product-operations', { productId: cover.id, sorting: 10, operationId: deburring.id, timePerUnit: 0, hourlyRate: 55 });
    const warned = await calculate(cover.id);
    expect(warned.tiers[0].unitPrice).toBe('0.00');
    expect(warned.warnings).toEqual([
      'Cover: its material S235 1mm is not priced, as the product has neither a material line nor a blank (width, length and thickness) to take the usage from',
      'Cover: operation 1 (Deburring) adds no labor: its time per piece, hourly rate or band price is zero',
    ]);
    const inGerman = (await http().get(`/api/v1/calculations/${warned.id}`).set(german.headers).expect(200)).body;
    expect(inGerman.warnings[1]).toBe('Cover: Arbeitsgang 1 (Deburring) ergibt keine Fertigungskosten: Zeit pro Stück, Stundensatz oder Staffelpreis ist null');
    const listed = (await http().get(`/api/v1/calculations?productId=${cover.id}`).set(admin.headers).expect(200)).body;
    expect(listed[0].warnings).toEqual(warned.warnings);
    // Stored as phrases, in a column of their own; the stored prices keep their shape.
    const [row] = (await owner((client) => client.query(`SELECT warnings, result FROM calculations WHERE id = $1`, [warned.id]))).rows;
    expect(row.warnings[0]).toEqual({ key: 'pricing_warning_material_without_blank', params: { product: 'Cover', material: 'S235 1mm' } });
    expect(Object.keys(row.result).sort()).toEqual(['currency', 'date', 'productId', 'tiers']);

    // The products show how many warnings their latest calculation has.
    expect((await http().get(`/api/v1/products/${cover.id}`).set(admin.headers).expect(200)).body.latestWarningCount).toBe(2);
    expect((await http().get(`/api/v1/products/${bracket.id}`).set(admin.headers).expect(200)).body.latestWarningCount).toBe(0);

    // A calculation stored before there were warnings reads as one without.
    await owner((client) => client.query(`UPDATE calculations SET warnings = NULL WHERE id = $1`, [warned.id]));
    expect((await http().get(`/api/v1/calculations/${warned.id}`).set(admin.headers).expect(200)).body.warnings).toEqual([]);
    expect((await http().get(`/api/v1/products/${cover.id}`).set(admin.headers).expect(200)).body.latestWarningCount).toBe(0);
  });
});
