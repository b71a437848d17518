import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@fabquote/config';
import { WorkerModule } from '../../src/worker.module';

/** The worker application in a process of its own, configured by FABQUOTE_CONFIG (JSON); says 'ready' once it runs. */
async function main(): Promise<void> {
  const config = loadConfig(JSON.parse(process.env.FABQUOTE_CONFIG ?? '{}'));
  const worker = await NestFactory.createApplicationContext(WorkerModule.register(config), { logger: false });
  await worker.init();
  process.send?.('ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
