import { LETTERHEAD_SETTINGS } from '@fabquote/documents';
import { SettingValue } from '@fabquote/database';
import { FieldInvalid } from '../common/app-exception';

/**
 * The settings the customer's documents read (libs/documents, the order's PDF): the letterhead's
 * `letterhead-*` slugs and `time-zone`. None is required and none has a default: a shop that sets
 * none prints its organization's name, and its documents' dates in UTC.
 */
export const TIME_ZONE = 'time-zone';

const SINGLE_TEXT = new Set<string>(Object.values(LETTERHEAD_SETTINGS).filter((slug) => slug !== LETTERHEAD_SETTINGS.addressLines));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** For a write of one of these settings: nothing, or a 422 on `value` in the reader's language. */
export function checkDocumentSetting(slug: string, value: SettingValue | undefined): void {
  if (slug === TIME_ZONE) {
    if (typeof value !== 'string' || !knownTimeZone(value.trim())) throw new FieldInvalid('value', 'time_zone_invalid');
    return;
  }
  if (!SINGLE_TEXT.has(slug)) return; // letterhead-address: a text or a list, one line each
  if (typeof value !== 'string') throw new FieldInvalid('value', 'setting_single_text');
  if (slug === LETTERHEAD_SETTINGS.email && value.trim() && !EMAIL.test(value.trim())) throw new FieldInvalid('value', 'invalid_email');
}

function knownTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
