import 'reflect-metadata';
import { createApi } from '../../apps/api/src/bootstrap';
import { WorkerJobsModule } from '../../apps/worker/src/worker.module';
import { loadConfig } from '@fabquote/config';
import { appRoleOf, migrateDatabase, requireDatabaseUrl } from '@fabquote/database';
import { startInfrastructure } from '@fabquote/runtime';
import { DEMO, seedDemo } from './demo';

const say = (line: string) => process.stdout.write(`[fabquote] ${line}\n`);
/**
 * The exit code of a start that failed (configuration, port taken, database owned by another process):
 * scripts/start.mjs restarts a server that crashed or was killed, but not one that exits with this.
 */
const COULD_NOT_START = 3;

/**
 * `npm start`: everything a user needs in one process, on embedded defaults —
 * database and Redis (resolved or started), migrations, the demo organization,
 * the API with the admin and the queue dashboard, and the worker's relay and job
 * handlers in the same Nest application (one pool, one set of queues).
 */
async function main(): Promise<void> {
  const infrastructure = await startInfrastructure(loadConfig(), say);
  // Locally, the demo organization's administrators may open the queue dashboard with their session.
  infrastructure.config.OPS_ORGANIZATION ??= DEMO.slug;
  infrastructure.describe.forEach(say);
  const config = infrastructure.config;
  let api: Awaited<ReturnType<typeof createApi>> | undefined;
  let demoAdmin: { created: boolean } = { created: false };
  let demoOfferLink: string | null = null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: finishing requests and jobs, then stopping`);
    // Closing the app stops new requests, lets running requests and jobs finish, then the database stops.
    await api?.app.close().catch((error: Error) => say(`stop: ${error.message}`));
    await infrastructure.stop();
    say('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const applied = await migrateDatabase(requireDatabaseUrl(config), appRoleOf(config));
    if (applied.length > 0) say(`migrations applied: ${applied.join(', ')}`);
    const demo = await seedDemo(config);
    demoAdmin = demo.admin;
    demoOfferLink = demo.offerLink;
    if (demo.seeded) {
      const { run, award } = demo.seeded;
      say(`demo shop seeded: machines, materials, customers, suppliers, parts, ${run.calculated.length} calculated products, a purchase request sent to 3 suppliers with their offers (rated by the worker)${'supplier' in award ? `, its coating awarded to ${award.supplier}` : ''}, offers and orders in every status over a year, a survey whose drawing the worker reads into a priced product`);
      if ('error' in award) say(`  not awarded: ${award.error}`);
      for (const failure of run.failed) say(`  not calculated: ${failure.message}`);
    }
    api = await createApi(config, [WorkerJobsModule]);
    await api.app.listen(config.PORT, config.HOST);
  } catch (error) {
    say(`could not start: ${(error as Error).message}`);
    await api?.app.close().catch(() => undefined);
    await infrastructure.stop();
    process.exit(COULD_NOT_START);
  }

  const base = `http://localhost:${config.PORT}`;
  say(`ready on ${base}`);
  say(`  admin console   ${base}/?host=demo`);
  say(`  API             ${base}/api/v1 (organization by host name, or X-Organization on localhost)`);
  say(`  health          ${base}/api/v1/health`);
  say(`  queue dashboard ${base}/ops/queues?token=${api.opsToken}`);
  say(`  quote page      ${base}/pub/quote?host=demo (customers ask for quotes; instant indicative prices on)`);
  if (demoOfferLink) say(`  offer page      ${demoOfferLink} (the demo's open offer as its customer sees it: accept, decline, ask)`);
  say(`  demo organization: "demo" (X-Organization: demo)`);
  say(`  demo sign-in: ${DEMO.email} / ${demoAdmin.created ? DEMO.password : `${DEMO.password} (unless changed since)`}`);
  say('press Ctrl-C to stop');
}

main().catch((error: unknown) => {
  say(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(COULD_NOT_START);
});
