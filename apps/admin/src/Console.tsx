import { Suspense } from 'react';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { dataProvider } from './api/data-provider';
import { authProvider } from './auth/auth-provider';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import companyProfile from './company-profile';
import dashboard from './dashboard';
import { i18nProvider } from './i18n/i18n-provider';
import items from './items';
import { AppLayout } from './layout/AppLayout';
import { store } from './layout/console-store';
import { FirstLoad } from './layout/FirstLoad';
import { NO_ORGANIZATION_PATH, NoOrganization } from './layout/NoOrganization';
import { NotFound } from './layout/NotFound';
import { RootRedirect } from './layout/RootRedirect';
import { darkTheme, lightTheme } from './layout/theme';
import { MASTER_DATA_AREAS } from './master-data';
import orders from './orders';
import { useOrganization } from './organization-context';
import { PLANNED_AREAS } from './planned/areas';
import products from './products';
import purchaseRequests from './purchase-requests';
import roles from './roles';
import { lazyScreens } from './routing/lazy-screens';
import { pageRoutes } from './routing/pageRoutes';
import settings from './settings';
import { AppNotification } from './shared/AppNotification';
import surveys from './surveys';
import users from './users';

// Like every area's screens (their index.ts), these pages load the first time they are shown.
const ProfilePage = lazyScreens(() => import('./profile/ProfilePage'))('ProfilePage');
const PublicPurchaseRequestPage = lazyScreens(() => import('./public-purchase-request/screens'))('PublicPurchaseRequestPage');
const PublicOfferPage = lazyScreens(() => import('./public-offer/screens'))('PublicOfferPage');
const PublicQuotePage = lazyScreens(() => import('./public-quote/screens'))('PublicQuotePage');

/**
 * The console: react-admin with every route of docs/product.md §2 but the sign-in (App.tsx shows /login
 * without react-admin; this chunk loads after it, routing/console-loader.ts).
 */
const Console = () => {
  const organization = useOrganization();
  return (
    <Admin
      title={organization?.name ?? 'Fabquote'}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      loading={FirstLoad}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={AppLayout}
      loginPage={false}
      catchAll={NotFound}
      notification={AppNotification}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path={NO_ORGANIZATION_PATH} element={<NoOrganization />} />
        <Route
          path="/pub/purchase-requests/:id/:supplierId"
          element={
            // Outside the layout, whose <Suspense> waits for the pages inside it.
            <Suspense fallback={<Loading />}>
              <PublicPurchaseRequestPage />
            </Suspense>
          }
        />
        <Route
          path="/pub/offers/:id"
          element={
            <Suspense fallback={<Loading />}>
              <PublicOfferPage />
            </Suspense>
          }
        />
        {['/pub/quote', '/pub/quote/:id'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<Loading />}>
                <PublicQuotePage />
              </Suspense>
            }
          />
        ))}
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<dashboard.page />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/company-profile" element={<companyProfile.page />} />
      </CustomRoutes>
      <Resource name="users" icon={users.icon} recordRepresentation={users.recordRepresentation}>
        {pageRoutes('users', { list: users.list, view: users.show, edit: users.edit })}
      </Resource>
      <Resource name="roles" icon={roles.icon} recordRepresentation={roles.recordRepresentation} hasCreate>
        {pageRoutes('roles', { list: roles.list, create: roles.create, view: roles.show, edit: roles.edit })}
      </Resource>
      <Resource name="settings" icon={settings.icon} recordRepresentation={settings.recordRepresentation} hasCreate>
        {pageRoutes('settings', { list: settings.list, create: settings.create, view: settings.show, edit: settings.edit })}
      </Resource>
      <Resource name="products" icon={products.icon} recordRepresentation={products.recordRepresentation} hasCreate>
        {pageRoutes('products', { list: products.list, create: products.create, view: products.show, edit: products.edit, ...products.pages })}
      </Resource>
      <Resource name="purchase-requests" icon={purchaseRequests.icon} recordRepresentation={purchaseRequests.recordRepresentation} hasCreate>
        {pageRoutes('purchase-requests', {
          list: purchaseRequests.list,
          create: purchaseRequests.create,
          view: purchaseRequests.show,
          edit: purchaseRequests.edit,
          ...purchaseRequests.pages,
        })}
      </Resource>
      <Resource name="orders" icon={orders.icon} recordRepresentation={orders.recordRepresentation} hasCreate>
        {pageRoutes('orders', { list: orders.list, create: orders.create, view: orders.show, edit: orders.edit, ...orders.pages })}
      </Resource>
      <Resource name="surveys" icon={surveys.icon} recordRepresentation={surveys.recordRepresentation} hasCreate>
        {pageRoutes('surveys', { list: surveys.list, create: surveys.create, view: surveys.show })}
      </Resource>
      <Resource name="items" icon={items.icon} recordRepresentation={items.recordRepresentation}>
        {pageRoutes('items', { list: items.list, view: items.show })}
      </Resource>
      {Object.entries(MASTER_DATA_AREAS).map(([area, resource]) => (
        <Resource key={area} name={area} icon={resource.icon} recordRepresentation={resource.recordRepresentation} hasCreate>
          {pageRoutes(area, { list: resource.list, create: resource.create, view: resource.show, edit: resource.edit, ...('pages' in resource ? resource.pages : {}) })}
        </Resource>
      ))}
      {Object.entries(PLANNED_AREAS).map(([area, { icon }]) => (
        <Resource key={area} name={area} icon={icon}>
          {pageRoutes(area)}
        </Resource>
      ))}
    </Admin>
  );
};

export default Console;
