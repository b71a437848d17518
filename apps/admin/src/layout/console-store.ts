import { localStorageStore } from 'react-admin';

/**
 * react-admin's store (the chosen theme, list settings, its copy of the locale), kept in local storage under
 * `Fabquote.*`; the sign-in page (SignInFrame) and the console (Console.tsx) share it.
 */
export const store = localStorageStore(undefined, 'Fabquote');
