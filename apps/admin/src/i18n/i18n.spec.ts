import englishMessages from 'ra-language-english';
import { de } from './de';
import { en } from './en';
import { withBraces } from './placeholders';
import { raGerman } from './ra-de';

type Tree = { [key: string]: string | Tree };

function leaves(tree: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

/**
 * A text's placeholders, sorted. `field_lower_first` counts as `field`: react-admin passes both to its sort
 * texts, and English lower-cases the label where German keeps the noun's capital.
 */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => (match[1] === 'field_lower_first' ? 'field' : match[1])).sort();
const pluralForms = (text: string) => text.split('||||').length;

/** The two catalogues have the same keys, none empty, and each German text the placeholders and plural forms of its English one. */
function expectSameShape(english: Map<string, string>, german: Map<string, string>) {
  expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  for (const [key, text] of german) expect([key, text.trim().length > 0 || english.get(key)?.trim() === '']).toEqual([key, true]);
  for (const [key, text] of english) {
    const translated = german.get(key) ?? '';
    expect([key, placeholders(translated)]).toEqual([key, placeholders(text)]);
    expect([key, pluralForms(translated)]).toEqual([key, pluralForms(text)]);
  }
}

describe("the console's texts", () => {
  it('are the same keys in English and German, with the same placeholders and plural forms', () => {
    expectSameShape(leaves(en), leaves(de));
  });

  it("write placeholders as {name}, like libs/i18n, never polyglot's default %{name}", () => {
    for (const [key, text] of [...leaves(en), ...leaves(de)]) expect([key, text.includes('%{')]).toEqual([key, false]);
  });
});

describe("react-admin's texts in German", () => {
  it('are exactly the keys of ra-language-english, with its placeholders and plural forms', () => {
    expectSameShape(leaves(withBraces(englishMessages)), leaves(raGerman));
  });

  it('write placeholders as {name}', () => {
    for (const [key, text] of leaves(raGerman)) expect([key, text.includes('%{')]).toEqual([key, false]);
  });

  it('keep a column label as it stands in the sort texts: German nouns are capitalized', () => {
    expect(raGerman.ra.sort.sort_by).not.toContain('field_lower_first');
    expect(raGerman.ra.sort.sort_by.replace('{field}', 'Vollständiger Name').replace('{order}', raGerman.ra.sort.ASC)).toBe('Nach „Vollständiger Name“ aufsteigend sortieren');
  });
});

describe('withBraces', () => {
  it("rewrites a pack's %{name} placeholders as {name} at every depth and keeps the rest", () => {
    expect(withBraces({ a: 'Delete %{name} |||| Delete %{smart_count} %{name}', b: { c: '100% sure {x}', d: ' ' } })).toEqual({
      a: 'Delete {name} |||| Delete {smart_count} {name}',
      b: { c: '100% sure {x}', d: ' ' },
    });
  });

  it('leaves no %{ in ra-language-english', () => {
    for (const [key, text] of leaves(withBraces(englishMessages))) expect([key, text.includes('%{')]).toEqual([key, false]);
  });
});
