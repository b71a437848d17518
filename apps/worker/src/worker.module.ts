import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, ConfigModule } from '@fabquote/config';
import { DatabaseModule } from '@fabquote/database';
import { MailTransport } from '@fabquote/mail';
import { EventOutbox, QueueModule } from '@fabquote/queue';
import { loggerOptions } from '@fabquote/runtime';
import { JobRunner } from './jobs/job-runner';
import { SendMailHandler } from './mail/send-mail.handler';
import { OutboxRelay } from './outbox/outbox-relay';
import { CalculateProductsHandler, RepriceHandler } from './pricing/pricing.handlers';

/**
 * The worker's own parts: the outbox relay, the job runner and every job handler.
 * Needs the database and queue modules from its host: the worker app below, or the
 * API app when `npm start` runs everything in one process.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [
    OutboxRelay,
    JobRunner,
    EventOutbox,
    SendMailHandler,
    RepriceHandler,
    CalculateProductsHandler,
    {
      provide: MailTransport,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new MailTransport({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR }),
    },
  ],
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
