import { useSession } from '../auth/useSession';

/** Shown where the organization has not said otherwise (an older session's stored profile). */
export const DEFAULT_CURRENCY = 'EUR';

/** The organization's currency code for showing money, from the signed-in profile (setting `currency`). */
export function useCurrency(): string {
  return useSession().profile?.currency || DEFAULT_CURRENCY;
}
