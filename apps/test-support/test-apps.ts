import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import { AppConfig } from '@fabquote/config';
import { createApi } from '../api/src/bootstrap';
import { WorkerModule } from '../worker/src/worker.module';
import { checkResponses } from './response-contract';

/**
 * The apps as the tests start them. They live here, beside the apps, and not in libs/testing:
 * libs never import apps (docs/architecture.md, "Boundaries").
 */
/** `logDestination`: a stream to read the API's log lines from (with `LOG_LEVEL` set in the config). */
export async function startTestApi(config: AppConfig, logDestination?: DestinationStream): Promise<NestExpressApplication> {
  const { app } = await createApi(config, [], logDestination);
  // Every answer a test receives is checked against the published contract (contract-setup.ts fails the suite on a drift).
  checkResponses(app);
  await app.init();
  return app;
}

export async function startTestWorker(config: AppConfig): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.register(config), { logger: false });
  await worker.init();
  return worker;
}
