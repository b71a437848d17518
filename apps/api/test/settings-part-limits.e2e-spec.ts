import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/** The part limits are settings of their own kind, and every new organization has them. */
describe('settings: the part limits', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let admin: TestUser;
  let germanAdmin: TestUser;
  const http = () => request(api.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase();
    const shop = await provisionOrganization(db.app, { slug: 'limits', name: 'Limits Laser GmbH' });
    const german = await provisionOrganization(db.app, { slug: 'grenzen', name: 'Grenzen Blech GmbH', defaultLocale: 'de' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, shop, { roles: ['Administrator'] });
    germanAdmin = await createTestUser(api, german, { roles: ['Administrator'], language: 'de' });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  const limits = async (headers: Record<string, string>) => {
    const response = await http().get('/api/v1/settings?slug=part-max-length&slug=part-max-width&slug=part-min-thickness&slug=part-max-thickness').set(headers).expect(200);
    return Object.fromEntries((response.body as Array<{ id: string; slug: string; value: string }>).map((setting) => [setting.slug, setting]));
  };

  it('gives a new organization the defaults: sheets up to 3000 × 1500 mm, 0.5 to 30 mm thick', async () => {
    for (const user of [admin, germanAdmin]) {
      const stored = await limits(user.headers);
      expect(Object.fromEntries(Object.entries(stored).map(([slug, setting]) => [slug, setting.value]))).toEqual({
        'part-max-length': '3000',
        'part-max-width': '1500',
        'part-min-thickness': '0.5',
        'part-max-thickness': '30',
      });
    }
  });

  it('refuses a limit that is no positive length in mm with a 422 in the reader\'s language, and a thickness range upside down', async () => {
    const { 'part-max-length': length, 'part-min-thickness': min } = await limits(admin.headers);
    for (const value of ['0', '-5', 'abc', 'Infinity', ['3000']]) {
      const refused = await http().put(`/api/v1/settings/${length.id}`).set(admin.headers).send({ value }).expect(422);
      expect(refused.body.errors?.value ?? refused.body.message).toBeDefined();
    }
    const english = await http().put(`/api/v1/settings/${length.id}`).set(admin.headers).send({ value: '-5' }).expect(422);
    expect(JSON.stringify(english.body)).toContain('Enter a length in mm above 0');
    const german = (await limits(germanAdmin.headers))['part-max-width'];
    const deutsch = await http().put(`/api/v1/settings/${german.id}`).set(germanAdmin.headers).send({ value: '0' }).expect(422);
    expect(JSON.stringify(deutsch.body)).toContain('Geben Sie eine Länge in mm über 0');
    const upsideDown = await http().put(`/api/v1/settings/${min.id}`).set(admin.headers).send({ value: '40' }).expect(422);
    expect(JSON.stringify(upsideDown.body)).toContain('cannot be above the largest');
    expect((await http().put(`/api/v1/settings/${length.id}`).set(admin.headers).send({ value: '4000,5' }).expect(200)).body.value).toBe('4000.5');
    expect((await http().put(`/api/v1/settings/${min.id}`).set(admin.headers).send({ value: '1' }).expect(200)).body.value).toBe('1');
  });
});
