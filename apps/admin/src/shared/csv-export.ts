import { DEFAULT_LOCALE, Locale, toLocale } from '../i18n/locales';
import { formatDateText, formatDateTimeText, ISO_DATE } from './dates';
import { formatNumber } from './numbers';

/**
 * What a list's CSV holds: the columns a person reads, under their translated names, with referenced records
 * by name instead of by id, every value written the way the reader's language writes it, for the spreadsheet
 * that opens it: German Excel splits a line at ";" (its "," is the decimal comma) and reads "1,15" as a number,
 * English at "," with "1.15". Numbers are written without thousands separators (a spreadsheet reads "1234,5" as
 * a number either way), days and date-times as the console writes them (date-times on the organization's wall
 * clock), yes/no as words and a field's choices (a status, a type) as the reader's word for them.
 */
export interface CsvColumn {
  source: string;
  /** The resource `source` holds the id of (a material's group). */
  reference?: string;
  /** The referenced record's field to write; `name` unless told. */
  referenceField?: string;
  /** Where the field's choices are translated (`fabquote.status.order` → `fabquote.status.order.draft`). */
  choices?: string;
}

type Row = Record<string, unknown>;

/** Referenced records by resource, then by id, as react-admin's fetchRelatedRecords answers them. */
export type RelatedRecords = Record<string, Record<string, Row | undefined>>;

/** The reader the CSV is written for: the console's language, the organization's time zone, the console's texts. */
export interface CsvReader {
  locale: string;
  timeZone: string;
  translate: (key: string, options?: Record<string, unknown>) => string;
}

const SEPARATOR: Record<Locale, string> = { en: ',', de: ';' };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** What a spreadsheet runs as a formula at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

function value(record: Row, column: CsvColumn, related: RelatedRecords): unknown {
  const stored = record[column.source];
  if (stored === null || stored === undefined || !column.reference) return stored;
  const name = related[column.reference]?.[String(stored)]?.[column.referenceField ?? 'name'];
  return name === null || name === undefined ? stored : name;
}

/** A value as the reader's language writes it. */
function written(stored: unknown, column: CsvColumn, reader: CsvReader): string {
  if (stored === null || stored === undefined) return '';
  if (typeof stored === 'boolean') return reader.translate(stored ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof stored === 'number') return formatNumber(stored, reader.locale, { grouping: false });
  if (typeof stored !== 'string') return JSON.stringify(stored);
  if (column.choices && stored !== '') return reader.translate(`${column.choices}.${stored}`, { _: stored });
  if (ISO_DATE.test(stored)) return formatDateText(stored, reader.locale);
  if (ISO_INSTANT.test(stored)) return formatDateTimeText(stored, reader.locale, reader.timeZone);
  // A name that would run as a formula is written as text (OWASP "CSV injection"): customers and suppliers type
  // some of these texts on public pages.
  return FORMULA_START.test(stored) ? `'${stored}` : stored;
}

/** A cell as RFC 4180 writes it: quoted when it holds the separator, a quote or a line break. */
function cell(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV of `records` for `reader`: a header of the columns' names, then a line per record, CRLF-ended. */
export function csvText(records: readonly Row[], columns: readonly CsvColumn[], related: RelatedRecords, header: (source: string) => string, reader: CsvReader): string {
  const separator = SEPARATOR[toLocale(reader.locale) ?? DEFAULT_LOCALE];
  const line = (cells: readonly string[]) => cells.map((text) => cell(text, separator)).join(separator);
  const lines = [line(columns.map((column) => header(column.source))), ...records.map((record) => line(columns.map((column) => written(value(record, column, related), column, reader))))];
  return lines.map((text) => `${text}\r\n`).join('');
}
