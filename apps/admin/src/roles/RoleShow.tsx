import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { EditRecordButton } from '../shared/RecordButtons';
import { QuantityField } from '../shared/values';
import type { RoleRecord } from './role-record';
import { usePermissionGroups, usePermissionLabels } from './usePermissionGroups';

const Actions = () => (
  <TopToolbar>
    <EditRecordButton />
    <ConfirmDeleteButton />
  </TopToolbar>
);

/** The role's permissions by area; areas it has nothing in are left out. */
const GrantedPermissions = (_props: { label?: string }) => {
  const record = useRecordContext<RoleRecord>();
  const translate = useTranslate();
  const labels = usePermissionLabels();
  const { groups, isPending } = usePermissionGroups();
  if (isPending) return <LinearProgress />;
  const granted = record?.permissionIds ?? [];
  const areas = groups
    .map((group) => ({ ...group, permissions: group.permissions.filter((permission) => granted.includes(permission.id)) }))
    .filter((group) => group.permissions.length > 0);
  if (areas.length === 0) return <Typography color="text.secondary">{translate('resources.roles.no_permissions')}</Typography>;
  return (
    <Stack spacing={1}>
      {areas.map((group) => (
        <Box key={group.area} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ minWidth: 180, fontWeight: 600 }}>{labels.area(group.area)}</Typography>
          {group.permissions.map((permission) => (
            <Chip key={permission.id} size="small" label={labels.action(permission.action)} />
          ))}
        </Box>
      ))}
    </Stack>
  );
};

export const RoleShow = () => (
  <Show actions={<Actions />}>
    <SimpleShowLayout>
      <TextField source="name" />
      <QuantityField source="userCount" />
      <Labeled source="permissionIds" fullWidth>
        <GrantedPermissions />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
