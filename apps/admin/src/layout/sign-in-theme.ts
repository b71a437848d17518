import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { withConsoleDefaults } from './theme-defaults';

/**
 * The console's looks (theme.ts) for the sign-in page, which has no tables: without their empty state, whose
 * component needs react-admin's lists and so stays out of the first load.
 */
export const signInLightTheme = withConsoleDefaults(defaultLightTheme, null);
export const signInDarkTheme = withConsoleDefaults(defaultDarkTheme, null);
