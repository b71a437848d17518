import { useGetList, useTranslate } from 'react-admin';
import { groupPermissions, PermissionRecord } from './permission-groups';

/** Every permission there is (a few dozen), grouped by area. */
export function usePermissionGroups() {
  const { data, isPending, error } = useGetList<PermissionRecord>('permissions', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return { groups: groupPermissions(data ?? []), isPending, error };
}

/** Area and action names for people: "Purchase requests", "Send". */
export function usePermissionLabels() {
  const translate = useTranslate();
  return {
    area: (area: string) =>
      translate(`fabquote.permission_areas.${area}`, { _: translate(`resources.${area}.name`, { smart_count: 2, _: area }) }),
    action: (action: string) => translate(`fabquote.permission_actions.${action}`, { _: action }),
  };
}
