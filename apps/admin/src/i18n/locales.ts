/** The two languages of the console (docs/product.md §1): English is the default and the fallback. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Local storage key of the chosen language; the spec names it. */
export const LOCALE_STORAGE_KEY = 'locale';

const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', de: 'de-DE' };

/** 'de', 'de-DE', 'DE_at' → 'de'; anything else → null. */
export function toLocale(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const language = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : null;
}

/** The BCP 47 tag Intl formats with: en → en-US, de → de-DE. */
export function intlLocale(locale: string): string {
  return INTL_LOCALES[toLocale(locale) ?? DEFAULT_LOCALE];
}
