import { useSyncExternalStore } from 'react';
import { session } from './current-session';
import type { SessionSnapshot } from './session';

/** The session, re-rendering on every sign-in step, profile change and sign-out. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.snapshot);
}
