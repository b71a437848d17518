import { EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS, settingFallback, SettingValue } from '@fabquote/database';
import { FieldInvalid } from '../common/app-exception';
import { SettingsRepository } from './settings.repository';

/**
 * The organization's VAT rate in percent: setting `vat-rate`, one text such as "19" or "7.7" (0 to
 * 100, at most two decimals). A new order takes it (orders keep their own rate, docs/api-orders.md).
 */
export const VAT_RATE = 'vat-rate';

const RATE = /^(\d{1,3})(\.\d{1,2})?$/;

/** The rate a value holds as an exact decimal text ("19", "7.70"), or null. */
function rateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  return RATE.test(text) && Number(text) <= 100 ? text : null;
}

/** For a write of the setting: the rate, or a 422 on `value` in the reader's language. */
export function checkedVatRate(value: SettingValue | undefined): string {
  const rate = rateOf(value);
  if (rate === null) throw new FieldInvalid('value', 'vat_rate_invalid');
  return rate;
}

/** The rate in force, read in the caller's tenant transaction: the setting's, else 19 (also, with a warning in the log, for a value stored before it was checked). */
export async function vatRate(manager: EntityManager): Promise<string> {
  const setting = await new SettingsRepository(manager).setting(VAT_RATE);
  const fallback = DEFAULT_SETTINGS[VAT_RATE] as string;
  if (!setting) return fallback;
  return rateOf(setting.value) ?? settingFallback(VAT_RATE, setting.value, fallback);
}
