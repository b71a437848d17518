import { createElement } from 'react';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { NoResults } from '../shared/NoResults';
import { withConsoleDefaults } from './theme-defaults';

/** react-admin's own light and dark looks with the console's defaults (theme-defaults.ts). */
export const lightTheme = withConsoleDefaults(defaultLightTheme, createElement(NoResults));
export const darkTheme = withConsoleDefaults(defaultDarkTheme, createElement(NoResults));
