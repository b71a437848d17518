import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { PasswordCheckGate } from '@fabquote/access';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestDatabase, createTestUser, eventually, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/**
 * A bounded number of password checks at a time. A spray of wrong passwords from many
 * addresses is answered 429 `sign_in_busy` with Retry-After beyond the bound, unchecked and not counted,
 * while a user signing in from an address they signed in from before goes ahead of the queue.
 */
// The spray's unknown emails are checked against a real argon2 hash (64 MiB, t=3).
jest.setTimeout(180_000);

describe('sign-in under a spray', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  const http = () => request(api.getHttpServer());
  const login = (email: string, password: string, from: string, language = 'en') =>
    http().post('/api/v1/restify/login').set('X-Organization', 'acme').set('X-Forwarded-For', from).set('Accept-Language', language).send({ email, password });

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    // One check at a time and 8 waiting, whatever the machine's cores.
    api = await startTestApi(testConfig(db, { SIGN_IN_PASSWORD_CHECKS: '1' }));
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('answers 60 wrong passwords from 60 addresses beyond the bound at once, and lets a known address go first', async () => {
    const gate = api.get(PasswordCheckGate);
    expect(gate.limits).toEqual({ running: 1, waiting: 8, waitingFirst: 32 });
    const owner = await createTestUser(api, acme, { signIn: false });
    const office = '203.0.113.10';
    await login(owner.email, owner.password, office).expect(200);

    /** The order in which answers arrived: the spray's by index, the owner's as 'owner'. */
    const arrived: Array<number | 'owner'> = [];
    let busyYet = false;
    const spray = Array.from({ length: 60 }, (_, i) =>
      login(`nobody-${i}@acme.example`, `guess-${i}`, `198.51.100.${i + 1}`, i % 2 ? 'de' : 'en').then((response) => {
        arrived.push(i);
        busyYet ||= response.status === 429;
        return response;
      }),
    );
    // The owner signs in once the queue is full: the first busy answer has come back.
    await eventually(async () => busyYet, 60_000, 'the first busy answer to the spray');
    expect(gate.load.inside).toBeGreaterThan(0);
    const owners = login(owner.email, owner.password, office).then((response) => {
      arrived.push('owner');
      return response;
    });
    const [answers, signedIn] = await Promise.all([Promise.all(spray), owners]);

    expect(signedIn.status).toBe(200);
    expect(signedIn.body.meta.token).toEqual(expect.any(String));
    const checked = answers.filter((answer) => answer.status === 422);
    const busy = answers.filter((answer) => answer.status === 429);
    expect(checked.length + busy.length).toBe(60);
    // Nine let in at a time (one running, eight waiting): a check finished lets one more in.
    expect(busy.length).toBeGreaterThanOrEqual(30);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 429) continue;
      expect(answer.body.code).toBe('sign_in_busy');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.body.retry_after).toBe(Number(answer.headers['retry-after']));
      expect(answer.body.message).toBe(
        i % 2
          ? `Gerade werden zu viele Anmeldungen geprüft. Bitte versuchen Sie es in ${answer.body.retry_after} Sekunden erneut.`
          : `Too many sign-ins are being checked at the moment. Please try again in ${answer.body.retry_after} seconds.`,
      );
    }
    // A wrong password checked, though sent before the owner's sign-in, was answered after it: the owner went ahead of the queue.
    const ownerAt = arrived.indexOf('owner');
    const checkedIndexes = new Set(answers.flatMap((answer, i) => (answer.status === 422 ? [i] : [])));
    expect(arrived.slice(ownerAt + 1).filter((i) => i !== 'owner' && checkedIndexes.has(i)).length).toBeGreaterThanOrEqual(1);

    // A refusal unchecked is no failed attempt: only the checked wrong passwords count.
    const [{ counted }] = await api
      .get(TenantTransactions)
      .run(acme.id, (manager) => manager.query(`SELECT count(*)::int AS counted FROM sign_in_attempts WHERE address LIKE '198.51.100.%'`));
    expect(counted).toBe(checked.length);
    expect(gate.load).toEqual({ running: 0, waiting: 0, inside: 0 });
  });
});
