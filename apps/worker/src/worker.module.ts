import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, ConfigModule } from '@fabquote/config';
import { DatabaseModule } from '@fabquote/database';
import { MailTransport } from '@fabquote/mail';
import { QueueModule } from '@fabquote/queue';
import { loggerOptions } from '@fabquote/runtime';
import { JobRunner } from './jobs/job-runner';
import { SendMailHandler } from './mail/send-mail.handler';
import { OutboxRelay } from './outbox/outbox-relay';

/** The worker: the outbox relay and every job handler. Stateless; run as many as needed. */
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
        DiscoveryModule,
      ],
      providers: [
        OutboxRelay,
        JobRunner,
        SendMailHandler,
        {
          provide: MailTransport,
          inject: [AppConfig],
          useFactory: (c: AppConfig) => new MailTransport({ smtpUrl: c.SMTP_URL, mailDir: c.MAIL_DIR }),
        },
      ],
    };
  }
}
