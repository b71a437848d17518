import { useSession } from '../auth/useSession';
import { knownTimeZone } from './dates';

/**
 * The organization's time zone (setting `time-zone`, IANA; UTC without one), from the signed-in profile
 * (`meta.timeZone`, read like the currency): every deadline and date-time of the console is shown and typed
 * on its wall clock, whatever the browser's zone.
 */
export function useTimeZone(): string {
  return knownTimeZone(useSession().profile?.timeZone);
}
