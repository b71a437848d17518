import { productsDe, productsEn } from './i18n';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();
const pluralForms = (text: string) => text.split('||||').length;

describe('product texts', () => {
  const english = leaves(productsEn);
  const german = leaves(productsDe);

  it('has a German text for every English one, none empty', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of german) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });

  it('keeps the placeholders and plural forms of the English text in German', () => {
    for (const [key, text] of english) {
      const translated = german.get(key) ?? '';
      expect([key, placeholders(translated)]).toEqual([key, placeholders(text)]);
      expect([key, pluralForms(translated)]).toEqual([key, pluralForms(text)]);
    }
  });
});
