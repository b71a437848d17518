import type { Permission } from '../api/contracts';

/** A permission as GET /permissions lists it: the API's contract. */
export type PermissionRecord = Permission;

export interface PermissionGroup {
  area: string;
  permissions: PermissionRecord[];
}

const ACTION_ORDER = ['view', 'create', 'update', 'delete'];

const actionRank = (action: string) => {
  const rank = ACTION_ORDER.indexOf(action);
  return rank === -1 ? ACTION_ORDER.length : rank;
};

/** Permissions by area, areas alphabetical, actions view/create/update/delete first, then the special ones. */
export function groupPermissions(permissions: readonly PermissionRecord[]): PermissionGroup[] {
  const byArea = new Map<string, PermissionRecord[]>();
  for (const permission of permissions) {
    const area = permission.area || permission.name.split('.')[0];
    byArea.set(area, [...(byArea.get(area) ?? []), permission]);
  }
  return [...byArea.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, list]) => ({
      area,
      permissions: [...list].sort((a, b) => actionRank(a.action) - actionRank(b.action) || a.action.localeCompare(b.action)),
    }));
}

/** A role's permission names ("products.view", "purchase-requests.send") grouped like the catalogue, for a summary that never needs their ids. */
export function groupPermissionNames(names: readonly string[]): PermissionGroup[] {
  return groupPermissions(
    names.map((name) => {
      const dot = name.indexOf('.');
      return { id: name, name, area: dot === -1 ? name : name.slice(0, dot), action: dot === -1 ? '' : name.slice(dot + 1) };
    }),
  );
}

/** Ticks or clears a whole area at once, keeping the other areas' choice. */
export function toggleArea(selected: readonly string[], group: PermissionGroup, on: boolean): string[] {
  const ids = group.permissions.map((permission) => permission.id);
  const others = selected.filter((id) => !ids.includes(id));
  return on ? [...others, ...ids] : others;
}

export function toggleOne(selected: readonly string[], id: string, on: boolean): string[] {
  const without = selected.filter((entry) => entry !== id);
  return on ? [...without, id] : without;
}
