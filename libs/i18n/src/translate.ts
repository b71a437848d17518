import { DEFAULT_LOCALE, Locale, LOCALES, MessageKey, messages } from './messages';

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages.en, key);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as string[]).includes(value);
}

/** The message in `locale`, falling back to English, with `{placeholders}` filled in. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template: string = messages[locale]?.[key] ?? messages[DEFAULT_LOCALE][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A message kept to be said later, in the language of whoever reads it: its key and params,
 * a param itself a phrase where it is a message too ("Repriced: {what} changed").
 */
export interface Phrase {
  key: MessageKey;
  params?: Record<string, string | number | Phrase>;
}

export function isPhrase(value: unknown): value is Phrase {
  return typeof value === 'object' && value !== null && typeof (value as Phrase).key === 'string' && isMessageKey((value as Phrase).key);
}

/** The phrase in `locale`, its inner phrases too. */
export function say(locale: Locale, phrase: Phrase): string {
  const params = Object.fromEntries(Object.entries(phrase.params ?? {}).map(([name, value]) => [name, typeof value === 'object' ? say(locale, value) : value]));
  return translate(locale, phrase.key, params);
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
