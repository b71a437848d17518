import { useCallback } from 'react';
import { useAuthState, useLocaleState, useLogin } from 'react-admin';
import { rememberLocale } from '../i18n/i18n-provider';
import { toLocale } from '../i18n/locales';
import { session } from './current-session';

/**
 * The last step of every sign-in path: the profile's language becomes the
 * console's (docs/product.md §7), and react-admin enters, going back to the page that
 * sent the person to sign in, or home.
 */
export function useEnterConsole() {
  const login = useLogin();
  const [locale, setLocale] = useLocaleState();
  // The same query react-admin's routes read. Pages outside the layout (reset
  // password) leave a failed check cached; it must be redone before entering.
  const { refetch: recheckAuth } = useAuthState(undefined, false, { enabled: false });
  return useCallback(async () => {
    const language = toLocale(session.snapshot().profile?.languageCode);
    if (language) rememberLocale(language);
    if (language && language !== locale) setLocale(language);
    await recheckAuth();
    await login({});
  }, [login, locale, setLocale, recheckAuth]);
}
