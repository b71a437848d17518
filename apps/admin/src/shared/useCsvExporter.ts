import { useMemo } from 'react';
import { defaultExporter, Exporter, useTranslate } from 'react-admin';
import { CsvColumn, csvRows, RelatedRecords } from './csv-export';

/** A list's exporter writing `columns` (see csv-export.ts); a reference that can not be read is written as its id. */
export function useCsvExporter(resource: string, columns: readonly CsvColumn[]): Exporter {
  const translate = useTranslate();
  return useMemo<Exporter>(
    () => async (records, fetchRelatedRecords, dataProvider) => {
      const related: RelatedRecords = {};
      for (const column of columns) {
        if (!column.reference || related[column.reference]) continue;
        const sources = columns.filter((other) => other.reference === column.reference).map((other) => other.source);
        try {
          const ids = records.flatMap((record) => sources.map((source) => ({ id: record[source] })));
          related[column.reference] = (await fetchRelatedRecords(ids, 'id', column.reference)) as RelatedRecords[string];
        } catch {
          related[column.reference] = {};
        }
      }
      const header = (source: string) => translate(`resources.${resource}.fields.${source}`, { _: source });
      return defaultExporter(csvRows(records, columns, related, header), fetchRelatedRecords, dataProvider, resource);
    },
    [resource, columns, translate],
  );
}
