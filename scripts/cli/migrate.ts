import 'reflect-metadata';
import { withDatabase } from './with-database';

/** `npm run migrate`: applies pending migrations (npm start does this too). */
withDatabase(async () => console.log('database is up to date')).catch((error: unknown) => {
  console.error(`migration failed: ${(error as Error).message}`);
  process.exit(1);
});
