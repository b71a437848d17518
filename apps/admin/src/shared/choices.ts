/** A fixed list of values as react-admin choices whose names are translation keys `${prefix}.<value>`. */
export function choicesOf(values: readonly string[], prefix: string): { id: string; name: string }[] {
  return values.map((value) => ({ id: value, name: `${prefix}.${value}` }));
}

/** Yes/no for list filters: the API filters booleans by their text. */
export const YES_NO_CHOICES = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

/** What a material's or a group's price is per (the API's choice values). */
export const PRICE_UNITS = ['kg', 'm2', 'sheet', 'piece'] as const;
export const PRICE_UNIT_PREFIX = 'fabquote.price_units';

/** The two languages of mails to suppliers; names in their own language, as in the user invitation. */
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch' };
