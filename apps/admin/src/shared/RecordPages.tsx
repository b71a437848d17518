import { Tab, Tabs } from '@mui/material';
import { ReactNode } from 'react';
import { Edit, Link, SaveButton, Show, SimpleForm, Toolbar, TopToolbar, TransformData, useLocation, useResourceContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { EditActions, EditRecordButton, redirectToView } from './RecordButtons';

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

/** A record's view or one of its sub-pages: `actions` (send, close), edit and delete on top, its tabs, then `children`. */
export const RecordShow = ({ children, tabs, actions }: { children: ReactNode; tabs?: readonly RecordTab[]; actions?: ReactNode }) => (
  <Show actions={<ShowActions before={actions} />}>
    {tabs ? <RecordTabs tabs={tabs} /> : null}
    {children}
  </Show>
);

/** /:id/edit: the area's inputs, saved pessimistically (a 422 stays on the form); deleting happens on the view page. */
export const RecordEdit = ({ children, transform }: { children: ReactNode; transform?: TransformData }) => (
  <Edit actions={<EditActions />} mutationMode="pessimistic" redirect={redirectToView} transform={transform}>
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
