import { useEffect } from 'react';
import { useLogout, useNavigate } from 'react-admin';
import { refreshProfile } from '../auth/identity-api';
import { useSession } from '../auth/useSession';

/**
 * Keeps the console in step with the session: a 401 anywhere (the HTTP client
 * clears the session) or a sign-out in another tab leads to /login, which gives
 * the expired-session notice when the API ended it; a demand for the privacy
 * policy leads to that step. The profile (and so the permissions) is read
 * again once per visit, so role changes apply without signing in again.
 */
export const SessionWatcher = () => {
  const { stage, ended } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();

  useEffect(() => {
    if (stage === 'signed-in') return;
    if (stage === 'privacy') {
      navigate('/login', { replace: true });
      return;
    }
    // A deliberate sign-out navigates on its own.
    if (ended === 'sign-out') return;
    logout();
  }, [stage, ended, logout, navigate]);

  useEffect(() => {
    // Failures reach the session (401, privacy) through the HTTP client; a network hiccup keeps the stored profile.
    refreshProfile().catch(() => undefined);
  }, []);

  return null;
};
