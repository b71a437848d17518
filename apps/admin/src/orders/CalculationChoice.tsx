import { SelectInput, useGetList, useLocaleState, useTranslate } from 'react-admin';
import type { Calculation } from '../api/contracts';
import { formatNumberList } from '../shared/numbers';
import { formatDate } from '../shared/format';
import { LATEST_STANDARD } from './order-record';

const NO_PRODUCTS: string[] = [];

/**
 * The what-if calculations of these products (docs/api-orders.md "Unit prices": a what-if is taken only
 * when chosen for a line), newest first, in one request for all the offer's products.
 */
export function useWhatIfCalculations(productIds: readonly string[]): Calculation[] {
  const ids = productIds.length > 0 ? [...new Set(productIds)].sort() : NO_PRODUCTS;
  const { data } = useGetList<Calculation>(
    'calculations',
    { filter: { productId: ids }, sort: { field: 'index', order: 'DESC' }, pagination: { page: 1, perPage: 1000 } },
    { enabled: ids.length > 0 },
  );
  return (data ?? []).filter((calculation) => calculation.whatIf);
}

/**
 * Which calculation a product line's price comes from: the product's latest standard one (the default, the
 * empty choice) or one of its what-ifs, each named by its number, day and quantities. Nothing to choose
 * without a what-if.
 */
export const CalculationChoice = ({ calculations, label = 'resources.items.fields.calculationId' }: { calculations: readonly Calculation[]; label?: string | false }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (calculations.length === 0) return null;
  const choices = calculations.map((calculation) => ({
    id: calculation.id,
    name: translate('resources.orders.lines.what_if_choice', {
      index: calculation.index,
      date: formatDate(calculation.createdOn, locale),
      quantities: formatNumberList(calculation.quantities, locale),
    }),
  }));
  return (
    <SelectInput
      source="calculationId"
      label={label}
      choices={choices}
      translateChoice={false}
      emptyValue={LATEST_STANDARD}
      emptyText="resources.orders.lines.latest_standard"
      helperText={false}
      fullWidth
      size="small"
    />
  );
};
