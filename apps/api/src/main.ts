import 'reflect-metadata';
import { loadConfig } from '@fabquote/config';
import { appRoleOf, migrateDatabase, requireDatabaseUrl } from '@fabquote/database';
import { createApi } from './bootstrap';

/**
 * Production entry (docker-compose, several copies behind a load balancer): migrates
 * (under an advisory lock, so copies may start together), then serves the API.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await migrateDatabase(requireDatabaseUrl(config), appRoleOf(config));
  const { app } = await createApi(config);
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
