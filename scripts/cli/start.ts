import 'reflect-metadata';
import { createApi } from '../../apps/api/src/bootstrap';
import { WorkerJobsModule } from '../../apps/worker/src/worker.module';
import { AppConfig, loadConfig } from '@fabquote/config';
import { calculateProducts } from '@fabquote/calculations';
import { appDataSource, appRoleOf, migrateDatabase, provisionAdministrator, provisionOrganization, requireDatabaseUrl, seedDemoShop, TenantTransactions } from '@fabquote/database';
import { startInfrastructure } from '@fabquote/runtime';

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
    demoAdmin = await seedDemo(config);
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
  say(`  demo organization: "demo" (X-Organization: demo)`);
  say(`  demo sign-in: ${DEMO.email} / ${demoAdmin.created ? DEMO.password : `${DEMO.password} (unless changed since)`}`);
  say('press Ctrl-C to stop');
}

export const DEMO = { slug: 'demo', name: 'Demo Metallbau GmbH', email: 'admin@demo.fabquote.local', password: 'fabquote-demo' };

/** The demo organization and its administrator, through the same provisioning code as `npm run org -- create`. */
async function seedDemo(config: AppConfig) {
  const dataSource = appDataSource(requireDatabaseUrl(config), appRoleOf(config), 1);
  await dataSource.initialize();
  try {
    const organization = await provisionOrganization(dataSource, { slug: DEMO.slug, name: DEMO.name, defaultLocale: 'en' });
    const admin = await provisionAdministrator(dataSource, organization, { email: DEMO.email, name: 'Demo Admin', password: DEMO.password });
    if (await seedDemoShop(dataSource, organization)) {
      const run = await new TenantTransactions(dataSource).run(organization.id, async (manager) => {
        // The demo's purchase request was made by the demo administrator: its questions are mailed to them.
        await manager.query(`UPDATE purchase_requests SET created_by = (SELECT id FROM users WHERE email = $1) WHERE created_by IS NULL`, [DEMO.email]);
        const products: Array<{ id: string }> = await manager.query(`SELECT id FROM products ORDER BY number`);
        return calculateProducts(manager, products.map((product) => product.id), { key: 'calculated_demo_data' });
      });
      say(`demo shop seeded: machines, materials, customers, suppliers, parts, ${run.calculated.length} calculated products, a purchase request sent to 3 suppliers with their offers`);
      for (const failure of run.failed) say(`  not calculated: ${failure.message}`);
    }
    return admin;
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  say(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(COULD_NOT_START);
});
