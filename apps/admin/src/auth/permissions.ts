/**
 * Who may do what (docs/product.md §6, docs/api-identity.md): a user's permissions are the
 * union of their roles' permission names, `<area>.<view|create|update|delete>`
 * plus a few special ones. A requirement lists alternatives; any one suffices.
 */
export type Requirement = readonly string[] | null;

export interface RoleWithPermissions {
  name: string;
  permissions: readonly string[];
}

export function permissionsOf(roles: readonly RoleWithPermissions[]): string[] {
  return [...new Set(roles.flatMap((role) => role.permissions))].sort();
}

/** No requirement means allowed (docs/product.md §6: a route with no permission is open to every signed-in user). */
export function isAllowed(granted: readonly string[], required: Requirement | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((permission) => granted.includes(permission));
}

/** Resources that are guarded by another area's permissions. */
const GUARDED_BY: Record<string, string> = { permissions: 'roles', 'company-profile': 'settings' };

/**
 * Rows that belong to a record of another area (prices, rates, bulk prices): read with
 * the parent area's view, written with its update (the API's rule for child resources).
 */
export const CHILD_OF: Record<string, string> = {
  'asset-prices': 'assets',
  'asset-cutting-rates': 'assets',
  'asset-bending-rates': 'assets',
  'group-prices': 'groups',
  'material-prices': 'materials',
  'suppliable-bulk-prices': 'suppliables',
  'suppliable-factors': 'suppliables',
  'product-contours': 'products',
  'product-holes': 'products',
  'product-bends': 'products',
  'product-materials': 'products',
  'product-operations': 'products',
  'product-parts': 'products',
  'product-bulk-prices': 'products',
  calculations: 'products',
  'purchase-request-products': 'purchase-requests',
  'purchase-request-suppliers': 'purchase-requests',
  'purchase-request-operations': 'purchase-requests',
  'purchase-request-parts': 'purchase-requests',
  'purchase-request-files': 'purchase-requests',
  'purchase-request-questions': 'purchase-requests',
  'supplier-offers': 'purchase-requests',
  'supplier-offer-prices': 'purchase-requests',
  'supplier-offer-ratings': 'purchase-requests',
  'purchase-request-awards': 'purchase-requests',
  'order-status-changes': 'orders',
  'survey-inputs': 'surveys',
  'survey-products': 'surveys',
};

/** Resources any signed-in user may read. */
const OPEN_RESOURCES = new Set(['languages', 'profile']);

/** Where the API asks for a special permission instead of the plain action. */
const SPECIAL: Record<string, Partial<Record<string, readonly string[]>>> = {
  users: { create: ['users.manage'], edit: ['users.manage'], delete: ['users.manage'] },
  settings: {
    create: ['settings.create', 'settings.manage'],
    edit: ['settings.update', 'settings.manage'],
    delete: ['settings.delete', 'settings.manage'],
  },
};

const ACTION_VERB: Record<string, string> = {
  list: 'view',
  show: 'view',
  export: 'view',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

/** The permissions react-admin's action on a resource needs (canAccess, menu, route guard). */
export function requirementFor(resource: string, action: string): Requirement {
  if (OPEN_RESOURCES.has(resource)) return null;
  const area = GUARDED_BY[resource] ?? resource;
  if (GUARDED_BY[resource]) return [`${area}.view`];
  const parent = CHILD_OF[resource];
  if (parent) return [`${parent}.${ACTION_VERB[action] === 'view' ? 'view' : 'update'}`];
  const special = SPECIAL[area]?.[action];
  if (special) return special;
  return [`${area}.${ACTION_VERB[action] ?? action}`];
}
