import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { de } from './de';
import { en } from './en';
import { DEFAULT_LOCALE, Locale, LOCALE_STORAGE_KEY, toLocale } from './locales';
import { mergeMessages } from './merge-messages';
import { INTERPOLATION, withBraces } from './placeholders';
import { raGerman } from './ra-de';

// react-admin's texts, then the console's. German is laid over English only as a net: both are complete (i18n.spec.ts).
const english = mergeMessages<TranslationMessages>(withBraces(englishMessages), en);
const german = mergeMessages<TranslationMessages>(english, raGerman, de);

/** The language stored in the browser, if any. */
export function storedLocale(): Locale | null {
  return toLocale(window.localStorage.getItem(LOCALE_STORAGE_KEY));
}

function remember(locale: string): void {
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
}

const polyglot = polyglotI18nProvider(
  (locale) => (locale === 'de' ? german : english),
  storedLocale() ?? DEFAULT_LOCALE,
  [
    { locale: 'en', name: 'English' },
    { locale: 'de', name: 'Deutsch' },
  ],
  // Server texts are shown through translate() too; they are not keys and must come out as they are.
  { allowMissing: true, interpolation: INTERPOLATION },
);
document.documentElement.lang = polyglot.getLocale();

/** react-admin's provider, keeping the choice under the local storage key the spec names. */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    remember(locale);
  },
};
