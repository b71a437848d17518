import type { Profile } from './profile';

/**
 * The sign-in state, kept in local storage (docs/product.md §4): the bearer token under
 * `token`, the logged-in flag, the profile, and between the password and the
 * code the temporary MFA token. Pure over a storage object, so it is tested
 * without a browser; `current-session.ts` binds it to window.localStorage.
 */
export const SESSION_KEYS = {
  token: 'token',
  temporaryToken: 'temporary_token',
  loggedIn: 'logged_in',
  profile: 'profile',
} as const;

/**
 * What survives a sign-out or an expired session: the chosen language and the
 * remembered organization are the browser's, not the session's, and clearing
 * them would show the login page in another language or for another tenant.
 */
export const KEPT_ON_SIGN_OUT = ['locale', 'organization'] as const;

export type Stage = 'signed-out' | 'mfa' | 'privacy' | 'signed-in';

/** Why the last session ended: the person signed out, or the API refused the token (401). */
export type SessionEnd = 'sign-out' | 'expired';

export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionSnapshot {
  stage: Stage;
  token: string | null;
  temporaryToken: string | null;
  profile: Profile | null;
  permissions: readonly string[];
  /** Set when a session ended in this tab, until the next one starts. */
  ended: SessionEnd | null;
}

export class Session {
  private listeners = new Set<() => void>();
  private cached: SessionSnapshot | null = null;
  private ended: SessionEnd | null = null;

  constructor(private readonly storage: StorageLike) {}

  /** The same object until something changes, as useSyncExternalStore needs. */
  snapshot = (): SessionSnapshot => {
    if (!this.cached) {
      const token = this.storage.getItem(SESSION_KEYS.token);
      const temporaryToken = this.storage.getItem(SESSION_KEYS.temporaryToken);
      const loggedIn = this.storage.getItem(SESSION_KEYS.loggedIn) === 'true';
      const profile = this.readProfile();
      const stage: Stage = token ? (loggedIn && profile ? 'signed-in' : 'privacy') : temporaryToken ? 'mfa' : 'signed-out';
      this.cached = {
        stage,
        token,
        temporaryToken,
        profile,
        permissions: stage === 'signed-in' && profile ? profile.permissions : [],
        ended: this.ended,
      };
    }
    return this.cached;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Another tab or a test changed the storage. */
  refresh(): void {
    this.changed();
  }

  /** Password accepted, a code is needed next. */
  startMfa(temporaryToken: string): void {
    this.clearSession();
    this.ended = null;
    this.storage.setItem(SESSION_KEYS.temporaryToken, temporaryToken);
    this.changed();
  }

  /** A real token arrived (login, MFA, password reset); the privacy policy may still be pending. */
  receiveToken(token: string): void {
    this.ended = null;
    this.storage.removeItem(SESSION_KEYS.temporaryToken);
    this.storage.removeItem(SESSION_KEYS.loggedIn);
    this.storage.setItem(SESSION_KEYS.token, token);
    this.changed();
  }

  /** The privacy policy is accepted and the profile loaded: the user is in. */
  signIn(profile: Profile): void {
    this.storage.setItem(SESSION_KEYS.profile, JSON.stringify(profile));
    this.storage.setItem(SESSION_KEYS.loggedIn, 'true');
    this.changed();
  }

  updateProfile(profile: Profile): void {
    this.storage.setItem(SESSION_KEYS.profile, JSON.stringify(profile));
    this.changed();
  }

  /** The API refused a request until the policy is accepted (403 privacy_policy_required). */
  requirePrivacy(): void {
    if (!this.storage.getItem(SESSION_KEYS.token)) return;
    this.storage.removeItem(SESSION_KEYS.loggedIn);
    this.changed();
  }

  /** Sign-out and 401: local storage is cleared (docs/product.md §4), except the browser's own choices. */
  clear(reason: SessionEnd = 'sign-out'): void {
    const hadSession = this.snapshot().stage !== 'signed-out';
    this.clearSession();
    if (hadSession) this.ended = reason;
    this.changed();
  }

  private clearSession(): void {
    const keys: string[] = [];
    for (let index = 0; index < this.storage.length; index += 1) {
      const key = this.storage.key(index);
      if (key !== null && !(KEPT_ON_SIGN_OUT as readonly string[]).includes(key)) keys.push(key);
    }
    keys.forEach((key) => this.storage.removeItem(key));
  }

  private readProfile(): Profile | null {
    const stored = this.storage.getItem(SESSION_KEYS.profile);
    if (!stored) return null;
    try {
      const profile = JSON.parse(stored) as Profile;
      return typeof profile === 'object' && profile !== null && Array.isArray(profile.permissions) ? profile : null;
    } catch {
      return null;
    }
  }

  private changed(): void {
    this.cached = null;
    this.listeners.forEach((listener) => listener());
  }
}
