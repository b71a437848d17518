import { DecimalParam, formatNumber, isDecimalParam } from './format';
import { DEFAULT_LOCALE, Locale, LOCALES, MessageKey, messages } from './messages';

/**
 * A message's placeholder values: a text as it is; a number (or a `decimalParam("31.38")`, an exact
 * decimal) written as the reader's language writes numbers ("1,000,000" / "1.000.000"); a phrase
 * (a message of its own, "{from}–{to} mm") said in the same language.
 */
export type MessageParams = Record<string, string | number | bigint | DecimalParam | Phrase>;

/** A placeholder's value as the text of `locale`. */
function paramText(locale: Locale, value: string | number | bigint | DecimalParam | Phrase): string {
  if (typeof value === 'number' || typeof value === 'bigint') return formatNumber(locale, value);
  if (isDecimalParam(value)) return formatNumber(locale, value.decimal);
  if (isPhrase(value)) return say(locale, value);
  return String(value);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages.en, key);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as string[]).includes(value);
}

/** The message in `locale`, falling back to English, with `{placeholders}` filled in (numbers in the language's notation). */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const language: Locale = messages[locale] ? locale : DEFAULT_LOCALE;
  const template: string = messages[language][key] ?? messages[DEFAULT_LOCALE][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? paramText(language, params[name]) : whole));
}

/**
 * A message kept to be said later, in the language of whoever reads it: its key and params,
 * a param itself a phrase where it is a message too ("Repriced: {what} changed").
 */
export interface Phrase {
  key: MessageKey;
  params?: Record<string, string | number | DecimalParam | Phrase>;
}

export function isPhrase(value: unknown): value is Phrase {
  return typeof value === 'object' && value !== null && typeof (value as Phrase).key === 'string' && isMessageKey((value as Phrase).key);
}

/** The phrase in `locale`, its inner phrases too. */
export function say(locale: Locale, phrase: Phrase): string {
  return translate(locale, phrase.key, phrase.params ?? {});
}

/**
 * Picks the first supported language of an Accept-Language header
 * (`de-DE,de;q=0.9,en;q=0.8` → `de`), honouring q-values.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...options] = part.trim().split(';');
      const q = options.map((option) => option.trim()).find((option) => option.startsWith('q='));
      return { language: tag.trim().toLowerCase().split('-')[0], quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.language && !Number.isNaN(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}
