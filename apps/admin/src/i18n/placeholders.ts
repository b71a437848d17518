/**
 * One placeholder format for the whole project: `{name}`, as libs/i18n writes the API's
 * and the engine's messages. Polyglot (react-admin's translator) is told so; its own
 * default would be `%{name}`.
 */
export const INTERPOLATION = { prefix: '{', suffix: '}' } as const;

type Messages = { [key: string]: string | Messages };

/** react-admin's language packs write `%{name}`: their texts with `{name}` instead, key by key. */
export function withBraces<T extends object>(messages: T): T {
  const result: Messages = {};
  for (const [key, value] of Object.entries(messages as Messages)) {
    result[key] = typeof value === 'string' ? value.replace(/%\{(\w+)\}/g, '{$1}') : withBraces(value);
  }
  return result as T;
}
