import { readFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createTransport } from 'nodemailer';
import { provisionOrganization, TenantTransactions } from '@fabquote/database';
import { smtpTransport } from '@fabquote/mail';
import { QUEUE_CONCURRENCY, QueueName } from '@fabquote/queue';
import { createTestUser, SmtpSink, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../apps/test-support';
import { figure } from './bench-goals';

const DAY_MS = 86_400_000;
/** How many mail jobs the job runner runs at once (libs/queue QUEUE_CONCURRENCY; the invite job is a mail job). */
const JOB_CONCURRENCY = QUEUE_CONCURRENCY[QueueName.Mail];
/** Mails sent, untimed, before each side is measured: a worker and a sender that have run before, as in production. */
const WARM_UP = 20;
/** Linux's clock ticks per second (USER_HZ), the unit of /proc/stat. */
const TICKS_PER_SECOND = 100;

/**
 * Milliseconds of CPU the whole machine has been busy (every process: this one, PostgreSQL's backends, Redis), from
 * /proc/stat, in steps of 10 ms; NaN where there is no /proc. What the send costs the machine beside the floor:
 * on a machine of `availableParallelism()` cores, no work finishes sooner than its CPU spread over all of them.
 */
function machineBusyMs(): number {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * The floor: the same mails the send delivered (each supplier's subject, text and HTML, composed again by
 * nodemailer) straight from nodemailer to a fresh sink, `JOB_CONCURRENCY` at a time, over a pool of connections
 * configured as the mail transport's (`smtpTransport`, libs/mail), or, `pooled` false, one connection per mail as
 * the transport sent before it pooled (the floor the unpooled transport's 1.21× was measured against).
 * The sink greets each new connection only after 100 ms (smtp-server's wait for early talkers): one
 * connection per mail pays that for every mail, the pool once per connection. Both the send and the floor are
 * measured after `WARM_UP` untimed mails (a running worker has sent before; a first run in a fresh process
 * pays for compiling nodemailer and the sink, as much again as the whole floor).
 */
async function deliveryFloor(
  messages: Array<{ to: string[]; subject: string; text: string; html: string }>,
  pooled = true,
): Promise<{ seconds: number; busyMs: number }> {
  const sink = await SmtpSink.start();
  const transport = pooled ? smtpTransport(sink.url) : createTransport(sink.url);
  const deliver = async (batch: typeof messages) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: JOB_CONCURRENCY }, async () => {
        while (next < batch.length) {
          const message = batch[next];
          next += 1;
          await transport.sendMail({ from: 'bench@fabquote.local', ...message });
        }
      }),
    );
  };
  try {
    // Warmed up as the send is: `WARM_UP` mails first, untimed, over the same transport (the pool keeps its connections).
    await deliver(messages.slice(0, WARM_UP));
    const busy = machineBusyMs();
    const started = performance.now();
    await deliver(messages);
    return { seconds: (performance.now() - started) / 1000, busyMs: machineBusyMs() - busy };
  } finally {
    transport.close();
    await sink.stop();
  }
}

/**
 * One purchase request sent to `suppliers` suppliers (every fourth German) through the whole path: the
 * send endpoint records it and emits one event per supplier, the relay hands them to BullMQ, the invite job
 * makes each supplier's token, renders its mail and delivers it to a real SMTP server. Prints the time to
 * the send's answer, to the first and the last mail in the sink, and mails per second, beside the floor
 * of delivering as many mails to the sink with nodemailer alone.
 */
export async function benchSend(db: TestDatabase, suppliers = Number(process.env.BENCH_SUPPLIERS ?? 100)): Promise<string[]> {
  const organization = await provisionOrganization(db.app, { slug: 'send-bench', name: 'Send Bench Metallbau GmbH' });
  const smtp = await SmtpSink.start();
  // One configuration for both: the API's events and the worker's queues under the same prefix.
  const config = testConfig(db, { SMTP_URL: smtp.url, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const api = await startTestApi(config);
  const worker = await startTestWorker(config);
  try {
    const purchaser = await createTestUser(api, organization, { roles: ['Administrator'] });
    const asked = await api.get(TenantTransactions).run(organization.id, async (m) => {
      const supplierIds: string[] = (
        await m.query(
          `INSERT INTO suppliers (name, email, language)
           SELECT 'Supplier ' || lpad(n::text, 3, '0'), 'offers@supplier-' || n || '.example', CASE WHEN n % 4 = 0 THEN 'de' ELSE 'en' END
             FROM generate_series(1, $1) n RETURNING id`,
          [suppliers + WARM_UP],
        )
      ).map((row: { id: string }) => row.id);
      const [{ id: productId }] = await m.query(`INSERT INTO products (name, number, type) VALUES ('Housing door', 'HS-200-D', 'assembly') RETURNING id`);
      const [{ id: operationId }] = await m.query(`INSERT INTO operations (name, fab_number) VALUES ('Powder coating (bought in)', 'OP-90') RETURNING id`);
      const [{ id: productOperationId }] = await m.query(
        `INSERT INTO product_operations (product_id, sorting, operation_id, bought_in) VALUES ($1, 10, $2, true) RETURNING id`,
        [productId, operationId],
      );
      const [{ id: partId }] = await m.query(`INSERT INTO parts (name, number, own_cost) VALUES ('Hinge 40 mm', 'HG-40', 1.9) RETURNING id`);
      const [{ id: productPartId }] = await m.query(`INSERT INTO product_parts (product_id, part_id, quantity) VALUES ($1, $2, 2) RETURNING id`, [productId, partId]);
      return { supplierIds, productId: productId as string, productOperationId: productOperationId as string, productPartId: productPartId as string };
    });
    await api.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}/api/v1`;
    const post = async (path: string, body: unknown, expected: number) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { ...purchaser.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status !== expected) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const draft = (name: string, supplierIds: string[]) =>
      post(
        '/purchase-requests',
        {
          name,
          closeSubmissionDeadline: new Date(Date.now() + 14 * DAY_MS).toISOString(),
          reminderFrequency: 'weekly',
          products: [{ productId: asked.productId, quantities: [10, 50, 200] }],
          supplierIds,
          productOperationIds: [asked.productOperationId],
          productPartIds: [asked.productPartId],
        },
        201,
      );
    // The warm-up: a first request to other suppliers, untimed, so the measured send runs in a worker that has sent
    // before (its code compiled, its pool's connections open), as a running worker does; the floor warms up alike.
    const warmUp = await draft('Warm-up', asked.supplierIds.slice(suppliers));
    await post(`/purchase-requests/${warmUp.id as string}/send`, {}, 200);
    await smtp.waitForMails(WARM_UP, 120_000);
    smtp.mails.length = 0;
    const request = await draft('Door coating and hinges', asked.supplierIds.slice(0, suppliers));

    const busy = machineBusyMs();
    const started = performance.now();
    await post(`/purchase-requests/${request.id as string}/send`, {}, 200);
    const answered = performance.now();
    await smtp.waitForMails(1, 120_000);
    const first = performance.now();
    await smtp.waitForMails(suppliers, 600_000);
    const last = performance.now();
    const busyMs = machineBusyMs() - busy;

    const recipients = new Set(smtp.mails.flatMap((mail) => mail.to)).size;
    const seconds = (last - started) / 1000;
    const sent = smtp.mails.map(({ to, subject, text, html }) => ({ to, subject, text, html }));
    const { seconds: floor, busyMs: floorBusyMs } = await deliveryFloor(sent);
    const { seconds: unpooledFloor } = await deliveryFloor(sent, false);
    const cores = availableParallelism();
    return [
      `purchase request sent to ${suppliers} suppliers (send → outbox → relay → BullMQ → invite job: token, mail in the supplier's language, SMTP sink):`,
      `  send answered in ${(answered - started).toFixed(0)} ms; first mail after ${(first - started).toFixed(0)} ms; mail ${suppliers} after ${seconds.toFixed(2)} s`,
      `  ${(suppliers / seconds).toFixed(1)} mails/s from the send (${((suppliers - 1) / ((last - first) / 1000 || Number.EPSILON)).toFixed(1)} mails/s from the first mail on); ${recipients} distinct recipients, ${smtp.mails.length} mails`,
      `  floor, ${suppliers} mails from nodemailer alone, ${JOB_CONCURRENCY} at a time over the same SMTP pool (after ${WARM_UP} untimed, as the send): ${floor.toFixed(2)} s (${(suppliers / floor).toFixed(1)} mails/s)`,
      // Without /proc (not Linux) there is no machine CPU to show.
      ...(Number.isNaN(busyMs)
        ? []
        : [
            `  machine CPU (this process, PostgreSQL, Redis): the send ${busyMs.toFixed(0)} ms (${(busyMs / suppliers).toFixed(1)} ms a mail), the pooled floor ${floorBusyMs.toFixed(0)} ms (${(floorBusyMs / suppliers).toFixed(1)} ms a mail); ` +
              `spread over ${cores} cores the send's CPU takes at least ${(busyMs / cores / 1000).toFixed(2)} s, ${(busyMs / cores / 1000 / floor).toFixed(2)}× the floor's time`,
          ]),
      `  nodemailer alone with a connection per mail (the transport before it pooled): ${unpooledFloor.toFixed(2)} s; send/that: ${(seconds / unpooledFloor).toFixed(2)}×`,
      ...figure(`purchase request to ${suppliers} suppliers, against nodemailer alone (pooled)`, seconds / floor, '×', { atMost: 1.1 }),
    ];
  } finally {
    await worker.close();
    await api.close();
    await smtp.stop();
  }
}
