import { defaultDarkTheme, defaultLightTheme, RaThemeOptions } from 'react-admin';

/**
 * react-admin's own light and dark looks, with what every form of the console does by default:
 * leaving one with unsaved changes asks first (`warnWhenUnsavedChanges`; it needs the data router
 * of App.tsx). A form can still say otherwise.
 */
function withConsoleDefaults(theme: RaThemeOptions): RaThemeOptions {
  return {
    ...theme,
    components: {
      ...theme.components,
      RaSimpleForm: { ...theme.components?.RaSimpleForm, defaultProps: { ...theme.components?.RaSimpleForm?.defaultProps, warnWhenUnsavedChanges: true } },
    },
  };
}

export const lightTheme = withConsoleDefaults(defaultLightTheme);
export const darkTheme = withConsoleDefaults(defaultDarkTheme);
