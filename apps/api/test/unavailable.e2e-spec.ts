import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import {
  createTestDatabase,
  createTestUser,
  eventually,
  TcpProxy,
  TEST_OPS_TOKEN,
  TestDatabase,
  testConfig,
  TestUser,
} from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/** Too large is 413, and while PostgreSQL or Redis is unreachable the answer is 503 with Retry-After. */
describe('statuses when a request is too large or a service is unreachable', () => {
  let db: TestDatabase;
  let database: TcpProxy;
  let redis: TcpProxy;
  let api: NestExpressApplication;
  let acme: Organization;
  let user: TestUser;
  const http = () => request(api.getHttpServer());
  const elevenMegabytes = () => JSON.stringify({ email: 'a@acme.example', password: 'x'.repeat(11 * 1024 * 1024) });

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const server = new URL(db.url);
    database = await TcpProxy.start({ host: server.hostname, port: Number(server.port || 5432) });
    const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    redis = await TcpProxy.start({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    api = await startTestApi(testConfig(db, { DATABASE_URL: database.urlFor(db.url), REDIS_URL: redis.urlFor(redisUrl.toString()) }));
    user = await createTestUser(api, acme, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await database?.restore();
    await redis?.restore();
    await api?.close();
    await Promise.all([database?.cut(), redis?.cut()]);
    await db?.drop();
  });

  it('refuses an 11 MB body with 413 in the reader\'s language, signed in or not', async () => {
    const anonymous = await http()
      .post('/api/v1/restify/login')
      .set('X-Organization', 'acme')
      .set('Accept-Language', 'de')
      .set('Content-Type', 'application/json')
      .send(elevenMegabytes())
      .expect(413);
    expect(anonymous.body).toEqual({ message: 'Die Anfrage ist zu groß: höchstens 1 MB werden angenommen', code: 'payload_too_large' });
    const signedIn = await http().post('/api/v1/customers').set(user.headers).set('Content-Type', 'application/json').send(elevenMegabytes()).expect(413);
    expect(signedIn.body).toEqual({ message: 'The request is too large: at most 1 MB are accepted', code: 'payload_too_large' });
  });

  it('answers 503 with Retry-After while PostgreSQL is unreachable, and serves again when it is back', async () => {
    await http().get('/api/v1/customers').set(user.headers).expect(200);
    await database.cut();
    try {
      for (const attempt of [
        () => http().get('/api/v1/customers').set(user.headers),
        () => http().get('/api/v1/customers').set(user.headers).set('Accept-Language', 'de'),
        () => http().post('/api/v1/restify/login').set('X-Organization', 'acme').send({ email: user.email, password: user.password }),
        () => http().get('/api/v1/health'),
      ]) {
        const response = await attempt();
        expect(response.status).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      const german = await http().get('/api/v1/customers').set({ ...user.headers, 'Accept-Language': 'de' }).expect(503);
      expect(german.body).toEqual({ message: expect.stringMatching(/^Der Dienst ist kurz nicht erreichbar/), code: 'service_unavailable' });
    } finally {
      await database.restore();
    }
    await eventually(async () => (await http().get('/api/v1/customers').set(user.headers)).status === 200, 15_000, 'serving again');
  });

  it('answers 503 with Retry-After from health and the queue dashboard while Redis is unreachable; other requests go on', async () => {
    await redis.cut();
    try {
      const health = await http().get('/api/v1/health').expect(503);
      expect(health.body).toMatchObject({ database: 'up', redis: 'down' });
      expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
      const dashboard = await http().get('/ops/queues/api/queues').set('Authorization', `Bearer ${TEST_OPS_TOKEN}`).expect(503);
      expect(Number(dashboard.headers['retry-after'])).toBeGreaterThan(0);
      // Events wait in the outbox: writing needs no Redis.
      await http().post('/api/v1/customers').set(user.headers).send({ name: 'Blechbau Nord' }).expect(201);
    } finally {
      await redis.restore();
    }
    await eventually(async () => (await http().get('/api/v1/health')).status === 200, 20_000, 'healthy again');
  });
});
