import { randomUUID } from 'node:crypto';
import type request from 'supertest';

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

/**
 * Half of a UTF-16 surrogate pair alone (JSON's `"\ud800x"`): no character at all. Only a JSON body can
 * carry one (a URL's percent-encoding is UTF-8, which has none), so it is not among {@link HOSTILE}, which
 * the suites also put in URLs: {@link HOSTILE_IN_BODIES} adds it for every field of a body. Refused with
 * a 422 on its field by the validation pipe (it was a `URIError` under `@IsEmail`, a 500).
 */
export const LONE_SURROGATE = '\ud800x';

/** {@link HOSTILE} and what only a JSON body can carry: every suite sends these to every field of a body. */
export const HOSTILE_IN_BODIES: unknown[] = [...HOSTILE, LONE_SURROGATE];

/**
 * A JSON body nested 3,000 levels deep (6 KB): it overflowed the stack of the validation (a 500 on every
 * JSON POST). Every suite sends it once to every endpoint that takes a body, public ones
 * included; the body parser refuses it before anything reads it: 400 `too_deep`.
 */
export const DEEP_JSON = `{"deep":${'['.repeat(3000)}${']'.repeat(3000)}}`;

/** What is wrong with the answer to {@link DEEP_JSON}, or null when it is the 400 `too_deep` with a message. */
export function deepJsonProblem(response: { status: number; body: { code?: unknown; message?: unknown } }): string | null {
  const refused = response.status === 400 && response.body?.code === 'too_deep' && typeof response.body.message === 'string' && response.body.message.length > 0;
  return refused ? null : `${response.status} ${JSON.stringify(response.body).slice(0, 120)}`;
}

/**
 * A list's parameters gone wrong, for a list with the filter `field`: sorts by nothing or sideways, pages
 * backwards, of words or past any number, searches of wildcards, a NUL and 5,000 characters, ids that are
 * none, and the filter empty, a list, a number no column holds, not an id, and given three times.
 */
export const hostileListQueries = (field: string): string[] => [
  '_sort=nope&_order=ASC',
  '_sort=id&_order=sideways',
  `_sort=${field}&_order=sideways`,
  '_start=-5&_end=3',
  '_start=abc&_end=def',
  '_start=10&_end=2',
  '_start=0&_end=99999999999999999999',
  'q=%25_%5C%27',
  'q=%00',
  `q=${'x'.repeat(5000)}`,
  'nope=1',
  'id=not-a-uuid&id=also-not',
  `${field}=%00`,
  `${field}=${encodeURIComponent('[]')}`,
  `${field}=1e400`,
  `${field}=not-a-uuid`,
  `${field}=a&${field}=b&${field}=c`,
];

/**
 * The checks of a hostile-input suite (call it in a `describe`): what a test finds wrong is noted, not
 * thrown, so that one run names every field that answers badly; the test fails at its end with the list.
 */
export function hostileChecks() {
  let wrong: string[] = [];
  beforeEach(() => {
    wrong = [];
  });
  afterEach(() => {
    expect(wrong).toEqual([]);
  });
  const note = (problem: string) => {
    wrong.push(problem);
  };
  /** Below 500, and a refusal with a message a person can read. */
  const expectReadableAnswer = (response: request.Response, what: string) => {
    const readable = response.status < 400 || (typeof response.body.message === 'string' && response.body.message.length > 0);
    if (response.status >= 500 || !readable) note(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
  };
  /** {@link DEEP_JSON} sent as the body: 400 `too_deep` on every endpoint that takes a body. */
  const expectDeepJsonRefused = async (send: request.Test, what: string) => {
    const problem = deepJsonProblem(await send.type('json').send(DEEP_JSON));
    if (problem) note(`${what} with a body 3,000 levels deep: ${problem}`);
  };
  return { note, expectReadableAnswer, expectDeepJsonRefused };
}
