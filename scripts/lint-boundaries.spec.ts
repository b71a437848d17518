import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const REPOSITORY = join(__dirname, '..');

/**
 * Lints source text as if it were the file at `path`, with the repository's eslint.config.mjs, and
 * answers the rules it broke. One ESLint, in a process of its own (the config is an ES module).
 */
function brokenRules(files: Array<{ path: string; source: string }>): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const files = JSON.parse(process.env.LINTED_FILES);
    const answers = [];
    for (const { path, source } of files) {
      const [result] = await eslint.lintText(source, { filePath: path });
      answers.push(result.messages.map((message) => message.ruleId));
    }
    process.stdout.write(JSON.stringify(answers));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPOSITORY,
    env: { ...process.env, LINTED_FILES: JSON.stringify(files) },
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

/** docs/architecture.md, "Boundaries": what the lint refuses, proven on made-up files at the places that matter. */
describe('import boundaries', () => {
  const cases = [
    { rule: 'a lib importing an app', path: 'libs/testing/src/starter.ts', source: `export { createApi } from '../../../apps/api/src/bootstrap';\n`, broken: true },
    { rule: 'a lib importing an app by name', path: 'libs/calculations/src/use.ts', source: `export * from '@fabquote/api';\n`, broken: true },
    { rule: 'an area reaching into another area', path: 'apps/api/src/products/extra.ts', source: `export type { RecordSpec } from '../records/record-spec';\n`, broken: true },
    { rule: 'an area using another through its index', path: 'apps/api/src/products/extra.ts', source: `export type { RecordSpec } from '../records';\n`, broken: false },
    { rule: 'a nested file of an area reaching into another', path: 'apps/api/src/products/lines/line.ts', source: `export { SessionAuthenticator } from '../../identity/access.guard';\n`, broken: true },
    { rule: 'an area using its own files', path: 'apps/api/src/products/extra.ts', source: `export { CalculationsService } from './calculations.service';\n`, broken: false },
    { rule: 'an area using common', path: 'apps/api/src/products/extra.ts', source: `export { RecordNotFound } from '../common/app-exception';\n`, broken: false },
    { rule: 'common importing an area', path: 'apps/api/src/common/extra.ts', source: `export { Public } from '../identity';\n`, broken: true },
    { rule: 'the worker reaching into an API area', path: 'apps/worker/src/jobs/extra.ts', source: `export { RepriceHandler } from '../../../api/src/products/pricing.handlers';\n`, broken: true },
    { rule: 'the worker using an API area through its index', path: 'apps/worker/src/jobs/extra.ts', source: `export { ProductsJobsModule } from '../../../api/src/products';\n`, broken: false },
    { rule: 'the worker importing the API’s bootstrap', path: 'apps/worker/src/jobs/extra.ts', source: `export { createApi } from '../../../api/src/bootstrap';\n`, broken: true },
  ];

  const hooks = {
    path: 'apps/admin/src/shared/conditional-hook.tsx',
    source: `import { useState } from 'react';\nexport function Badge({ shown }: { shown: boolean }) {\n  if (shown) {\n    const [count] = useState(0);\n    return count;\n  }\n  return null;\n}\n`,
  };
  let answers: string[][];

  beforeAll(() => {
    answers = brokenRules([...cases, hooks]);
  });

  it('refuses a lib importing an app and an area reaching into another, and lets the public surfaces through', () => {
    const wrong = cases.flatMap((file, index) => {
      const refused = answers[index].includes('no-restricted-imports');
      return refused === file.broken ? [] : [`${file.rule} (${file.path}): ${refused ? 'refused' : 'let through'}; other findings: ${answers[index].join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });

  it('checks the rules of hooks in the admin', () => {
    expect(answers[cases.length]).toContain('react-hooks/rules-of-hooks');
  });
});
