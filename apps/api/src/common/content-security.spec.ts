import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SECURITY_DIRECTIVES, inlineScripts } from './content-security';

const ADMIN = join(__dirname, '../../../admin');

describe('the content security policy', () => {
  it('allows scripts from this origin only: no inline script, no eval', () => {
    expect(CONTENT_SECURITY_DIRECTIVES['script-src']).toEqual(["'self'"]);
  });

  it('is kept by the console: its index.html, and its build when there is one, hold no inline script', () => {
    expect(inlineScripts(readFileSync(join(ADMIN, 'index.html'), 'utf8'))).toEqual([]);
    const built = join(ADMIN, 'dist/index.html');
    if (existsSync(built)) expect(inlineScripts(readFileSync(built, 'utf8'))).toEqual([]);
  });

  it('finds inline scripts and handlers, and lets files and JSON data be', () => {
    expect(inlineScripts('<script>alert(1)</script><img src=x onerror="alert(1)"><body onload=go()>')).toEqual(['<script>alert(1)</script>', 'onerror', 'onload']);
    expect(inlineScripts('<script type="module" crossorigin src="/assets/index.js"></script><script id="c" type="application/json">{"a":1}</script><script> </script>')).toEqual([]);
  });
});
