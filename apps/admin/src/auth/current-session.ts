import { Session, SESSION_KEYS } from './session';

/** The browser's session, shared by the HTTP client, the auth provider and the screens. */
export const session = new Session(window.localStorage);

// Signing out in one tab signs out the others.
window.addEventListener('storage', (event) => {
  if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) session.refresh();
});
