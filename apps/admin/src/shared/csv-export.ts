/**
 * What a list's CSV holds: the columns a person reads, under their translated
 * names, with referenced records by name instead of by id.
 */
export interface CsvColumn {
  source: string;
  /** The resource `source` holds the id of (a material's group). */
  reference?: string;
  /** The referenced record's field to write; `name` unless told. */
  referenceField?: string;
}

type Row = Record<string, unknown>;

/** Referenced records by resource, then by id, as react-admin's fetchRelatedRecords answers them. */
export type RelatedRecords = Record<string, Record<string, Row | undefined>>;

function cell(record: Row, column: CsvColumn, related: RelatedRecords): unknown {
  const value = record[column.source];
  if (value === null || value === undefined) return '';
  if (!column.reference) return value;
  const referenced = related[column.reference]?.[String(value)];
  const name = referenced?.[column.referenceField ?? 'name'];
  return name === null || name === undefined ? value : name;
}

export function csvRows(records: readonly Row[], columns: readonly CsvColumn[], related: RelatedRecords, header: (source: string) => string): Row[] {
  return records.map((record) => Object.fromEntries(columns.map((column) => [header(column.source), cell(record, column, related)])));
}
