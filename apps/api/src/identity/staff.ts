import { EntityManager } from 'typeorm';
import type { PermissionName } from '@fabquote/access';
import { IdentityRepository, StaffMemberRow } from './identity.repository';

/** A member of staff to tell something: who they are and the language they read. */
export type StaffMember = StaffMemberRow;

/**
 * Who to tell about a record (the recipients of procurement's mails): the user who made it while still active;
 * else every active user whose roles hold the permission, by email. Identity owns users, roles and
 * permissions, so other areas ask here (docs/architecture.md, "Who owns which table"); read in the caller's
 * tenant transaction.
 */
export async function staffToTell(manager: EntityManager, input: { preferred: string | null; permission: PermissionName }): Promise<StaffMember[]> {
  const identity = new IdentityRepository(manager);
  if (input.preferred) {
    const preferred = await identity.activeStaffMember(input.preferred);
    if (preferred) return [preferred];
  }
  return identity.activeStaffHolding(input.permission);
}

/** The names of these users (id → name; an id without a user is absent), read in the caller's tenant transaction. */
export async function userNames(manager: EntityManager, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await new IdentityRepository(manager).usersNamed(wanted);
  return new Map(rows.map((row) => [row.id, row.name]));
}
