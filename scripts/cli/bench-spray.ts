import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { hashPassword, PasswordCheckGate } from '@fabquote/access';
import { provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestUser, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi } from '../../apps/test-support';
import { figure } from './bench-goals';

const SPRAY = 60;

/**
 * A legitimate sign-in while `SPRAY` wrong passwords arrive at once from as many addresses:
 * the owner has a real argon2id hash (64 MiB, t=3, p=4, as `hashPassword` makes them) and signed in
 * from the office before; the spray tries unknown emails, each checked against the same kind of hash.
 * The owner's sign-in is sent right behind the spray. Prints its time, and what the spray was answered.
 */
export async function benchSpray(db: TestDatabase): Promise<string[]> {
  const organization = await provisionOrganization(db.app, { slug: 'spray-bench', name: 'Spray Bench GmbH' });
  const api = await startTestApi(testConfig(db, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' }));
  try {
    const owner = await createTestUser(api, organization, { signIn: false });
    const realHash = await hashPassword(owner.password);
    await api.get(TenantTransactions).run(organization.id, (m) => m.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [owner.id, realHash]));
    await api.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}/api/v1/restify/login`;
    const login = (email: string, password: string, from: string) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Organization': organization.slug, 'X-Forwarded-For': from }, body: JSON.stringify({ email, password }) });
    const office = '203.0.113.10';
    const first = await login(owner.email, owner.password, office);
    if (first.status !== 200) throw new Error(`the owner's first sign-in answered ${first.status}`);

    const started = performance.now();
    const spray = Array.from({ length: SPRAY }, async (_, i) => {
      const response = await login(`nobody-${i}@spray.example`, `guess-${i}`, `198.51.100.${i + 1}`);
      await response.arrayBuffer();
      return { status: response.status, at: performance.now() - started };
    });
    const ownerStarted = performance.now();
    const signedIn = await login(owner.email, owner.password, office);
    const ownerSeconds = (performance.now() - ownerStarted) / 1000;
    if (signedIn.status !== 200) throw new Error(`the owner's sign-in under the spray answered ${signedIn.status}: ${await signedIn.text()}`);
    const answers = await Promise.all(spray);
    const busy = answers.filter((answer) => answer.status === 429);
    const checked = answers.filter((answer) => answer.status === 422);
    const slowestBusy = Math.max(0, ...busy.map((answer) => answer.at)) / 1000;
    const { limits } = api.get(PasswordCheckGate);
    return [
      `sign-in under a spray: ${SPRAY} wrong passwords from ${SPRAY} addresses at once (argon2id 64 MiB, t=3, p=4), the owner right behind them from a known address:`,
      `  password checks: ${limits.running} at a time, ${limits.waiting} waiting, known addresses first`,
      `  spray: ${checked.length} checked (422), ${busy.length} refused unchecked (429 sign_in_busy, the last after ${slowestBusy.toFixed(2)} s); all answered after ${(Math.max(...answers.map((answer) => answer.at)) / 1000).toFixed(2)} s`,
      ...figure(`a legitimate sign-in while ${SPRAY} wrong passwords arrive from ${SPRAY} addresses`, ownerSeconds, 's', { below: 1 }),
    ];
  } finally {
    await api.close();
  }
}
