import { Box, Tooltip, Typography } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { recordPath } from '../routing/route-table';
import { SmallRows, TableOrLines } from '../shared/SmallList';
import { QuantityText } from '../shared/values';
import { groupPermissionNames } from './permission-groups';
import type { RoleRecord } from './role-record';
import { usePermissionLabels } from './usePermissionGroups';

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/**
 * How many permissions a role holds, with their names by area on hover (a long press on a phone):
 * "Products: View, Create". Named from the role's permission names, never its ids.
 */
const PermissionSummary = ({ role }: { role: RoleRecord }) => {
  const translate = useTranslate();
  const labels = usePermissionLabels();
  const groups = groupPermissionNames(role.permissions ?? []);
  const lines = groups.map((group) => `${labels.area(group.area)}: ${group.permissions.map((permission) => labels.action(permission.action)).join(', ')}`);
  const title = lines.length ? (
    <Box component="span" data-testid="role-permission-names">
      {lines.map((line) => (
        <Typography key={line} variant="inherit" component="span" sx={{ display: 'block' }}>
          {line}
        </Typography>
      ))}
    </Box>
  ) : (
    translate('resources.roles.no_permissions')
  );
  return (
    <Tooltip title={title} enterTouchDelay={0} describeChild>
      <Box component="span" tabIndex={0} sx={{ cursor: 'help', textDecoration: 'underline dotted' }}>
        <QuantityText value={role.permissions?.length ?? 0} />
      </Box>
    </Tooltip>
  );
};

/** On a phone: the role, and how many users hold it. */
const RoleUsers = ({ role }: { role: RoleRecord }) => {
  const translate = useTranslate();
  return (
    <>
      {translate('resources.roles.fields.userCount')}: <QuantityText value={role.userCount} />
    </>
  );
};

const small: SmallRows<RoleRecord> = {
  primaryText: (role) => role.name,
  secondaryText: (role) => <RoleUsers role={role} />,
};

export const RoleList = () => (
  <List sort={{ field: 'name', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]} actions={<Actions />}>
    <TableOrLines small={small}>
    <DataTable<RoleRecord> rowClick={(id) => recordPath.view('roles', id)} bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="permissionIds" align="right" disableSort render={(record) => <PermissionSummary role={record as RoleRecord} />} />
      <DataTable.NumberCol source="userCount" disableSort render={(record) => <QuantityText value={record.userCount} />} />
    </DataTable>
    </TableOrLines>
  </List>
);
