import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { IDLE_IN_TRANSACTION_MS, NestedTenantTransactionError, Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { TokensService } from '../src/identity/tokens.service';
import { createTestDatabase, createTestUser, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/** Failed sign-ins never hang the server, and are counted atomically, by email and by address. */
// Each wrong password is a real argon2 check (about 0.1 s alone, far more on a busy machine).
jest.setTimeout(180_000);

describe('sign-in limits', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let beta: Organization;
  const http = () => request(api.getHttpServer());
  /** A sign-in from a client address of the test's choosing (the API trusts a proxy on loopback, as supertest is). */
  const login = (email: string, password: string, from = '127.0.0.1', organization = 'acme') =>
    http().post('/api/v1/restify/login').set('X-Organization', organization).set('X-Forwarded-For', from).send({ email, password });
  const statuses = (responses: Array<{ status: number }>) => responses.map((response) => response.status).sort();
  /** A client address no other test of this file uses (a random one met the address another test had flooded). */
  let addresses = 0;
  const someAddress = () => `203.0.113.${++addresses}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    api = await startTestApi(testConfig(db));
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('answers 50 failing sign-ins at once without holding the pool, and signs in afterwards', async () => {
    const user = await createTestUser(api, acme, { signIn: false });
    const other = await createTestUser(api, beta, { signIn: false });
    await login(user.email, user.password).expect(200);
    // More than the pool's 10 connections, each once waiting for a second one to record its failure.
    const flood = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(i % 2 ? `nobody-${i}@acme.example` : user.email, 'wrong', '198.51.100.200')),
    );
    expect(new Set(statuses(flood))).toEqual(new Set([422, 429]));
    await http().get('/api/v1/health').expect(200);
    // Signing in from the address the user is known at; the flood's own address is refused.
    await login(user.email, user.password).expect(200);
    await login(user.email, user.password, '198.51.100.200').expect(429);
    await login(other.email, other.password, '127.0.0.1', 'beta').expect(200);
  });

  it('never waits for a second connection while holding one; a pool held by others fails requests with 503, not forever', async () => {
    const tenants = api.get(TenantTransactions);
    await expect(tenants.run(acme.id, () => tenants.run(acme.id, async () => 'inner'))).rejects.toBeInstanceOf(NestedTenantTransactionError);
    const dataSource = api.get(DataSource);
    const [{ idle_in_transaction_session_timeout: idle }] = await dataSource.query('SHOW idle_in_transaction_session_timeout');
    expect(idle).toBe(`${IDLE_IN_TRANSACTION_MS / 1000}s`);
    // Every connection of the pool held elsewhere: a request waits POOL_WAIT_MS, then is told to try again.
    const held = await Promise.all(Array.from({ length: 10 }, async () => {
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      return runner;
    }));
    try {
      const waited = await login('someone@acme.example', 'whatever').expect(503);
      expect(waited.headers['retry-after']).toBe('5');
    } finally {
      await Promise.all(held.map((runner) => runner.release()));
    }
    await http().get('/api/v1/health').expect(200);
  });

  it('counts attempts sent at once one after another: of 8, five are checked and three refused unchecked', async () => {
    const user = await createTestUser(api, acme, { signIn: false });
    const from = someAddress();
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(user.email, 'wrong', from)));
    expect(statuses(burst)).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    // The right password now waits too: it is not even checked.
    const refused = await login(user.email, user.password, from).expect(429);
    expect(refused.body.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(refused.body.retry_after).toBeGreaterThan(14 * 60);
  });

  it('does not let a lockout of an email keep its owner out at a known address, or through a reset link', async () => {
    const owner = await createTestUser(api, acme, { signIn: false });
    const office = someAddress();
    await login(owner.email, owner.password, office).expect(200);
    const attacker = '192.0.2.66';
    for (let attempt = 0; attempt < 5; attempt++) await login(owner.email, 'guess', attacker).expect(422);
    await login(owner.email, owner.password, attacker).expect(429);
    // The owner at the office is not affected; from a new address the email is locked.
    await login(owner.email, owner.password, office).expect(200);
    await login(owner.email, owner.password, '192.0.2.77').expect(429);
    // At the known address only its own failures count.
    for (let attempt = 0; attempt < 5; attempt++) await login(owner.email, 'typo', office).expect(422);
    await login(owner.email, owner.password, office).expect(429);
  });

  it('forgets an email\'s failures when its owner sets a password through a reset link', async () => {
    const owner = await createTestUser(api, acme, { signIn: false });
    for (let attempt = 0; attempt < 5; attempt++) await login(owner.email, 'guess', '192.0.2.99').expect(422);
    await login(owner.email, owner.password, '192.0.2.100').expect(429);
    // The reset link itself is tested with its mail in identity.e2e-spec; here its effect on the limits.
    const token = await api.get(TenantTransactions).run(acme.id, async () => (await api.get(TokensService).issue(owner.id, 'password_reset')).token);
    const password = 'a-new-password-42';
    await http()
      .post('/api/v1/restify/resetPassword')
      .set('X-Organization', 'acme')
      .send({ token, email: owner.email, password, password_confirmation: password })
      .expect(200);
    await login(owner.email, password, '192.0.2.100').expect(200);
  });

  it('limits one address trying many emails, except for an email whose owner it is known for', async () => {
    const known = await createTestUser(api, acme, { signIn: false });
    const shared = someAddress();
    await login(known.email, known.password, shared).expect(200);
    for (let attempt = 0; attempt < 20; attempt++) await login(`spray-${attempt}@acme.example`, 'Summer2026!', shared).expect(422);
    await login('spray-20@acme.example', 'Summer2026!', shared).expect(429);
    const stranger = await createTestUser(api, acme, { signIn: false });
    await login(stranger.email, stranger.password, shared).expect(429);
    await login(known.email, known.password, shared).expect(200);
    // Another organization counts its own attempts.
    const elsewhere = await createTestUser(api, beta, { signIn: false });
    await login(elsewhere.email, elsewhere.password, shared, 'beta').expect(200);
  });

  it('counts a signed-in user\'s proofs like sign-ins: a stolen session can not guess the password', async () => {
    const user = await createTestUser(api, acme);
    const from = someAddress();
    const changePassword = (current: string, multipart = false) => {
      const call = http().post('/api/v1/restify/profile').set(user.headers).set('X-Forwarded-For', from);
      const fields = { password: 'brand-new-password', password_confirmation: 'brand-new-password', current_password: current };
      if (!multipart) return call.send(fields);
      for (const [name, value] of Object.entries(fields)) call.field(name, value);
      return call;
    };
    await changePassword('guess-1').expect(422);
    await changePassword('guess-2', true).expect(422);
    for (let attempt = 3; attempt <= 5; attempt++) await changePassword(`guess-${attempt}`).expect(422);
    await changePassword(user.password).expect(429);
    await http().post('/api/v1/restify/profile/mfa/disable').set(user.headers).set('X-Forwarded-For', from).send({ current_password: user.password }).expect(429);
    // What needs no proof goes on.
    await http().post('/api/v1/restify/profile').set(user.headers).set('X-Forwarded-For', from).send({ name: 'Still Me' }).expect(200);
  });
});
