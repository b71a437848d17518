import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { rememberLocale } from '../i18n/i18n-provider';
import { toLocale } from '../i18n/locales';
import { session } from './current-session';

/**
 * The first step of entering the console after any sign-in: the profile's language becomes the console's
 * (docs/product.md §7), remembered at once so the page opened next is in it.
 */
export function useProfileLocale(): () => void {
  const [locale, setLocale] = useLocaleState();
  return useCallback(() => {
    const language = toLocale(session.snapshot().profile?.languageCode);
    if (language) rememberLocale(language);
    if (language && language !== locale) setLocale(language);
  }, [locale, setLocale]);
}
