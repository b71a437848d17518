import { HttpStatus } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ADMINISTRATOR } from '@fabquote/access';
import { AppException } from '../common/app-exception';
import { IdentityRepository } from './identity.repository';

/**
 * The rules that keep "manage users" and "update roles" from being full administration in disguise,
 * and the organization from locking itself out:
 *
 * - nobody grants a permission they do not hold: adding permissions to a role (on create or update)
 *   grants them, and assigning a role to a user, or taking it away, needs every permission of that role;
 * - nobody changes their own role assignments;
 * - only a user who may assign the Administrator role (holds all of its permissions) may deactivate an
 *   administrator (a user with that role, or holding every permission of the catalogue), or delete one or
 *   change their email, should the API ever offer that: else "manage users" could lock administrators out;
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

/** A change to an administrator by someone who may not assign the Administrator role: 403 `administrator_protected`. */
export class AdministratorProtected extends AppException {
  constructor() {
    super(HttpStatus.FORBIDDEN, 'administrator_protected', 'administrator_protected');
  }
}

export class LastAdministrator extends AppException {
  constructor(key: 'last_administrator' | 'last_administrator_permissions' = 'last_administrator') {
    super(HttpStatus.CONFLICT, 'last_administrator', key);
  }
}

/** Serializes administration changes of the current organization (row-level security scopes the rows). */
export async function lockAdministration(manager: EntityManager): Promise<void> {
  await new IdentityRepository(manager).lockRoles();
}

/** The permissions a user holds now, through their roles: id → name. */
export async function permissionsHeldBy(manager: EntityManager, userId: string): Promise<Map<string, string>> {
  const rows = await new IdentityRepository(manager).permissionsHeldBy(userId);
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

/**
 * Refuses (403) deactivating, deleting or changing the email of an administrator — a user with the
 * Administrator role, or one holding every permission of the catalogue — unless the actor may assign the
 * Administrator role, that is holds every permission of it (the whole catalogue should the role be gone).
 */
export async function refuseUnlessAdministratorPeer(manager: EntityManager, actorId: string, targetId: string): Promise<void> {
  const { target_is_administrator: targetIsAdministrator, actor_may_assign: actorMayAssign } = await new IdentityRepository(manager).administratorStanding(
    actorId,
    targetId,
    ADMINISTRATOR,
  );
  if (targetIsAdministrator && !actorMayAssign) throw new AdministratorProtected();
}

/** Checked after a change, in its transaction: the change is rolled back if no active user holds every permission any more. */
export async function ensureAnAdministratorRemains(
  manager: EntityManager,
  key: 'last_administrator' | 'last_administrator_permissions' = 'last_administrator',
): Promise<void> {
  const remains = await new IdentityRepository(manager).anAdministratorRemains();
  if (!remains) throw new LastAdministrator(key);
}
