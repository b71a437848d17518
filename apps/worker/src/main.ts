import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig } from '@fabquote/config';
import { WorkerModule } from './worker.module';

/** Production entry: the worker alone, against DATABASE_URL and REDIS_URL (already migrated). */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(loadConfig()), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
