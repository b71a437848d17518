import { useCallback } from 'react';
import { useAuthState, useLogin } from 'react-admin';
import { useProfileLocale } from './useProfileLocale';

/**
 * The last step of a sign-in completed inside the console (the password reset): the profile's language becomes
 * the console's, and react-admin enters, going back to the page that sent the person to sign in, or home. The
 * sign-in page, outside react-admin, does the same by itself (LoginPage.tsx).
 */
export function useEnterConsole() {
  const applyLocale = useProfileLocale();
  const login = useLogin();
  // The same query react-admin's routes read. Pages outside the layout (reset
  // password) leave a failed check cached; it must be redone before entering.
  const { refetch: recheckAuth } = useAuthState(undefined, false, { enabled: false });
  return useCallback(async () => {
    applyLocale();
    await recheckAuth();
    await login({});
  }, [applyLocale, login, recheckAuth]);
}
