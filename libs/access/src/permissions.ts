/** The areas of docs/product.md §2, each with view/create/update/delete permissions. */
export const AREAS = [
  'assets',
  'customers',
  'dashboard',
  'factors',
  'groups',
  'items',
  'materials',
  'operations',
  'orders',
  'parts',
  'products',
  'purchase-requests',
  'roles',
  'settings',
  'suppliables',
  'suppliers',
  'surveys',
  'users',
] as const;

export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;

/** Permissions that are not plain CRUD on an area. */
export const SPECIAL_PERMISSIONS = ['purchase-requests.send', 'users.manage', 'settings.manage', 'ai.use', 'ops.queues'] as const;

export type Area = (typeof AREAS)[number];
export type PermissionName = `${Area}.${(typeof ACTIONS)[number]}` | (typeof SPECIAL_PERMISSIONS)[number];

export const PERMISSIONS: PermissionName[] = [
  ...AREAS.flatMap((area) => ACTIONS.map((action) => `${area}.${action}` as PermissionName)),
  ...SPECIAL_PERMISSIONS,
];

const all = (...areas: Area[]) => areas.flatMap((area) => ACTIONS.map((action) => `${area}.${action}` as PermissionName));
const view = (...areas: Area[]) => areas.map((area) => `${area}.view` as PermissionName);

const CALCULATION_AREAS: Area[] = ['products', 'parts', 'operations', 'assets', 'materials', 'groups', 'factors', 'customers', 'orders', 'surveys', 'items'];
const PROCUREMENT_AREAS: Area[] = ['purchase-requests', 'suppliers', 'suppliables'];

/**
 * The roles every new organization starts with. Administrator always holds every
 * permission; the others are starting points that each shop can change in Roles.
 */
export const DEFAULT_ROLES: Record<string, PermissionName[]> = {
  Administrator: PERMISSIONS,
  Estimator: [...view('dashboard', 'settings'), ...all(...CALCULATION_AREAS), ...view(...PROCUREMENT_AREAS), 'ai.use'],
  Purchaser: [...view('dashboard', 'settings', ...CALCULATION_AREAS), ...all(...PROCUREMENT_AREAS), 'purchase-requests.send'],
  Viewer: view(...AREAS.filter((area) => area !== 'users' && area !== 'roles')),
};

export const ADMINISTRATOR = 'Administrator';

export function isPermissionName(name: string): name is PermissionName {
  return (PERMISSIONS as string[]).includes(name);
}

/** A person's permissions: the union over their roles (docs/product.md §6). */
export function permissionsOf(roles: Array<{ permissions: string[] }>): Set<string> {
  return new Set(roles.flatMap((role) => role.permissions));
}
