import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { DynamicModule, Global, Injectable, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Queue } from 'bullmq';
import { AppConfig } from '@fabquote/config';
import { QUEUE_NAMES, QueueName } from './queue-names';
import { producerRedisOptions } from './redis-connection';

/** Every queue's producer side, for the outbox relay and the queue dashboard. */
@Injectable()
export class Queues {
  constructor(private readonly moduleRef: ModuleRef) {}

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
      providers: [Queues],
      exports: [Queues, BullModule],
    };
  }
}

export function requireRedisUrl(config: AppConfig): string {
  if (!config.REDIS_URL) throw new Error('REDIS_URL is not resolved yet: start the app through the launcher (npm start)');
  return config.REDIS_URL;
}
