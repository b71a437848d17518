/**
 * The Node.js flags of every process that runs the server's code: `npm start`'s server and the compiled CLI
 * entries (`npm run bench`, `migrate`, `org`); the Dockerfile's and docker-compose's commands write them out again.
 * - `--enable-source-maps`: stack traces name the TypeScript lines.
 * - `--max-semi-space-size=32`, `--no-allocation-site-pretenuring`: the young generation's halves at 32 MB rather than
 *   V8's 16, and no object literal site allocated straight into the old generation. A request's objects live for
 *   the request; with V8's defaults, pricing one request after another (a calculation opened, a repricing) fell, in
 *   some processes and not others, into a state where sites were "tenured" (100 % of their objects found alive at a
 *   scavenge, as objects of the request under way are), everything they pointed to survived scavenges with them, and
 *   the old generation filled with dead requests: scavenges of 10 ms, a mark-compact of 400 MB each second, and the
 *   bench's engine at 0.65–1.15 ms priced and 2.2–3.0 ms explained instead of about 0.5 and 1.5 ms (13 of 16
 *   runs with the defaults, none with these flags; `--trace-pretenuring-statistics` shows the decisions).
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32', '--no-allocation-site-pretenuring'];
