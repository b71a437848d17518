import { randomUUID } from 'node:crypto';

/**
 * What people and scripts really send: wrong types, empty things, too much, numbers no column holds,
 * lists where one value belongs, and dates no column (or JavaScript) holds. Every hostile-input suite
 * sends each of these to every field it covers and expects an answer below 500.
 */
export const HOSTILE: unknown[] = [
  null,
  '',
  'abc',
  -1,
  0,
  10.5,
  500,
  3e9,
  1e20,
  '99999999999999999999',
  '1e400',
  true,
  [],
  { $gt: '' },
  'x'.repeat(10_000),
  '2026-02-30',
  '\u0000',
  "'; DROP TABLE products; --",
  randomUUID(),
  [null],
  [{ $gt: '' }],
  ['\u0000'],
  [randomUUID(), randomUUID()],
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '-271821-04-20T00:00:00Z',
];
