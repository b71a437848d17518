import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import germanMessages from 'ra-language-german';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { de } from './de';
import { en } from './en';
import { DEFAULT_LOCALE, Locale, LOCALE_STORAGE_KEY, toLocale } from './locales';
import { mergeMessages } from './merge-messages';
import { raGerman } from './ra-de';

const english = mergeMessages<TranslationMessages>(englishMessages, en);
// ra-language-german predates react-admin 5; raGerman fills the keys it lacks.
const german = mergeMessages<TranslationMessages>(english, germanMessages, raGerman, de);

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
  { allowMissing: true },
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
