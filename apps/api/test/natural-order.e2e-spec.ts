import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { NATURAL, NATURAL_COLUMNS, NATURAL_EXCEPT_TABLES, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, onServer, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/**
 * Lists sort people's texts as people read them (migration 1795400200000-natural-order): umlauts with their
 * letters, lower case with upper case, numbers inside a text by value; not in the byte order of the C locale
 * the databases are created with.
 */
describe('lists in natural order', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  const http = () => request(api.getHttpServer());
  const names = async (path: string) => ((await http().get(`/api/v1/${path}`).set(admin.headers).expect(200)).body as Array<{ name: string; number?: string }>);

  beforeAll(async () => {
    db = await createTestDatabase();
    const acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'] });
    for (const name of ['Zimmermann Stahlbau', 'Öztürk Metall', 'abc Blechtechnik', 'Müller KG', 'Mueller AG', 'Ärmel & Söhne'])
      await http().post('/api/v1/customers').set(admin.headers).send({ name }).expect(201);
    for (const [name, number] of [['Winkel', 'BR-100'], ['winkel klein', 'BR-20'], ['Öse', 'BR-3'], ['Zarge', 'br-1000'], ['Abdeckung', 'BR-9']])
      await http().post('/api/v1/products').set(admin.headers).send({ name, number }).expect(201);
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('sorts names with their umlauts and regardless of case, both ways', async () => {
    const expected = ['abc Blechtechnik', 'Ärmel & Söhne', 'Mueller AG', 'Müller KG', 'Öztürk Metall', 'Zimmermann Stahlbau'];
    expect((await names('customers?_sort=name&_order=ASC')).map((customer) => customer.name)).toEqual(expected);
    expect((await names('customers?_sort=name&_order=DESC')).map((customer) => customer.name)).toEqual([...expected].reverse());
    expect((await names('products?_sort=name&_order=ASC')).map((product) => product.name)).toEqual(['Abdeckung', 'Öse', 'Winkel', 'winkel klein', 'Zarge']);
  });

  it('sorts numbers inside a text by value: BR-3 before BR-20 before BR-100', async () => {
    expect((await names('products?_sort=number&_order=ASC')).map((product) => product.number)).toEqual(['BR-3', 'BR-9', 'BR-20', 'BR-100', 'br-1000']);
  });

  it('keeps texts that differ apart: a number differing in case only is another number', async () => {
    await http().post('/api/v1/products').set(admin.headers).send({ name: 'Winkel gross', number: 'br-100' }).expect(201);
    await http().post('/api/v1/products').set(admin.headers).send({ name: 'Winkel doppelt', number: 'BR-100' }).expect(422);
  });

  it("gives every people's text column of every table the collation, those of tables added later too", async () => {
    const { rows } = await onServer(
      (client) =>
        client.query<{ column: string; collation: string | null }>(
          `SELECT c.table_name || '.' || c.column_name AS column, c.collation_name AS collation
             FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying')
              AND c.column_name = ANY($1) AND c.table_name <> ALL($2)`,
          [NATURAL_COLUMNS, NATURAL_EXCEPT_TABLES],
        ),
      db.url,
    );
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((row) => row.collation !== NATURAL).map((row) => row.column)).toEqual([]);
  });
});
