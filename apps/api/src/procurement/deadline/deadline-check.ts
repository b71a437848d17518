import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { AppConfig } from '@fabquote/config';
import { Organization, TenantTransactions } from '@fabquote/database';
import { HandlesJob, JobHandler, QueueName, Queues } from '@fabquote/queue';
import { PurchaseRequestDeadlines } from './deadline.service';
import { ProcurementClock } from '../shared/procurement-clock';
import { DueReminder, SupplierReminders } from '../reminders/reminders.service';

/** The BullMQ job scheduler that wakes the due check. */
export const DUE_CHECK_SCHEDULER = 'procurement-due-check';

/**
 * Keeps the due check's job scheduler in Redis: made at the worker's start and, should Redis lose it (a
 * restart without its data, a `FLUSHALL`), made again within one period. The scheduler only wakes the
 * check; what is due is read from the database, so a wake-up lost, late or doubled loses and doubles
 * nothing. Several workers upsert the same scheduler id, and BullMQ adds one job per period for all.
 */
@Injectable()
export class DueCheckSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DueCheckSchedule.name);
  private timer?: NodeJS.Timeout;
  private lastProblem = '';

  constructor(
    private readonly queues: Queues,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.ensure();
    this.timer = setInterval(() => void this.ensure(), this.config.PROCUREMENT_CHECK_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Makes the scheduler unless it is there with this period; Redis away is said once and tried again next period. */
  async ensure(): Promise<void> {
    const every = this.config.PROCUREMENT_CHECK_MS;
    try {
      const queue = this.queues.get(QueueName.Reminders);
      const scheduler = await queue.getJobScheduler(DUE_CHECK_SCHEDULER);
      if (scheduler?.every === every) return;
      await queue.upsertJobScheduler(
        DUE_CHECK_SCHEDULER,
        { every },
        { name: 'procurement.check-due', data: {}, opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
      );
      this.lastProblem = '';
      this.logger.log({ every }, 'Due check scheduled');
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastProblem) this.logger.warn({ err: message }, 'Could not schedule the due check; trying again');
      this.lastProblem = message;
    }
  }
}

/**
 * `procurement.check-due`: for every active organization, in a tenant transaction of its own, the
 * open requests whose deadline has come close (with their events) and the due reminders are listed;
 * then each due reminder is sent in a transaction of its own. "Now" is the {@link ProcurementClock}'s, passed to SQL. One organization's
 * failure (or one reminder's: an SMTP error) does not keep the others from theirs; the job fails after
 * all were tried, so it shows on /ops/queues, and the next wake-up tries again.
 */
@Injectable()
@HandlesJob('procurement.check-due')
export class DueCheckHandler implements JobHandler<'procurement.check-due'> {
  private readonly logger = new Logger(DueCheckHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly tenants: TenantTransactions,
    private readonly deadlines: PurchaseRequestDeadlines,
    private readonly reminders: SupplierReminders,
    private readonly clock: ProcurementClock,
  ) {}

  async handle(): Promise<void> {
    const now = this.clock.now();
    // `organizations` is not tenant data: the app role reads it (as OrganizationDirectory does).
    const organizations = await this.dataSource.getRepository(Organization).find({ select: { id: true }, where: { disabledAt: IsNull() }, order: { id: 'ASC' } });
    const failures: string[] = [];
    const attempt = async (organizationId: string, what: string, work: () => Promise<unknown>) => {
      try {
        await this.tenants.run(organizationId, work);
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
        this.logger.warn({ organizationId, what, err: (error as Error).message }, 'Due check failed for one organization');
      }
    };
    for (const { id } of organizations) {
      let due: DueReminder[] = [];
      await attempt(id, 'deadlines', async () => {
        await this.deadlines.closeDue(now);
        due = await this.reminders.due(now);
      });
      for (const reminder of due) await attempt(id, `reminder ${reminder.purchaseRequestId}/${reminder.supplierId}`, () => this.reminders.send(reminder, now));
    }
    if (failures.length > 0) throw new Error(`Due check: ${failures.length} failed (${failures.slice(0, 3).join('; ')})`);
  }
}
