import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { english } from './english';
import { DEFAULT_LOCALE, Locale, LOCALE_STORAGE_KEY, toLocale } from './locales';
import { INTERPOLATION } from './placeholders';

/** German is its own chunk, fetched the first time it is needed (`prepareLocale`, or the switch). */
let german: TranslationMessages | null = null;
const messagesOf = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale !== 'de' ? english : (german ?? import('./german').then((loaded) => (german = loaded.german)));

/** The language stored in the browser, if any. */
function storedLocale(): Locale | null {
  return toLocale(window.localStorage.getItem(LOCALE_STORAGE_KEY));
}

function remember(locale: string): void {
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
}

/**
 * Stores the chosen language at once, before its texts are loaded: a page opened or reloaded meanwhile (right after
 * signing in, while German is still being fetched) opens in it rather than in the organization's.
 */
export function rememberLocale(locale: Locale): void {
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

// The provider starts in English, whose texts are in the first load; the stored language follows before the
// console renders (`prepareLocale`), so nobody sees English first.
const polyglot = polyglotI18nProvider(
  messagesOf,
  DEFAULT_LOCALE,
  [
    { locale: 'en', name: 'English' },
    { locale: 'de', name: 'Deutsch' },
  ],
  // Server texts are shown through translate() too; they are not keys and must come out as they are.
  { allowMissing: true, interpolation: INTERPOLATION },
);

/** react-admin's provider, keeping the choice under the local storage key the spec names. */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    const chosen = toLocale(locale);
    if (chosen) rememberLocale(chosen);
    await polyglot.changeLocale(locale, options);
    remember(locale);
  },
};

/**
 * Before the console renders: the language stored in the browser, else `fallback` (the organization's), loaded
 * and made the provider's (and remembered when it came from the organization).
 */
export async function prepareLocale(fallback: Locale | null): Promise<void> {
  const wanted = storedLocale() ?? fallback ?? DEFAULT_LOCALE;
  if (wanted !== i18nProvider.getLocale()) await i18nProvider.changeLocale(wanted);
  document.documentElement.lang = i18nProvider.getLocale();
}
