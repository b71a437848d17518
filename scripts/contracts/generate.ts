import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, testConfig } from '@fabquote/testing';
import { createApi } from '../../apps/api/src/bootstrap';
import { openApiDocument } from '../../apps/api/src/openapi';
import { contractsFrom, CONTRACTS_FILE, OpenApiDocument } from './contracts';

const USAGE = `usage: npm run contracts [-- <url or file of the OpenAPI JSON>]
  without an argument, the document is made from the API itself, against a database of its own
  (PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432 and Redis, as the tests use them)`;

/** The document of the API as it is in this tree: the API started against a fresh test database. */
async function documentOfThisTree(): Promise<OpenApiDocument> {
  const db = await createTestDatabase();
  try {
    const { app: api } = await createApi(testConfig(db));
    try {
      await api.init();
      return openApiDocument(api) as OpenApiDocument;
    } finally {
      await api.close();
    }
  } finally {
    await db.drop();
  }
}

async function documentFrom(source: string): Promise<OpenApiDocument> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return (await response.json()) as OpenApiDocument;
  }
  return JSON.parse(readFileSync(source, 'utf8')) as OpenApiDocument;
}

/** `npm run contracts`: writes apps/admin/src/api/contracts.ts from the API's OpenAPI document. */
async function main(args: string[]): Promise<number> {
  if (args.length > 1 || args[0] === '--help') {
    console.error(USAGE);
    return 2;
  }
  const document = args[0] ? await documentFrom(args[0]) : await documentOfThisTree();
  const target = join(__dirname, '../..', CONTRACTS_FILE);
  writeFileSync(target, contractsFrom(document));
  console.log(`wrote ${CONTRACTS_FILE} (${Object.keys(document.components?.schemas ?? {}).length} schemas)`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
