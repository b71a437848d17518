import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, Link, RaRecord, TopToolbar, useCanAccess, useRecordContext, useResourceContext } from 'react-admin';
import { recordPath } from '../routing/route-table';

/** Links to /<resource>/:id/edit, shown only with the edit permission. */
export const EditRecordButton = (props: { record?: RaRecord; resource?: string }) => {
  const record = useRecordContext(props);
  const resource = useResourceContext(props) ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'edit', record });
  if (!record || !canAccess) return null;
  return (
    <Button component={Link} to={recordPath.edit(resource, record.id)} label="ra.action.edit">
      <EditIcon />
    </Button>
  );
};

/** Links to /<resource>/:id/view. */
export const ViewRecordButton = (props: { record?: RaRecord; resource?: string }) => {
  const record = useRecordContext(props);
  const resource = useResourceContext(props) ?? '';
  if (!record) return null;
  return (
    <Button component={Link} to={recordPath.view(resource, record.id)} label="ra.action.show">
      <VisibilityIcon />
    </Button>
  );
};

/** After saving, records open on their view page (docs/product.md §2) rather than react-admin's /:id/show. */
export const redirectToView = (resource?: string, id?: RaRecord['id']) => (resource && id !== undefined ? recordPath.view(resource, id) : '/');

/** An edit page's top bar: back to the record's view page (react-admin's default would link /:id/show). */
export const EditActions = () => (
  <TopToolbar>
    <ViewRecordButton />
  </TopToolbar>
);
