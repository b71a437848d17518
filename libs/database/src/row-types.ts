import { CustomTypesConfig, types } from 'pg';

/** PostgreSQL's type id of `text[]` (not among the driver's named type ids). */
export const TEXT_ARRAY = 1009 as Parameters<typeof types.getTypeParser>[0];

const parseAnyTextArray = types.getTypeParser(TEXT_ARRAY, 'text') as (value: string) => unknown;

/**
 * A `text[]` as the driver would read it, faster for the usual case: a list of plain words, such as every
 * permission of a session (`session_of`), read on every signed-in request. PostgreSQL writes an element in
 * quotes whenever it is empty or holds a comma, a brace, a quote, a backslash or white space, and a NULL
 * unquoted: so text between the braces without a quote, a backslash or a brace is its elements split at the
 * commas, `NULL` being null. Anything else (quoted, escaped, nested, with bounds) goes to the driver's parser,
 * which reads it character by character (80 µs for the 77 permissions of an administrator; this, 5 µs).
 */
export function parseTextArray(value: string): unknown {
  const inner = value.slice(1, -1);
  if (value[0] !== '{' || value[value.length - 1] !== '}' || /["\\{}]/.test(inner)) return parseAnyTextArray(value);
  if (inner === '') return [];
  const elements: Array<string | null> = inner.split(',');
  for (let index = 0; index < elements.length; index++) if (elements[index] === 'NULL') elements[index] = null;
  return elements;
}

/**
 * The type parsers of the app role's pool: the driver's own (and the calendar date kept a string, set for the
 * whole process in `data-sources.ts`), but `text[]` read by {@link parseTextArray}.
 */
export const APP_ROW_TYPES: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TEXT_ARRAY && format !== 'binary' ? parseTextArray : types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};
