import { randomBytes } from 'node:crypto';

/** The X-Forwarded-For address a test sends: `from()` reads it, `from.next()` takes another. */
export interface ClientAddress {
  (): string;
  next(): string;
}

/**
 * An address of every test's own in `network` (its first octets, e.g. `203.0`), fresh before each test
 * and on `next()`, so that the failures one test provokes never throttle another. Call it in a `describe`.
 */
export function addressPerTest(network: string): ClientAddress {
  const free = 4 - network.split('.').length;
  let current = '';
  const next = () => (current = [network, ...Array.from({ length: free - 1 }, () => randomBytes(1)[0]), 1 + (randomBytes(1)[0] % 250)].join('.'));
  beforeEach(() => {
    next();
  });
  return Object.assign(() => current, { next });
}
