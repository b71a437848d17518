import { HttpError } from 'react-admin';
import { api, requestHeaders, API_URL } from '../api/http-client';
import { needsPrivacyPolicy } from '../api/http-errors';
import { session } from './current-session';
import { Profile, profileFromDocument } from './profile';

/**
 * The sign-in and profile calls of docs/product.md §7 and docs/api-identity.md, and the
 * state changes they cause (docs/product.md §4).
 */
export type SignInStep = 'mfa' | 'privacy' | 'signed-in';

interface TokenAnswer {
  attributes?: { privacy_policy_read?: number | boolean };
  meta?: { token?: string };
  data?: { requires_mfa?: boolean; temporary_token?: string };
}

export interface MfaSetup {
  otpauth_uri: string;
  qr_code: string;
  secret: string;
  recovery_codes: string[];
}

const PROFILE_PATH = '/restify/profile?include=roles.permissions,languages';

export async function fetchProfile(): Promise<Profile> {
  return profileFromDocument(await api.get<unknown>(PROFILE_PATH));
}

/** Loads the profile and lets the user in; the API refuses it while the policy is unaccepted. */
async function enter(): Promise<SignInStep> {
  try {
    session.signIn(await fetchProfile());
    return 'signed-in';
  } catch (error) {
    if (error instanceof HttpError && needsPrivacyPolicy(error.status, error.body)) return 'privacy';
    throw error;
  }
}

async function continueWith(answer: TokenAnswer): Promise<SignInStep> {
  const token = answer.meta?.token;
  if (!token) throw new Error('The sign-in answer has no token');
  session.receiveToken(token);
  const read = answer.attributes?.privacy_policy_read;
  if (read === 0 || read === false) return 'privacy';
  return enter();
}

export async function signIn(email: string, password: string): Promise<SignInStep> {
  const answer = await api.post<TokenAnswer>('/restify/login', { email, password });
  if (answer.data?.requires_mfa && answer.data.temporary_token) {
    session.startMfa(answer.data.temporary_token);
    return 'mfa';
  }
  return continueWith(answer);
}

export async function verifyMfa(code: string): Promise<SignInStep> {
  const temporaryToken = session.snapshot().temporaryToken;
  if (!temporaryToken) throw new Error('No sign-in is waiting for a code');
  return continueWith(await api.post<TokenAnswer>('/restify/mfa-verify', { temporary_token: temporaryToken, code }));
}

export async function acceptPrivacyPolicy(): Promise<SignInStep> {
  await api.post('/restify/privacy-policy/accept');
  return enter();
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/restify/forgotPassword', { email });
}

export interface PasswordReset {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}

/** A reset (or an accepted invitation) signs the user in at once. */
export async function resetPassword(input: PasswordReset): Promise<SignInStep> {
  session.clear();
  return continueWith(await api.post<TokenAnswer>('/restify/resetPassword', input));
}

/**
 * Saves profile changes (JSON, or multipart with the avatar), then reads the
 * whole profile back so roles and languages stay current.
 */
export async function updateProfile(changes: Record<string, string> | FormData): Promise<Profile> {
  await api.post('/restify/profile', changes);
  return refreshProfile();
}

/** Reads the profile again, e.g. after the organization's currency changed. */
export async function refreshProfile(): Promise<Profile> {
  const profile = await fetchProfile();
  session.updateProfile(profile);
  return profile;
}

export const startMfaSetup = () => api.post<MfaSetup>('/restify/profile/mfa/setup');
export const enableMfa = (code: string) => api.post('/restify/profile/mfa/enable', { code });
export const disableMfa = (password: string) => api.post('/restify/profile/mfa/disable', { password });

/**
 * Ends the session here first, then tells the API, so a dead token's 401 can
 * not count as an expired session.
 */
export async function signOut(): Promise<void> {
  const token = session.snapshot().token;
  session.clear('sign-out');
  if (!token) return;
  await fetch(`${API_URL}/restify/logout`, { method: 'POST', headers: requestHeaders({ Authorization: `Bearer ${token}` }) }).catch(() => undefined);
}
