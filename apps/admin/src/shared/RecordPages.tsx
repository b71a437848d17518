import { Alert, Tab, Tabs } from '@mui/material';
import { ReactNode } from 'react';
import { Edit, Link, SaveButton, Show, SimpleForm, Toolbar, TopToolbar, TransformData, useLocation, useResourceContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { EditActions, EditRecordButton, redirectToView } from './RecordButtons';
import { changesOnly } from './changes-only';

/** A record page beside its view (docs/product.md §2): `prices` is /:id/prices, `view/factors` is /:id/view/factors. */
export interface RecordTab {
  /** Its name: fabquote.pages.<page>. */
  page: string;
  path: string;
}

/** The record's pages as tabs; each is a route of its own, so a tab can be linked and reloaded. */
export const RecordTabs = ({ tabs }: { tabs: readonly RecordTab[] }) => {
  const resource = useResourceContext() ?? '';
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const translate = useTranslate();
  const base = `/${resource}/${encodeURIComponent(id)}`;
  const current = tabs.find((tab) => pathname === `${base}/${tab.path}`)?.path ?? false;
  return (
    <Tabs value={current} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }} variant="scrollable" scrollButtons="auto">
      {tabs.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={translate(`fabquote.pages.${tab.page}`)} component={Link} to={`${base}/${tab.path}`} />
      ))}
    </Tabs>
  );
};

const ShowActions = ({ before }: { before?: ReactNode }) => (
  <TopToolbar>
    {before}
    <EditRecordButton />
    <ConfirmDeleteButton />
  </TopToolbar>
);

/**
 * A record that could not be loaded, said on the page (docs/product.md §8: an asset's "An error occurred while
 * trying to access the asset information"), instead of react-admin's "not found" toast and a jump to the list.
 */
export const LoadError = ({ message }: { message: string }) => {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }} data-testid="load-error">
      {translate(message)}
    </Alert>
  );
};

const IGNORE = () => undefined;

/** What Show and Edit take to say `loadError` on the page when the record can not be loaded. */
const onLoadError = (loadError: string | undefined) => (loadError ? { queryOptions: { onError: IGNORE }, error: <LoadError message={loadError} /> } : {});

/**
 * A record's view or one of its sub-pages: `actions` (send, close), edit and delete on top, its tabs, then `children`.
 * `loadError`, a translation key, is said on the page when the record can not be loaded.
 */
export const RecordShow = ({ children, tabs, actions, loadError }: { children: ReactNode; tabs?: readonly RecordTab[]; actions?: ReactNode; loadError?: string }) => (
  <Show actions={<ShowActions before={actions} />} {...onLoadError(loadError)}>
    {tabs ? <RecordTabs tabs={tabs} /> : null}
    {children}
  </Show>
);

/** /:id/edit: the area's inputs, saved pessimistically (a 422 stays on the form), only what the form changed; deleting happens on the view page. */
export const RecordEdit = ({ children, transform, loadError }: { children: ReactNode; transform?: TransformData; loadError?: string }) => (
  <Edit actions={<EditActions />} mutationMode="pessimistic" redirect={redirectToView} transform={changesOnly(transform)} {...onLoadError(loadError)}>
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      {children}
    </SimpleForm>
  </Edit>
);
