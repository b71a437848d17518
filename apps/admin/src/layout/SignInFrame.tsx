import { CssBaseline } from '@mui/material';
import type { ReactNode } from 'react';
import { I18nContextProvider, NotificationContextProvider, StoreContextProvider, ThemeProvider, ThemesContext, UndoableMutationsContextProvider } from 'react-admin';
import { i18nProvider } from '../i18n/i18n-provider';
import { AppNotification } from '../shared/AppNotification';
import { store } from './console-store';
import { signInDarkTheme, signInLightTheme } from './sign-in-theme';

const THEMES = { lightTheme: signInLightTheme, darkTheme: signInDarkTheme };

/**
 * What the sign-in page stands in instead of react-admin's <Admin> (docs/architecture.md, "The console's first
 * load and texts"): the same store, translations, theme (light or dark as the console picks it) and
 * notifications, from react-admin's small context providers, so the page and the console share their components
 * (AuthShell, LocaleSwitcher, AppNotification) while the console itself loads only once someone is signed in.
 */
export const SignInFrame = ({ children }: { children: ReactNode }) => (
  <StoreContextProvider value={store}>
    <I18nContextProvider value={i18nProvider}>
      <ThemesContext.Provider value={THEMES}>
        <ThemeProvider>
          <CssBaseline enableColorScheme />
          <NotificationContextProvider>
            <UndoableMutationsContextProvider>
              {children}
              <AppNotification />
            </UndoableMutationsContextProvider>
          </NotificationContextProvider>
        </ThemeProvider>
      </ThemesContext.Provider>
    </I18nContextProvider>
  </StoreContextProvider>
);
