/**
 * Which roles the signed-in person may assign or take away (the API's rule, docs/api-identity.md):
 * only roles whose every permission they hold themselves, and none of their own while editing
 * themselves. Other roles are shown, but can not be ticked or unticked.
 */
export interface AssignableRole {
  id: string;
  name: string;
  permissions?: string[];
}

export function withinReach(role: AssignableRole, held: ReadonlySet<string>): boolean {
  return (role.permissions ?? []).every((permission) => held.has(permission));
}

/** The role choices with `outOfReach` set on those the person may not change. */
export function markRolesOutOfReach<T extends AssignableRole>(roles: T[], held: ReadonlySet<string>, editingSelf: boolean): Array<T & { outOfReach: boolean }> {
  return roles.map((role) => ({ ...role, outOfReach: editingSelf || !withinReach(role, held) }));
}
