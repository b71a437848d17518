import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/** Of a laser's cutting rates the most specific applies, so an equal tie is refused when it is saved. */
describe('master data: cutting and bending rates never tie', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  let german: TestUser;
  const http = () => request(api.getHttpServer());
  const post = (body: object, user = admin) => http().post('/api/v1/asset-cutting-rates').set(user.headers).send(body);
  const created = async (resource: string, body: object) => (await http().post(`/api/v1/${resource}`).set(admin.headers).send(body).expect(201)).body;

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

  it('refuses a rate as specific as another of the machine and group whose thickness range it overlaps, on its field, in English and German', async () => {
    const laser = await created('assets', { name: 'Fiber laser', calculateByTime: true, timeModel: 'laser-cutting' });
    const steel = await created('groups', { name: 'S235 steel' });
    const aluminium = await created('groups', { name: 'AlMg3' });
    // The catch-all, and rates for a group: none ties with another.
    await post({ assetId: laser.id, cutSpeed: 1000, pierceTime: 2 }).expect(201);
    const zeroToFour = (await post({ assetId: laser.id, groupId: steel.id, thicknessFrom: 0, thicknessTo: 4, cutSpeed: 3000, pierceTime: 1 }).expect(201)).body;
    // Narrower (2–3 inside 0–4), for another group, or not overlapping: accepted.
    await post({ assetId: laser.id, groupId: steel.id, thicknessFrom: 2, thicknessTo: 3, cutSpeed: 2500, pierceTime: 1 }).expect(201);
    await post({ assetId: laser.id, groupId: aluminium.id, thicknessFrom: 0, thicknessTo: 4, cutSpeed: 9000, pierceTime: 1 }).expect(201);
    await post({ assetId: laser.id, groupId: steel.id, thicknessFrom: 4.01, thicknessTo: 8.01, cutSpeed: 1500, pierceTime: 2 }).expect(201);

    // Steel 2–6 is as wide as steel 0–4 and both hold 2 to 4 mm: which applies at 3 mm could only be a silent choice.
    const tie = await post({ assetId: laser.id, groupId: steel.id, thicknessFrom: 2, thicknessTo: 6, cutSpeed: 2000, pierceTime: 1 }).expect(422);
    expect(tie.body.errors).toEqual({
      thicknessFrom: 'Another cutting rate of this machine for the same material group (0–4 mm) overlaps this thickness range and is just as specific; make one range narrower or remove the overlap',
    });
    const inGerman = await post({ assetId: laser.id, groupId: steel.id, thicknessFrom: 2, thicknessTo: 6, cutSpeed: 2000, pierceTime: 1 }, german).expect(422);
    expect(inGerman.body.errors.thicknessFrom).toMatch(/^Ein anderer Schneidwert dieser Anlage für dieselbe Materialgruppe \(0–4 mm\)/);
    // A second catch-all ties with the first at every thickness.
    expect((await post({ assetId: laser.id, cutSpeed: 1200, pierceTime: 2 }).expect(422)).body.errors).toEqual({ thicknessFrom: expect.stringContaining('(0–∞ mm)') });
    // A range ending before it starts.
    expect((await post({ assetId: laser.id, groupId: steel.id, thicknessFrom: 5, thicknessTo: 3, cutSpeed: 1200, pierceTime: 2 }).expect(422)).body.errors).toEqual({
      thicknessTo: 'The maximum must not be below the minimum',
    });

    // Changing a rate is checked against the others, not itself: 0–4 may keep its range, but not become 4.01–8.01's twin.
    await http().put(`/api/v1/asset-cutting-rates/${zeroToFour.id}`).set(admin.headers).send({ cutSpeed: 3200 }).expect(200);
    const twin = await http().put(`/api/v1/asset-cutting-rates/${zeroToFour.id}`).set(admin.headers).send({ thicknessFrom: 4.5, thicknessTo: 8.5 }).expect(422);
    expect(twin.body.errors.thicknessFrom).toContain('(4.01–8.01 mm)');
  });

  /** Bending rates are refused like cutting rates and price bands when they tie. */
  it('refuses a second bending rate for a bend class of the machine, written alike, on its field, in English and German', async () => {
    const brake = await created('assets', { name: 'Press brake 135t', calculateByTime: true, timeModel: 'bending' });
    const other = await created('assets', { name: 'Press brake 60t', calculateByTime: true, timeModel: 'bending' });
    const postRate = (body: object, user = admin) => http().post('/api/v1/asset-bending-rates').set(user.headers).send(body);
    const standard = (await postRate({ assetId: brake.id, bendClass: 'Standard', seconds: 12 }).expect(201)).body;
    // Another class of the machine, and the same class of another machine: accepted.
    const long = (await postRate({ assetId: brake.id, bendClass: 'long', seconds: 20 }).expect(201)).body;
    await postRate({ assetId: other.id, bendClass: 'Standard', seconds: 9 }).expect(201);

    // The same class, also written with other case and spaces: which seconds apply could only be a silent choice.
    for (const bendClass of ['Standard', 'standard', '  STANDARD ']) {
      const tie = await postRate({ assetId: brake.id, bendClass, seconds: 15 }).expect(422);
      expect(tie.body.errors).toEqual({ bendClass: 'This machine already has a rate for bend class Standard; change that rate instead of adding a second one' });
    }
    const inGerman = await postRate({ assetId: brake.id, bendClass: 'standard', seconds: 15 }, german).expect(422);
    expect(inGerman.body.errors).toEqual({ bendClass: 'Diese Anlage hat bereits einen Biegewert für die Biegeklasse Standard; ändern Sie diesen, statt einen zweiten anzulegen' });

    // A rate is checked against the others, not itself: it may change its seconds or its class's case, not become another's twin.
    await http().put(`/api/v1/asset-bending-rates/${standard.id}`).set(admin.headers).send({ seconds: 13 }).expect(200);
    await http().put(`/api/v1/asset-bending-rates/${standard.id}`).set(admin.headers).send({ bendClass: 'standard' }).expect(200);
    const twin = await http().put(`/api/v1/asset-bending-rates/${long.id}`).set(admin.headers).send({ bendClass: 'STANDARD' }).expect(422);
    expect(twin.body.errors.bendClass).toContain('bend class standard;');
    const rates = await http().get(`/api/v1/asset-bending-rates?assetId=${brake.id}&_sort=bendClass&_order=ASC`).set(admin.headers).expect(200);
    expect(rates.body.map((rate: { bendClass: string; seconds: number }) => [rate.bendClass, rate.seconds])).toEqual([
      ['long', 20],
      ['standard', 13],
    ]);
  });
});
