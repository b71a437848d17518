import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@fabquote/config';
import { WorkerModule } from '../../src/worker.module';

/**
 * The worker application in a process of its own (FABQUOTE_CONFIG, JSON; says 'ready' once it runs)
 * whose event loop stops for good on the message 'block', as a run that loops or takes all memory in
 * one synchronous stretch stops it: the test then kills the process, as the heap limit would.
 */
async function main(): Promise<void> {
  const config = loadConfig(JSON.parse(process.env.FABQUOTE_CONFIG ?? '{}'));
  const worker = await NestFactory.createApplicationContext(WorkerModule.register(config), { logger: false });
  await worker.init();
  process.on('message', (message) => {
    if (message !== 'block') return;
    // The point: a loop that never yields.
    while (true) Math.sqrt(Math.random());
  });
  process.send?.('ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
