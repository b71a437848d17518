import { Chip, ChipProps, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Labeled, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { EMPTY_VALUE, formatDate, formatDateTime, formatMoney, formatQuantity } from './format';
import { StatusKind, statusLook } from './statuses';
import { useCurrency } from './useCurrency';
import { useTimeZone } from './useTimeZone';

/** Display pieces every screen uses, so dates, money and statuses look the same everywhere. */

const read = (record: Record<string, unknown> | undefined, source: string): unknown =>
  source.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);

type DateValue = string | number | Date | null | undefined;

/** Values read like react-admin's own fields (body2), in a table cell and under a label alike. */
const Value = ({ children }: { children: ReactNode }) => (
  <Typography component="span" variant="body2">
    {children}
  </Typography>
);

/**
 * A date in the reader's language: 05/01/26 or 05.01.26; with `withTime`, HH:mm and the zone named, on
 * the organization's wall clock (05.01.26 09:07 MEZ). An instant's day is the organization's too.
 */
export const DateText = ({ value, withTime = false }: { value: DateValue; withTime?: boolean }) => {
  const [locale] = useLocaleState();
  const timeZone = useTimeZone();
  return <Value>{withTime ? formatDateTime(value, locale, timeZone) : formatDate(value, locale, timeZone)}</Value>;
};

/** A record's date as DateText writes it, '--' when missing (docs/product.md §9). */
export const DateValueField = ({ source, withTime = false }: { source: string; withTime?: boolean; label?: string }) => {
  const record = useRecordContext();
  return <DateText value={read(record, source) as DateValue} withTime={withTime} />;
};

/**
 * Fields of one kind as rows of a show layout, each under its label. An array, not a component: a
 * show layout labels and spaces each of its children, and so each of these.
 */
export const labeledFields = (sources: readonly string[], field: (source: string) => ReactElement) =>
  sources.map((source) => (
    <Labeled key={source} source={source}>
      {field(source)}
    </Labeled>
  ));

/** When a record was created and last changed, as the last rows of a show page. */
export const recordDates = () => labeledFields(['createdAt', 'updatedAt'], (source) => <DateValueField source={source} withTime />);

/** `unitPrice` keeps up to four decimals: a press nut costs €0.0575. */
export const MoneyText = ({ value, currency, unitPrice = false }: { value: unknown; currency?: string; unitPrice?: boolean }) => {
  const [locale] = useLocaleState();
  const organizationCurrency = useCurrency();
  return <Value>{formatMoney(value, locale, currency ?? organizationCurrency, unitPrice ? 4 : undefined)}</Value>;
};

export const QuantityText = ({ value, unit, fractionDigits }: { value: unknown; unit?: string; fractionDigits?: number }) => {
  const [locale] = useLocaleState();
  return <Value>{formatQuantity(value, locale, unit, fractionDigits)}</Value>;
};

/** A record's amount of money, per locale. */
export const MoneyField = ({ source, unitPrice }: { source: string; unitPrice?: boolean; label?: string }) => {
  const record = useRecordContext();
  return <MoneyText value={read(record, source)} unitPrice={unitPrice} />;
};

/** A record's number, per locale, with its unit (mm, kg, s). */
export const QuantityField = ({ source, unit, fractionDigits }: { source: string; unit?: string; fractionDigits?: number; label?: string }) => {
  const record = useRecordContext();
  return <QuantityText value={read(record, source)} unit={unit} fractionDigits={fractionDigits} />;
};

/** A record's value of a fixed list, translated under `${prefix}.<value>`; '--' when empty. */
export const ChoiceField = ({ source, prefix }: { source: string; prefix: string; label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = read(record, source);
  if (value === null || value === undefined || value === '') return <Value>{EMPTY_VALUE}</Value>;
  return <Value>{translate(`${prefix}.${String(value)}`, { _: String(value) })}</Value>;
};

export interface StatusChipProps extends Omit<ChipProps, 'label' | 'color'> {
  kind: StatusKind;
  status: string | boolean | null | undefined;
}

/** A status of docs/product.md §4 as a coloured chip with its translated label. */
export const StatusChip = ({ kind, status, ...chipProps }: StatusChipProps) => {
  const translate = useTranslate();
  if (status === null || status === undefined || status === '') return null;
  const { key, color } = statusLook(kind, status);
  return <Chip size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={key ? translate(key) : String(status)} {...chipProps} />;
};
