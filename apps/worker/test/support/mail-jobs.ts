import { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@fabquote/config';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox, producerRedisOptions, QueueName } from '@fabquote/queue';
import { createTestDatabase, SmtpSink, TestDatabase } from '@fabquote/testing';

/**
 * What the suites about a worker's mail jobs share, set up before them and taken down after them (call it
 * in a `describe`): a database with Acme, an SMTP sink, `mail.send` emitted through the outbox, the mail
 * queues a test watches and the handled-jobs ledger. A worker or API a suite starts for all its tests is handed
 * to `started`, and closed before the database and the sink it uses.
 */
export function mailJobsBench() {
  let db: TestDatabase | undefined;
  let sink: SmtpSink | undefined;
  let acme: Organization | undefined;
  let tenants: TenantTransactions | undefined;
  let outbox: EventOutbox | undefined;
  const queues: Queue[] = [];
  const apps: INestApplicationContext[] = [];
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('mailJobsBench: used before its beforeAll');
    return value;
  };

  beforeAll(async () => {
    [db, sink] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    tenants = new TenantTransactions(db.app);
    outbox = new EventOutbox(tenants);
  });

  afterAll(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(queues.map((queue) => queue.close()));
    await sink?.stop();
    await db?.drop();
  });

  return {
    get db() {
      return ready(db);
    },
    get sink() {
      return ready(sink);
    },
    get acme() {
      return ready(acme);
    },
    /** `app` (a worker, an API), closed after the suite before what it uses. */
    async started<T extends INestApplicationContext>(app: Promise<T> | T): Promise<T> {
      const running = await app;
      apps.push(running);
      return running;
    },
    /** The mail queue as `config`'s worker sees it, closed after the suite. */
    mailQueue(config: AppConfig) {
      const queue = new Queue(QueueName.Mail, { connection: producerRedisOptions(config.REDIS_URL as string), prefix: config.QUEUE_PREFIX });
      queues.push(queue);
      return queue;
    },
    /** Emits `mail.send` of a mail to eva@supplier.example with `subject` through Acme's outbox: the job's id. */
    sendMail(subject: string) {
      return ready(tenants).run(ready(acme).id, () => ready(outbox).emit('mail.send', { to: [{ address: 'eva@supplier.example' }], subject, text: subject }));
    },
    mailsWith(subject: string) {
      return ready(sink).mails.filter((mail) => mail.headers.subject === subject);
    },
    /** The handled-jobs ledger's rows of `jobId`. */
    ledger(jobId: string) {
      return ready(tenants).run(ready(acme).id, (m) => m.query(`SELECT job_id FROM handled_jobs WHERE job_id = $1`, [jobId]));
    },
  };
}
