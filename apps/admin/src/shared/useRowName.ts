import { RaRecord, TranslateFunction, useLocaleState, useTranslate } from 'react-admin';

/**
 * How a child table names a row in its delete dialog ("Delete 100 pcs?", `ChildRecords`' `rowName`): the child
 * resource's `resources.<reference>.row` message, its placeholders worked out from the row in the reader's locale
 * (`translate` for a choice's label, such as a contour's kind).
 */
export function useRowName(
  reference: string,
  placeholders: (row: RaRecord, locale: string, translate: TranslateFunction) => Record<string, unknown>,
): (row: RaRecord) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (row) => translate(`resources.${reference}.row`, placeholders(row, locale, translate));
}
