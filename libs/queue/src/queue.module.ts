import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { DynamicModule, Global, Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Queue } from 'bullmq';
import { AppConfig } from '@fabquote/config';
import { EventOutbox } from './event-outbox';
import { QUEUE_NAMES, QueueName } from './queue-names';
import { producerRedisOptions } from './redis-connection';

/** Every queue's producer side, for the outbox relay and the queue dashboard. */
@Injectable()
export class Queues implements OnModuleInit {
  private readonly logger = new Logger('Queues');
  private lastError = '';

  constructor(private readonly moduleRef: ModuleRef) {}

  /** Redis being away is said once per kind of failure, as a warning: without a listener an emitter's 'error' is thrown. */
  onModuleInit(): void {
    for (const queue of this.all()) {
      queue.on('error', (error: Error) => {
        if (error.message === this.lastError) return;
        this.lastError = error.message;
        this.logger.warn(`Queue ${queue.name}: ${error.message}`);
      });
    }
  }

  get(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  all(): Queue[] {
    return QUEUE_NAMES.map((name) => this.get(name));
  }
}

@Global()
@Module({})
export class QueueModule {
  static register(): DynamicModule {
    return {
      module: QueueModule,
      imports: [
        BullModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            connection: producerRedisOptions(requireRedisUrl(config)),
            prefix: config.QUEUE_PREFIX,
          }),
        }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      // The outbox too: any area's service or handler emits events (global, like the queues).
      providers: [Queues, EventOutbox],
      exports: [Queues, EventOutbox, BullModule],
    };
  }
}

export function requireRedisUrl(config: AppConfig): string {
  if (!config.REDIS_URL) throw new Error('REDIS_URL is not resolved yet: start the app through the launcher (npm start)');
  return config.REDIS_URL;
}
