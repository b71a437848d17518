import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { AddressInfo } from 'node:net';
import { provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { createTestDatabase, eventually, startTestApi, startTestWorker, testConfig } from '@fabquote/testing';

/**
 * `npm run bench`: prints figures, asserts nothing. Uses the PostgreSQL and Redis the
 * tests use (TEST_DATABASE_URL / TEST_REDIS_URL, else 127.0.0.1), in a throwaway database.
 */
async function main(): Promise<void> {
  const db = await createTestDatabase();
  try {
    const demo = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    const config = testConfig(db);
    await benchRequests(config);
    await benchOutbox(config, demo.id);
  } finally {
    await db.drop();
  }
}

async function benchRequests(config: ReturnType<typeof testConfig>): Promise<void> {
  const api = await startTestApi(config);
  await api.listen(0, '127.0.0.1');
  const { port } = api.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/v1/settings?_sort=slug&_start=0&_end=25`;
  const timings: number[] = [];
  for (let i = 0; i < 50; i++) await fetch(url, { headers: { 'X-Organization': 'demo' } }); // warm-up
  const started = performance.now();
  for (let i = 0; i < 1000; i++) {
    const begin = performance.now();
    const response = await fetch(url, { headers: { 'X-Organization': 'demo' } });
    await response.arrayBuffer();
    timings.push(performance.now() - begin);
  }
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.floor(q * (timings.length - 1))].toFixed(2);
  console.log(`settings list (organization lookup + tenant transaction + paged query), 1000 sequential requests:`);
  console.log(`  ${(1000 / seconds).toFixed(0)} requests/s, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`);
  await api.close();
}

async function benchOutbox(config: ReturnType<typeof testConfig>, organizationId: string): Promise<void> {
  const worker = await startTestWorker(config);
  const tenants = worker.get(TenantTransactions);
  const outbox = new EventOutbox(tenants);
  const count = 1000;
  const started = performance.now();
  await tenants.run(organizationId, async () => {
    for (let i = 0; i < count; i++) {
      await outbox.emit('mail.send', { to: [{ address: `buyer${i}@example.com` }], subject: `Bench ${i}`, text: 'bench' });
    }
  });
  const written = performance.now();
  await eventually(
    async () => {
      const [{ handled }] = await tenants.run(organizationId, (m) => m.query(`SELECT count(*)::int AS handled FROM handled_jobs`));
      return handled >= count;
    },
    300_000,
    'all mail jobs',
  );
  const done = performance.now();
  console.log(`outbox → relay → BullMQ → mail handler (.eml files), ${count} events:`);
  console.log(`  written in one transaction: ${(written - started).toFixed(0)} ms (${((written - started) / count).toFixed(2)} ms/event)`);
  console.log(`  relayed and handled: ${((done - written) / 1000).toFixed(2)} s (${(count / ((done - written) / 1000)).toFixed(0)} jobs/s)`);
  await worker.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
