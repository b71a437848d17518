import { useMemo } from 'react';
import { downloadCSV, Exporter, useLocaleState, useTranslate } from 'react-admin';
import { CsvColumn, csvText, RelatedRecords } from './csv-export';
import { useTimeZone } from './useTimeZone';

/** UTF-8's byte order mark: without it Excel reads the file in the machine's old code page ("GerÃ¤tebau"). */
const BYTE_ORDER_MARK = '\ufeff';

/**
 * A list's exporter writing `columns` (see csv-export.ts) in the console's language, as a file named after the
 * list ("Materialien.csv"); a reference that can not be read is written as its id.
 */
export function useCsvExporter(resource: string, columns: readonly CsvColumn[]): Exporter {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const timeZone = useTimeZone();
  return useMemo<Exporter>(
    () => async (records, fetchRelatedRecords) => {
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
      const csv = csvText(records, columns, related, header, { locale, timeZone, translate });
      downloadCSV(BYTE_ORDER_MARK + csv, translate(`resources.${resource}.name`, { smart_count: 2, _: resource }));
    },
    [resource, columns, translate, locale, timeZone],
  );
}
