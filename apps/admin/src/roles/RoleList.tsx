import { Box, Tooltip, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { RecordList } from '../shared/RecordList';
import { SmallRows } from '../shared/SmallList';
import { QuantityText } from '../shared/values';
import { groupPermissionNames } from './permission-groups';
import type { RoleRecord } from './role-record';
import { usePermissionLabels } from './usePermissionGroups';

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

/** A role is deleted from its page, where the API says whether users still hold it: no ticked rows here. */
export const RoleList = () => (
  <RecordList<RoleRecord> sort={{ field: 'name', order: 'ASC' }} small={small} bulkDelete={false}>
    <DataTable.Col source="name" />
    <DataTable.Col source="permissionIds" align="right" disableSort render={(record) => <PermissionSummary role={record as RoleRecord} />} />
    <DataTable.NumberCol source="userCount" disableSort render={(record) => <QuantityText value={record.userCount} />} />
  </RecordList>
);
