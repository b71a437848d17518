import { Box, Checkbox, FormControlLabel, FormHelperText, FormLabel, LinearProgress, Stack, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { toggleArea, toggleOne } from './permission-groups';
import { usePermissionGroups, usePermissionLabels } from './usePermissionGroups';

/**
 * Checkboxes per permission, grouped by area, with one box per area to tick or clear it whole. A
 * permission the signed-in person does not hold can be cleared but not ticked: the API refuses granting it.
 */
export const PermissionsInput = ({ source = 'permissionIds' }: { source?: string }) => {
  const translate = useTranslate();
  const labels = usePermissionLabels();
  const { groups, isPending, error } = usePermissionGroups();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const held = new Set(useSession().profile?.permissions ?? []);
  const mayTick = (permission: { id: string; name: string }) => held.has(permission.name) || selected.includes(permission.id);
  /** A change, minus what would grant a permission the person does not hold. */
  const change = (next: string[]) => {
    const grantable = new Set(groups.flatMap((group) => group.permissions).filter((permission) => held.has(permission.name)).map((permission) => permission.id));
    field.onChange(next.filter((id) => selected.includes(id) || grantable.has(id)));
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <FormLabel component="legend">{translate('resources.roles.fields.permissionIds')}</FormLabel>
      {isPending ? <LinearProgress sx={{ my: 2 }} /> : null}
      {error ? <FormHelperText error>{translate('fabquote.errors.request_failed')}</FormHelperText> : null}
      <Stack spacing={1} sx={{ mt: 1 }}>
        {groups.map((group) => {
          const ticked = group.permissions.filter((permission) => selected.includes(permission.id)).length;
          const areaName = labels.area(group.area);
          return (
            <Box key={group.area} role="group" aria-label={areaName} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={ticked === group.permissions.length}
                    indeterminate={ticked > 0 && ticked < group.permissions.length}
                    onChange={(event) => change(toggleArea(selected, group, event.target.checked))}
                  />
                }
                label={<Typography sx={{ fontWeight: 600 }}>{areaName}</Typography>}
              />
              <Box sx={{ pl: 4, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
                {group.permissions.map((permission) => (
                  <FormControlLabel
                    key={permission.id}
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.includes(permission.id)}
                        disabled={!mayTick(permission)}
                        onChange={(event) => change(toggleOne(selected, permission.id, event.target.checked))}
                        slotProps={{ input: { 'aria-label': `${areaName}: ${labels.action(permission.action)}` } }}
                      />
                    }
                    label={labels.action(permission.action)}
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </Stack>
      {fieldState.error?.message ? <FormHelperText error>{translate(fieldState.error.message, { _: fieldState.error.message })}</FormHelperText> : null}
    </Box>
  );
};
