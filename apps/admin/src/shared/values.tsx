import { Chip, ChipProps } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from './format';
import { StatusKind, statusLook } from './statuses';

/** Display pieces every screen uses, so dates, money and statuses look the same everywhere. */

const read = (record: Record<string, unknown> | undefined, source: string): unknown =>
  source.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);

type DateValue = string | number | Date | null | undefined;

export const DateText = ({ value, withTime = false }: { value: DateValue; withTime?: boolean }) => (
  <span>{withTime ? formatDateTime(value) : formatDate(value)}</span>
);

/** A record's date as dd/MM/yy (or with HH:mm), '--' when missing (spec §9). */
export const DateValueField = ({ source, withTime = false }: { source: string; withTime?: boolean; label?: string }) => {
  const record = useRecordContext();
  return <DateText value={read(record, source) as DateValue} withTime={withTime} />;
};

export const MoneyText = ({ value, currency = 'EUR' }: { value: unknown; currency?: string }) => {
  const [locale] = useLocaleState();
  return <span>{formatMoney(value, locale, currency)}</span>;
};

export const QuantityText = ({ value, unit }: { value: unknown; unit?: string }) => {
  const [locale] = useLocaleState();
  return <span>{formatQuantity(value, locale, unit)}</span>;
};

export interface StatusChipProps extends Omit<ChipProps, 'label' | 'color'> {
  kind: StatusKind;
  status: string | boolean | null | undefined;
}

/** A status of spec §4 as a coloured chip with its translated label. */
export const StatusChip = ({ kind, status, ...chipProps }: StatusChipProps) => {
  const translate = useTranslate();
  if (status === null || status === undefined || status === '') return null;
  const { key, color } = statusLook(kind, status);
  return <Chip size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={key ? translate(key) : String(status)} {...chipProps} />;
};
