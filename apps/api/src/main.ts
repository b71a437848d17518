import 'reflect-metadata';
import { loadConfig } from '@fabquote/config';
import { createApi } from './bootstrap';

/** Production entry: the API alone, against DATABASE_URL and REDIS_URL (already migrated). */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await createApi(config);
  await app.listen(config.PORT, config.HOST);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
