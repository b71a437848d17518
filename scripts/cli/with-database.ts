import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@fabquote/config';
import { appDataSource, appRoleOf, migrateDatabase } from '@fabquote/database';
import { startEmbeddedPostgres } from '@fabquote/runtime';

/**
 * For the command-line tools: resolves the database exactly like `npm start`
 * (DATABASE_URL, else the embedded one), migrates, runs `work` as the app role, stops. `work` also
 * gets the configuration with that database's URL, for code that opens its own connection (the demo seed).
 */
export async function withDatabase<T>(work: (dataSource: DataSource, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? { url: config.DATABASE_URL, stop: async () => undefined }
    : await startEmbeddedPostgres(config.EMBEDDED_POSTGRES_DIR, config.EMBEDDED_POSTGRES_PORT, console.log);
  try {
    const applied = await migrateDatabase(database.url, appRoleOf(config));
    if (applied.length > 0) console.log(`migrations applied: ${applied.join(', ')}`);
    const dataSource = appDataSource(database.url, appRoleOf(config), 1);
    await dataSource.initialize();
    try {
      return await work(dataSource, { ...config, DATABASE_URL: database.url });
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await database.stop();
  }
}
