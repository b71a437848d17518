/**
 * Three jest projects; `jest` (`npm run test:jest`, within `npm test`) runs them all, `--selectProjects`
 * one of them:
 * - unit (`npm run test:unit`, seconds): pure-lib tests with worked examples, the admin's logic, the
 *   API's pure parts, the lint boundaries; no database, Redis or browser;
 * - api (`npm run test:api`): API and worker tests with supertest against real PostgreSQL and Redis;
 * - browser (`npm run test:browser`): Chromium driving the built admin against the API.
 */
const swc = {
  swcrc: false,
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

const common = {
  testEnvironment: 'node',
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.tsx?$': ['@swc/jest', swc] },
  moduleNameMapper: { '^@fabquote/(.*)$': '<rootDir>/libs/$1/src' },
  setupFiles: ['reflect-metadata'],
};

/** Named `.spec.ts` but needs a database: runs with the API suites. */
const NEEDS_DATABASE = ['<rootDir>/libs/database/src/organizations/demo-shop.spec.ts'];

module.exports = {
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker that has run a few API suites holds 2 GB it never gives back, and collecting garbage in a heap
  // that size costs every later suite: a worker above 1 GB after a suite is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/apps/api/src', '<rootDir>/apps/worker/src', '<rootDir>/apps/admin/src', '<rootDir>/libs', '<rootDir>/scripts'],
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.e2e-spec\\.ts$', ...NEEDS_DATABASE.map((path) => path.replace('<rootDir>/', ''))],
    },
    {
      ...common,
      displayName: 'api',
      roots: ['<rootDir>/apps/api', '<rootDir>/apps/worker', '<rootDir>/libs'],
      testMatch: ['**/*.e2e-spec.ts', ...NEEDS_DATABASE],
      // Every answer an API suite receives is checked against the published OpenAPI document (apps/test-support/response-contract.ts).
      setupFilesAfterEnv: ['<rootDir>/apps/test-support/contract-setup.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      roots: ['<rootDir>/apps/admin/test'],
      testMatch: ['**/*.e2e-spec.ts'],
    },
  ],
};
