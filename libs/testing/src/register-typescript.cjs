/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS script preloaded with `node --require` */
// Preloaded (`node -r`) into a child process of a test, so that it runs TypeScript sources the way
// jest does: compiled by swc on require, `@fabquote/<lib>` resolved to `libs/<lib>/src`.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '../../..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const lib = /^@fabquote\/([^/]+)(\/.*)?$/.exec(request);
  return resolveFilename.call(this, lib ? join(root, 'libs', lib[1], 'src', lib[2] ?? '') : request, ...rest);
};

const options = {
  swcrc: false,
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
Module._extensions['.ts'] = (module, filename) => {
  module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
};
