import { HttpStatus } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppException } from '../common/app-exception';

/**
 * The rules that keep "manage users" and "update roles" from being full administration in disguise,
 * and the organization from locking itself out:
 *
 * - nobody grants a permission they do not hold: adding permissions to a role (on create or update)
 *   grants them, and assigning a role to a user, or taking it away, needs every permission of that role;
 * - nobody changes their own role assignments;
 * - at least one active user keeps every permission of the organization's catalogue (an administrator):
 *   a change that would leave none is refused with a 409.
 *
 * Changes that can take administration away (a user's roles or status, a role's permissions, deleting a
 * role) first lock the organization's role rows, in id order, so they run one after the other within an
 * organization; the check after the change then sees what the others committed.
 */

export class GrantRefused extends AppException {
  constructor(key: 'cannot_grant_permissions' | 'cannot_assign_roles' | 'cannot_change_own_roles', params: Record<string, string> = {}) {
    super(HttpStatus.FORBIDDEN, key, key, params);
  }
}

export class LastAdministrator extends AppException {
  constructor(key: 'last_administrator' | 'last_administrator_permissions' = 'last_administrator') {
    super(HttpStatus.CONFLICT, 'last_administrator', key);
  }
}

/** Serializes administration changes of the current organization (row-level security scopes the rows). */
export async function lockAdministration(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT id FROM roles ORDER BY id FOR NO KEY UPDATE`);
}

/** The permissions a user holds now, through their roles: id → name. */
export async function permissionsHeldBy(manager: EntityManager, userId: string): Promise<Map<string, string>> {
  const rows: Array<{ id: string; name: string }> = await manager.query(
    `SELECT DISTINCT p.id, p.name FROM user_roles ur
       JOIN role_permissions rp ON rp.role_id = ur.role_id
       JOIN permissions p ON p.id = rp.permission_id
      WHERE ur.user_id = $1`,
    [userId],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Refuses granting permissions the actor does not hold (403, naming them). */
export function refuseUnheldPermissions(held: Map<string, string>, granted: Array<{ id: string; name: string }>): void {
  const missing = granted.filter((permission) => !held.has(permission.id)).map((permission) => permission.name);
  if (missing.length > 0) throw new GrantRefused('cannot_grant_permissions', { permissions: [...new Set(missing)].sort().join(', ') });
}

/** Refuses assigning or taking away roles with permissions the actor does not hold (403, naming the roles). */
export function refuseUnheldRoles(held: Map<string, string>, roles: Array<{ name: string; permissions: Array<{ id: string }> }>): void {
  const beyond = roles.filter((role) => role.permissions.some((permission) => !held.has(permission.id))).map((role) => role.name);
  if (beyond.length > 0) throw new GrantRefused('cannot_assign_roles', { roles: beyond.sort().join(', ') });
}

/** Checked after a change, in its transaction: the change is rolled back if no active user holds every permission any more. */
export async function ensureAnAdministratorRemains(
  manager: EntityManager,
  key: 'last_administrator' | 'last_administrator_permissions' = 'last_administrator',
): Promise<void> {
  const [{ remains }] = await manager.query(
    `SELECT EXISTS (
       SELECT 1 FROM users u
         JOIN user_roles ur ON ur.user_id = u.id
         JOIN role_permissions rp ON rp.role_id = ur.role_id
        WHERE u.active
        GROUP BY u.id
       HAVING count(DISTINCT rp.permission_id) = (SELECT count(*) FROM permissions)
     ) AS remains`,
  );
  if (!remains) throw new LastAdministrator(key);
}
