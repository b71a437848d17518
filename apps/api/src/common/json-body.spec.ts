import { jsonDepth } from './json-body';
import { MAX_DEPTH, TooDeep, unstorableText } from './validation';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonDepth (before the body is parsed)', () => {
  it('counts the deepest nesting of objects and lists', () => {
    expect(jsonDepth(bytes('1'))).toBe(0);
    expect(jsonDepth(bytes('{"a":[1,{"b":[]}],"c":{}}'))).toBe(4);
    expect(jsonDepth(bytes('[[],[],[[]]]'))).toBe(3);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepth(bytes('{"a":"[[[[{{{{","b":"\\"[[[[","c":"\\\\"}'))).toBe(1);
    expect(jsonDepth(bytes('{"name":"Müller [GmbH] {Blech} 😀"}'))).toBe(1);
  });

  it('stops counting past the limit: a body 3,000 levels deep (6 KB) is seen at once', () => {
    const deep = '['.repeat(3000) + ']'.repeat(3000);
    expect(jsonDepth(bytes(deep))).toBe(MAX_DEPTH + 1);
    expect(jsonDepth(bytes('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH)))).toBe(MAX_DEPTH);
  });
});

describe('unstorableText (the validation pipe’s walk)', () => {
  it('names the first text with a NUL character or a lone surrogate, by its dotted path', () => {
    expect(unstorableText({ name: 'ok', items: [{ note: 'fine' }, { note: 'a\u0000b' }] })).toEqual({ path: 'items.1.note', key: 'invalid_characters' });
    expect(unstorableText({ email: '\ud800x@shop.example' })).toEqual({ path: 'email', key: 'lone_surrogate' });
    expect(unstorableText({ name: 'x\udc00' })).toEqual({ path: 'name', key: 'lone_surrogate' });
    expect(unstorableText({ value: { ['k\ud800']: 1 } })).toEqual({ path: 'value', key: 'lone_surrogate' });
    expect(unstorableText('\ud800', 'q')).toEqual({ path: 'q', key: 'lone_surrogate' });
  });

  it('takes whole surrogate pairs, emoji and every script as they are', () => {
    expect(unstorableText({ name: 'Zakład Łódź – Dvořák 😀 שלום 你好', list: ['\ud83d\ude00'] })).toBeUndefined();
    expect(unstorableText({ file: Buffer.from([0, 0xd8]) })).toBeUndefined();
  });

  it('refuses a value nested deeper than the limit, without recursing', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(() => unstorableText(deep)).toThrow(TooDeep);
    let fits: unknown = 'x';
    for (let level = 0; level < MAX_DEPTH; level++) fits = { a: fits };
    expect(unstorableText(fits)).toBeUndefined();
  });
});
