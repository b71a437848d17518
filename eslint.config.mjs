import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (docs/architecture.md, "Boundaries"), with ESLint's own `no-restricted-imports`:
 * - libs never import apps;
 * - an area of apps/api/src (every folder but `common`) imports another area only through its
 *   `index.ts` (`../products`, not `../products/product.specs`);
 * - `common` is infrastructure and imports no area;
 * - the worker uses an API area only through its index (its `<Area>JobsModule`).
 * The areas are the folders that exist, so a new area is covered the day it is added.
 */
const API_SRC = 'apps/api/src';
const INFRASTRUCTURE = 'common';
const AREAS = readdirSync(new URL(`./${API_SRC}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== INFRASTRUCTURE)
  .map((entry) => entry.name);
const anyOf = (names) => `(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;

const restrictImports = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

const LIBS_IMPORT_NO_APP = {
  regex: '(^|/)apps/|^@fabquote/(api|worker|admin)(/|$)',
  message: 'libs never import apps: move what both need into a lib, or have the app pass it in.',
};
const THROUGH_LIBS_ALIAS = {
  regex: '^(\\.\\./)+libs/',
  message: "import a lib by its name (@fabquote/…), not by a path into libs/.",
};

const boundaries = [
  restrictImports(['libs/**/*.{ts,tsx,js,mjs,cjs}'], [LIBS_IMPORT_NO_APP]),
  ...AREAS.map((area) =>
    restrictImports(
      [`${API_SRC}/${area}/**/*.{ts,tsx}`],
      [
        {
          regex: `^(\\.\\./)+${anyOf(AREAS.filter((other) => other !== area))}/`,
          message: `${area}/ may import another area only through its public surface, that area's index.ts ('../records', not '../records/record-spec'): export what is missing there.`,
        },
        THROUGH_LIBS_ALIAS,
      ],
    ),
  ),
  restrictImports(
    [`${API_SRC}/${INFRASTRUCTURE}/**/*.{ts,tsx}`],
    [
      {
        regex: `^\\.\\./${anyOf(AREAS)}(/|$)`,
        message: 'common/ is infrastructure for every area and imports none of them: move the shared piece into common/ (as SignedInUser in request-context.ts).',
      },
      THROUGH_LIBS_ALIAS,
    ],
  ),
  restrictImports(
    ['apps/worker/src/**/*.{ts,tsx}'],
    [
      {
        regex: `^(\\.\\./)+api/(?!src/${anyOf(AREAS)}$)`,
        message: "the worker uses the API's areas only through their index.ts ('../../api/src/products'), for their <Area>JobsModule.",
      },
      THROUGH_LIBS_ALIAS,
    ],
  ),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  { files: ['apps/admin/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
  ...boundaries,
);
