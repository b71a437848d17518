import type { AuthProvider } from 'react-admin';
import { needsPrivacyPolicy } from '../api/http-errors';
import { session } from './current-session';
import { signIn, signOut } from './identity-api';
import { isAllowed, requirementFor } from './permissions';

interface ErrorLike {
  status?: number;
  message?: string;
  body?: unknown;
}

/**
 * react-admin's view of the session. Signing in has several steps (password,
 * code, privacy policy), which the login page drives through identity-api;
 * everything here answers from the stored session without a request.
 */
export const authProvider: AuthProvider = {
  /**
   * With credentials: the password step (the login page shows what follows).
   * Without: the steps are done and useLogin only has to enter the console.
   */
  login: async (credentials: { email?: string; password?: string } = {}) => {
    if (credentials.email !== undefined) {
      const step = await signIn(credentials.email, credentials.password ?? '');
      return step === 'signed-in' ? undefined : { redirectTo: '/login' };
    }
    if (session.snapshot().stage !== 'signed-in') throw new Error('The sign-in is not complete');
    return undefined;
  },
  logout: async () => {
    // Mid-way through signing in (code or privacy policy pending), react-admin "logs out" whoever
    // opens a console page; that must not throw the step away: /login shows it again.
    const { stage } = session.snapshot();
    if (stage !== 'mfa' && stage !== 'privacy') await signOut();
    return '/login';
  },
  checkAuth: () => (session.snapshot().stage === 'signed-in' ? Promise.resolve() : Promise.reject({ message: false, redirectTo: '/login' })),
  checkError: (error: ErrorLike) => {
    if (error?.status === 401) {
      session.clear('expired');
      return Promise.reject({ message: error.message, redirectTo: '/login' });
    }
    if (needsPrivacyPolicy(error?.status ?? 0, error?.body)) {
      return Promise.reject({ message: false, redirectTo: '/login', logoutUser: false });
    }
    return Promise.resolve();
  },
  getIdentity: async () => {
    const profile = session.snapshot().profile;
    if (!profile) throw new Error('Not signed in');
    return { id: profile.id, fullName: profile.name, avatar: profile.avatar ?? undefined };
  },
  getPermissions: async () => session.snapshot().permissions,
  canAccess: async ({ resource, action }) => isAllowed(session.snapshot().permissions, requirementFor(resource, action)),
};
