import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, matchPath, Navigate, RouterProvider, useLocation } from 'react-router-dom';
import { requestHeaders } from './api/http-client';
import { session } from './auth/current-session';
import { LoginPage } from './auth/LoginPage';
import { i18nProvider, prepareLocale } from './i18n/i18n-provider';
import { toLocale } from './i18n/locales';
import { store } from './layout/console-store';
import { FirstLoad } from './layout/FirstLoad';
import { NO_ORGANIZATION_PATH } from './layout/NoOrganization';
import { SignInFrame } from './layout/SignInFrame';
import { Organization } from './organization';
import { OrganizationContext } from './organization-context';
import { loadConsole } from './routing/console-loader';

const Console = lazy(loadConsole);

/**
 * Asks the API which organization this address belongs to before anything
 * else (docs/product.md §1). Without one the console opens on /no-organization; with one,
 * a browser that never chose a language starts in the organization's.
 */
async function checkOrganization(): Promise<Organization | null> {
  try {
    const response = await fetch('/api/v1/organization', { headers: requestHeaders() });
    return response.ok ? ((await response.json()) as Organization) : null;
  } catch {
    return null;
  }
}

async function prepare(): Promise<Organization | null> {
  const organization = await checkOrganization();
  const path = window.location.pathname;
  if (!organization && path !== NO_ORGANIZATION_PATH) window.history.replaceState(null, '', NO_ORGANIZATION_PATH);
  if (organization && path === NO_ORGANIZATION_PATH) window.history.replaceState(null, '', '/');
  const organizationLocale = toLocale(organization?.defaultLocale);
  await prepareLocale(organizationLocale);
  // react-admin keeps its own copy of the locale; the `locale` key is the one that counts.
  store.setItem('locale', i18nProvider.getLocale());
  return organization;
}

/** The console's pages for people without a session (Console.tsx, its routes without the layout). */
const OPEN_PATHS = ['/forgot-password', '/reset-password', NO_ORGANIZATION_PATH, '/pub/*'];

/**
 * The console, loaded when first shown. A page of it opened without a session goes straight to the sign-in, as
 * react-admin would send it (coming back there afterwards), without fetching react-admin first; once the console
 * is there, react-admin follows the session itself.
 */
const ConsolePage = () => {
  const location = useLocation();
  const [admitted] = useState(() => session.snapshot().stage === 'signed-in' || OPEN_PATHS.some((path) => matchPath(path, location.pathname)));
  if (!admitted) return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  return (
    <Suspense fallback={<FirstLoad />}>
      <Console />
    </Suspense>
  );
};

/** The sign-in without react-admin (docs/architecture.md, "The console's first load and texts"); every other path is the console's. */
const ROUTES = [
  {
    path: '/login',
    element: (
      <SignInFrame>
        <LoginPage />
      </SignInFrame>
    ),
  },
  { path: '*', element: <ConsolePage /> },
];

export const App = () => {
  const [organization, setOrganization] = useState<Organization | null | undefined>(undefined);
  useEffect(() => {
    prepare().then(setOrganization);
  }, []);
  /*
    docs/product.md §2's paths are real paths (/users/1/view), not react-admin's default hash routes.
    A data router, so react-admin can hold a navigation while a form has unsaved changes
    (warnWhenUnsavedChanges, layout/theme.ts); made once the organization check has put the address
    where it belongs. Navigation is synchronous: inside a transition, react-admin's sign-out redirect
    kept being interrupted by the store and query resets it triggers, and never landed on /login.
  */
  const router = useMemo(() => (organization === undefined ? null : createBrowserRouter(ROUTES)), [organization]);
  if (!router) return <FirstLoad />;
  return (
    <OrganizationContext.Provider value={organization ?? null}>
      <RouterProvider router={router} useTransitions={false} />
    </OrganizationContext.Provider>
  );
};
