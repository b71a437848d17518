import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, ConfigModule } from '@fabquote/config';
import { DatabaseModule } from '@fabquote/database';
import { QueueModule } from '@fabquote/queue';
import { loggerOptions } from '@fabquote/runtime';
import { JobRunner } from './jobs/job-runner';
import { OrdersJobsModule } from '../../api/src/orders';
import { SurveysJobsModule } from '../../api/src/surveys';
import { ProcurementJobsModule } from '../../api/src/procurement';
import { ProductsJobsModule } from '../../api/src/products';
import { MailJobsModule } from './mail/mail-jobs.module';
import { OutboxRelay } from './outbox/outbox-relay';

/**
 * The worker's own parts: the outbox relay and the job runner, and the areas' jobs (each area's
 * handlers in its `<Area>JobsModule`, one line each below). Needs the database and queue modules from
 * its host: the worker app below, or the API app when `npm start` runs everything in one process.
 */
@Module({
  imports: [DiscoveryModule, MailJobsModule, ProductsJobsModule, ProcurementJobsModule, OrdersJobsModule, SurveysJobsModule],
  providers: [OutboxRelay, JobRunner],
})
export class WorkerJobsModule {}

/** The worker application: stateless; run as many copies as needed. */
@Module({})
export class WorkerModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.register(config),
        LoggerModule.forRoot(loggerOptions(config, 'worker')),
        DatabaseModule.register(),
        QueueModule.register(),
        WorkerJobsModule,
      ],
    };
  }
}
