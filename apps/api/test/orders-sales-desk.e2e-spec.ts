import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { QueryRunner } from 'typeorm';
import { Organization, provisionOrganization, SalesDesk1795221800000 } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

interface Tier {
  quantity: number;
  unitPrice: string;
}

/** The tier an item of `quantity` pieces takes: the largest not above it (docs/api-orders.md "Unit prices"). */
const tierFor = (tiers: Tier[], quantity: number) => [...tiers].filter((tier) => tier.quantity <= quantity).at(-1)!;

/** The customer's language, mail that reaches a person, what-if stays what-if. */
describe('orders: the sales desk', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  let german: TestUser;
  let betaAdmin: TestUser;
  const http = () => request(api.getHttpServer());
  const post = async (user: TestUser, resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(user.headers).send(body).expect(201)).body;
  const owner = (sql: string, parameters: unknown[] = []) => onServer((client) => client.query(sql, parameters), db.url).then((result) => result.rows);

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', defaultLocale: 'de' });
    api = await startTestApi(testConfig(db));
    [admin, german, betaAdmin] = await Promise.all([
      createTestUser(api, acme, { roles: ['Administrator'] }),
      createTestUser(api, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(api, beta, { roles: ['Administrator'] }),
    ]);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('gives customers a language: German in Germany, Austria and Switzerland, else the organization\'s, unless chosen', async () => {
    expect(await post(admin, 'customers', { name: 'Müller GmbH', country: 'Deutschland' })).toMatchObject({ language: 'de' });
    expect(await post(admin, 'customers', { name: 'Alpentech AG', country: ' Switzerland ' })).toMatchObject({ language: 'de' });
    expect(await post(admin, 'customers', { name: 'Northfield Ltd', country: 'United Kingdom' })).toMatchObject({ language: 'en' });
    expect(await post(admin, 'customers', { name: 'No country' })).toMatchObject({ language: 'en' });
    // The organization's language where the country says nothing.
    expect(await post(betaAdmin, 'customers', { name: 'Ohne Land' })).toMatchObject({ language: 'de' });
    // Chosen: kept, whatever the country; cleared (null): worked out again.
    const chosen = await post(admin, 'customers', { name: 'Wiener Export', country: 'Österreich', language: 'en' });
    expect(chosen.language).toBe('en');
    const cleared = (await http().put(`/api/v1/customers/${chosen.id}`).set(admin.headers).send({ language: null }).expect(200)).body;
    expect(cleared.language).toBe('de');
    const refused = (await http().post('/api/v1/customers').set(admin.headers).send({ name: 'French', language: 'fr' }).expect(422)).body;
    expect(refused.errors.language).toBeDefined();
  });

  it('writes an order to its customer in the customer\'s language, and follows another customer\'s', async () => {
    const product = await post(admin, 'products', { name: 'Halteblech', number: 'HB-LANG' });
    await post(admin, 'product-bulk-prices', { productId: product.id, minQuantity: 1, unitPrice: 19.99 });
    const munich = await post(admin, 'customers', { name: 'Bayern Blech', country: 'Germany' });
    const leeds = await post(admin, 'customers', { name: 'Leeds Fab', country: 'UK' });
    const order = await post(admin, 'orders', { customerId: munich.id, contactName: 'Jana', contactEmail: 'jana@bayern.example', items: [{ productId: product.id, quantity: 2 }] });
    expect(order.language).toBe('de');
    const sent = (await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(admin.headers).expect(200)).body;
    expect(sent).toMatchObject({ language: 'de', message: `Angebot ${order.number} is being mailed to jana@bayern.example` });
    // react-admin sends the whole record back: another customer with the old language brings theirs.
    const moved = (await http().put(`/api/v1/orders/${order.id}`).set(admin.headers).send({ ...order, customerId: leeds.id }).expect(200)).body;
    expect(moved.language).toBe('en');
    // A language other than the stored one, chosen with the change, stays; one alone changes only it.
    const york = await post(admin, 'customers', { name: 'York Steel', country: 'United Kingdom' });
    const chosen = (await http().put(`/api/v1/orders/${order.id}`).set(admin.headers).send({ customerId: york.id, language: 'de' }).expect(200)).body;
    expect(chosen.language).toBe('de');
    const alone = (await http().put(`/api/v1/orders/${order.id}`).set(admin.headers).send({ language: 'en' }).expect(200)).body;
    expect(alone).toMatchObject({ language: 'en', customerId: york.id });
    // Given at creation: kept.
    expect(await post(admin, 'orders', { customerId: munich.id, language: 'en', items: [{ productId: product.id, quantity: 1 }] })).toMatchObject({ language: 'en' });
  });

  it('refuses to send without a recipient, in the reader\'s language', async () => {
    const product = await post(admin, 'products', { name: 'Winkel', number: 'W-MAIL' });
    await post(admin, 'product-bulk-prices', { productId: product.id, minQuantity: 1, unitPrice: 3 });
    const customer = await post(admin, 'customers', { name: 'Ohne Mail AG', country: 'Germany' });
    const order = await post(admin, 'orders', { customerId: customer.id, contactName: 'Eva', items: [{ productId: product.id, quantity: 1 }] });
    const refused = (await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(admin.headers).expect(422)).body;
    expect(refused.errors.contactEmail).toBe('The order has no contact email: enter one before sending its PDF');
    const refusedDe = (await http().post(`/api/v1/orders/${order.id}/send-pdf`).set(german.headers).expect(422)).body;
    expect(refusedDe.errors.contactEmail).toBe('Der Auftrag hat keine Kontakt-E-Mail: Tragen Sie eine ein, bevor Sie sein PDF senden');
    const [{ count }] = await owner(`SELECT count(*)::int AS count FROM outbox_events WHERE job_name = 'orders.mail-pdf' AND payload->>'orderId' = $1`, [order.id]);
    expect(count).toBe(0);
  });

  it('takes no price from a what-if calculation unless it is chosen', async () => {
    const product = await post(admin, 'products', { name: 'Bracket', number: 'BR-WHATIF' });
    await post(admin, 'product-operations', { productId: product.id, sorting: 10, timePerUnit: 0.05, hourlyRate: 60, programTime: 1, programRate: 60 });
    const standard = await post(admin, `products/${product.id}/calculations`, {});
    expect(standard.whatIf).toBe(false);
    // "Quantities…" at 7, 49 and 1200: a what-if, and the product's latest calculation.
    const whatIf = await post(admin, `products/${product.id}/calculations`, { quantities: [7, 49, 1200] });
    expect(whatIf).toMatchObject({ whatIf: true, quantities: [7, 49, 1200] });
    expect((await http().get(`/api/v1/products/${product.id}`).set(admin.headers).expect(200)).body.latestCalculationIndex).toBe(whatIf.index);
    const standardTier = tierFor(standard.tiers, 300);
    const whatIfTier = tierFor(whatIf.tiers, 300);
    expect(whatIfTier.quantity).toBe(49);
    expect(Number(whatIfTier.unitPrice)).not.toBe(Number(standardTier.unitPrice));

    // 300 pieces: the standard tiers' price, not the 49-piece what-if tier.
    const order = await post(admin, 'orders', { items: [{ productId: product.id, quantity: 300 }] });
    const [item] = (await http().get(`/api/v1/order-items?orderId=${order.id}`).set(admin.headers).expect(200)).body;
    expect(item).toMatchObject({ calculationId: standard.id, priceSource: 'calculation', priceQuantity: standardTier.quantity, unitPrice: Number(standardTier.unitPrice) });

    // Chosen explicitly: the what-if's tier, kept when the quantity changes; null goes back to the standard one.
    const chosen = await post(admin, 'orders', { items: [{ productId: product.id, quantity: 300, calculationId: whatIf.id }] });
    const [chosenItem] = (await http().get(`/api/v1/order-items?orderId=${chosen.id}`).set(admin.headers).expect(200)).body;
    expect(chosenItem).toMatchObject({ calculationId: whatIf.id, priceQuantity: 49, unitPrice: Number(whatIfTier.unitPrice) });
    const more = (await http().put(`/api/v1/order-items/${chosenItem.id}`).set(admin.headers).send({ ...chosenItem, quantity: 1500 }).expect(200)).body;
    expect(more).toMatchObject({ calculationId: whatIf.id, priceQuantity: 1200 });
    const back = (await http().put(`/api/v1/order-items/${chosenItem.id}`).set(admin.headers).send({ calculationId: null }).expect(200)).body;
    expect(back).toMatchObject({ calculationId: standard.id, priceQuantity: tierFor(standard.tiers, 1500).quantity });

    // A calculation of another product is no choice.
    const other = await post(admin, 'products', { name: 'Other', number: 'OT-WHATIF' });
    await post(admin, 'product-bulk-prices', { productId: other.id, minQuantity: 1, unitPrice: 1 });
    const wrong = (await http().post('/api/v1/orders').set(admin.headers).send({ items: [{ productId: other.id, quantity: 1, calculationId: whatIf.id }] }).expect(422)).body;
    expect(wrong.errors['items.0.calculationId']).toBeDefined();

    // Quantities equal to the standard tiers are no what-if.
    const { quantities } = (await http().get('/api/v1/quantity-tiers').set(admin.headers).expect(200)).body;
    expect((await post(admin, `products/${product.id}/calculations`, { quantities })).whatIf).toBe(false);
  });

  it('the migration makes existing customers in Germany, Austria and Switzerland German, the others English', async () => {
    const migration = new SalesDesk1795221800000();
    const runner = (client: { query: (sql: string) => Promise<unknown> }) => ({ query: (sql: string) => client.query(sql) }) as unknown as QueryRunner;
    await onServer(async (client) => {
      await client.query('BEGIN');
      await migration.down(runner(client));
      // As customers were stored before: a country as people write it, in either language, or none.
      const countries = ['Germany', 'deutschland', 'DE', 'Österreich', 'Austria', 'Schweiz', 'CH', 'Switzerland', 'France', 'United Kingdom', '', null];
      for (const [index, country] of countries.entries()) {
        await client.query(`INSERT INTO customers (organization_id, name, country) VALUES ($1, $2, $3)`, [index % 2 ? beta.id : acme.id, `Migrated ${index}`, country]);
      }
      await migration.up(runner(client));
      await client.query('COMMIT');
    }, db.url);
    const rows: Array<{ country: string | null; language: string }> = await owner(`SELECT country, language FROM customers WHERE name LIKE 'Migrated %' ORDER BY name`);
    expect(Object.fromEntries(rows.map((row) => [String(row.country), row.language]))).toEqual({
      Germany: 'de', deutschland: 'de', DE: 'de', Österreich: 'de', Austria: 'de', Schweiz: 'de', CH: 'de', Switzerland: 'de',
      France: 'en', 'United Kingdom': 'en', '': 'en', null: 'en',
    });
    // And after it, a new one without a language is worked out again.
    expect(await post(admin, 'customers', { name: 'After', country: 'Schweiz' })).toMatchObject({ language: 'de' });
  });
});
