import { EntityManager } from 'typeorm';
import { settingFallback } from '@fabquote/database';
import { QUOTE_INSTANT_PRICES, QUOTE_PAGE_ENABLED } from './setting-kinds';
import { SettingsRepository } from './settings.repository';

/** A switch as stored (`true`/`false`, kind `boolean`): not set is off; anything else is off too, with a warning in the log. */
export function settingSwitch(slug: string, stored: unknown): boolean {
  if (stored === undefined || stored === null || stored === '') return false;
  const text = typeof stored === 'string' ? stored.trim().toLowerCase() : null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  return settingFallback(slug, stored, false);
}

/** The quote page's two switches, read in the caller's tenant transaction; never fails on a stored value. */
export async function quotePageSwitches(manager: EntityManager): Promise<{ enabled: boolean; instantPrices: boolean }> {
  const rows = await new SettingsRepository(manager).settings([QUOTE_PAGE_ENABLED, QUOTE_INSTANT_PRICES]);
  const stored = (slug: string) => rows.find((row) => row.slug === slug)?.value;
  return { enabled: settingSwitch(QUOTE_PAGE_ENABLED, stored(QUOTE_PAGE_ENABLED)), instantPrices: settingSwitch(QUOTE_INSTANT_PRICES, stored(QUOTE_INSTANT_PRICES)) };
}
