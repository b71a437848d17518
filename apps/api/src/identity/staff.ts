import { EntityManager } from 'typeorm';
import type { Locale } from '@fabquote/i18n';
import type { PermissionName } from '@fabquote/access';

/** A member of staff to tell something: who they are and the language they read. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  language: Locale;
}

/**
 * Who to tell about a record (the recipients of procurement's mails): the user who made it while still active;
 * else every active user whose roles hold the permission, by email. Identity owns users, roles and
 * permissions, so other areas ask here (docs/architecture.md, "Who owns which table"); read in the caller's
 * tenant transaction.
 */
export async function staffToTell(manager: EntityManager, input: { preferred: string | null; permission: PermissionName }): Promise<StaffMember[]> {
  const columns = `u.id, u.name, u.email, u.language_code AS language`;
  if (input.preferred) {
    const preferred: StaffMember[] = await manager.query(`SELECT ${columns} FROM users u WHERE u.id = $1 AND u.active`, [input.preferred]);
    if (preferred.length > 0) return preferred;
  }
  return manager.query(
    `SELECT ${columns} FROM users u
      WHERE u.active AND EXISTS (
        SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id JOIN permissions p ON p.id = rp.permission_id
         WHERE ur.user_id = u.id AND p.name = $1)
      ORDER BY u.email`,
    [input.permission],
  );
}

/** The names of these users (id → name; an id without a user is absent), read in the caller's tenant transaction. */
export async function userNames(manager: EntityManager, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows: Array<{ id: string; name: string }> = await manager.query(`SELECT id, name FROM users WHERE id = ANY($1::uuid[])`, [wanted]);
  return new Map(rows.map((row) => [row.id, row.name]));
}
