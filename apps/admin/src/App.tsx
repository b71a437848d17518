import jsonServerProvider from 'ra-data-json-server';
import { useEffect, useState } from 'react';
import { Admin, CustomRoutes, Datagrid, fetchUtils, List, Resource, TextField, FunctionField } from 'react-admin';
import { Route } from 'react-router-dom';
import { organizationHeaders } from './organization';

const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = organizationHeaders();
  new Headers(options.headers as HeadersInit | undefined).forEach((value, key) => headers.set(key, value));
  return fetchUtils.fetchJson(url, { ...options, headers });
};

const dataProvider = jsonServerProvider('/api/v1', httpClient);

interface Organization {
  id: string;
  slug: string;
  name: string;
  defaultLocale: string;
}

const SettingList = () => (
  <List sort={{ field: 'slug', order: 'ASC' }}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="slug" />
      <FunctionField label="Value" render={(record: { value: string | string[] }) => ([] as string[]).concat(record.value).join(', ')} />
    </Datagrid>
  </List>
);

const NoOrganization = () => (
  <main style={{ fontFamily: 'sans-serif', padding: 32 }}>
    <h1>Organization not found</h1>
    <p>This address does not belong to a Fabquote organization. Check the link, or add <code>?host=your-organization</code> on localhost.</p>
  </main>
);

/**
 * The admin shell. The console itself (sign-in, navigation, every area) is built
 * by the admin console issue; for now it checks the organization and lists its settings.
 */
export const App = () => {
  const [organization, setOrganization] = useState<Organization | null | undefined>(undefined);
  useEffect(() => {
    fetch('/api/v1/organization', { headers: organizationHeaders() })
      .then((response) => (response.ok ? (response.json() as Promise<Organization>) : null))
      .then(setOrganization, () => setOrganization(null));
  }, []);

  if (organization === undefined) return null;
  if (organization === null) return <NoOrganization />;
  return (
    <Admin dataProvider={dataProvider} title={`${organization.name} · Fabquote`} disableTelemetry>
      <Resource name="settings" list={SettingList} />
      <CustomRoutes noLayout>
        <Route path="/no-organization" element={<NoOrganization />} />
      </CustomRoutes>
    </Admin>
  );
};
