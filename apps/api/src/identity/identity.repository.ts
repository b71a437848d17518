import { EntityManager } from 'typeorm';
import type { Locale } from '@fabquote/i18n';

/** A member of staff to tell something: who they are and the language they read. */
export interface StaffMemberRow {
  id: string;
  name: string;
  email: string;
  language: Locale;
}

/** A user's or a permission's id and name. */
export interface NamedRow {
  id: string;
  name: string;
}

/** Whether the target of a change is an administrator, and whether the actor may assign the Administrator role. */
export interface AdministratorStandingRow {
  target_is_administrator: boolean;
  actor_may_assign: boolean;
}

/** A user's email as stored. */
export interface UserEmailRow {
  email: string;
}

const STAFF_COLUMNS = `u.id, u.name, u.email, u.language_code AS language`;

/**
 * Identity's reads and writes in SQL beyond its entities (users, roles, permissions and their links), built over the
 * manager of the transaction they belong to: the request's or job's tenant transaction, or sign-in's short one.
 */
export class IdentityRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The user, while active, as someone to tell; null when there is none. */
  async activeStaffMember(userId: string): Promise<StaffMemberRow | null> {
    const [row] = await this.manager.query<StaffMemberRow[]>(`SELECT ${STAFF_COLUMNS} FROM users u WHERE u.id = $1 AND u.active`, [userId]);
    return row ?? null;
  }

  /** Every active user whose roles hold the permission, by email. */
  activeStaffHolding(permission: string): Promise<StaffMemberRow[]> {
    return this.manager.query<StaffMemberRow[]>(
      `SELECT ${STAFF_COLUMNS} FROM users u
        WHERE u.active AND EXISTS (
          SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id JOIN permissions p ON p.id = rp.permission_id
           WHERE ur.user_id = u.id AND p.name = $1)
        ORDER BY u.email`,
      [permission],
    );
  }

  usersNamed(ids: readonly string[]): Promise<NamedRow[]> {
    return this.manager.query<NamedRow[]>(`SELECT id, name FROM users WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async userEmail(userId: string): Promise<UserEmailRow | null> {
    const [row] = await this.manager.query<UserEmailRow[]>(`SELECT email FROM users WHERE id = $1`, [userId]);
    return row ?? null;
  }

  /** Takes the recovery code (its hash) from the user's unused ones; false when it was not among them. */
  async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
    const [{ count }] = await this.manager.query<Array<{ count: number }>>(
      `WITH used AS (UPDATE users SET two_factor_recovery_codes = two_factor_recovery_codes - $2::text
                      WHERE id = $1 AND two_factor_recovery_codes ? $2::text RETURNING id)
       SELECT count(*)::int AS count FROM used`,
      [userId, hash],
    );
    return count === 1;
  }

  /** How many users have the role. */
  async roleUserCount(roleId: string): Promise<number> {
    const [{ count }] = await this.manager.query<Array<{ count: number }>>(`SELECT count(*)::int AS count FROM user_roles WHERE role_id = $1`, [roleId]);
    return count;
  }

  /** Locks the organization's role rows, in id order (row-level security scopes them), until the transaction ends. */
  async lockRoles(): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT id FROM roles ORDER BY id FOR NO KEY UPDATE`);
  }

  /** The permissions the user holds through their roles. */
  permissionsHeldBy(userId: string): Promise<NamedRow[]> {
    return this.manager.query<NamedRow[]>(
      `SELECT DISTINCT p.id, p.name FROM user_roles ur
         JOIN role_permissions rp ON rp.role_id = ur.role_id
         JOIN permissions p ON p.id = rp.permission_id
        WHERE ur.user_id = $1`,
      [userId],
    );
  }

  /**
   * Whether the target has the role `administratorRole` or holds every permission of the catalogue, and whether
   * the actor holds every permission of that role (of the whole catalogue should the role be gone).
   */
  async administratorStanding(actorId: string, targetId: string, administratorRole: string): Promise<AdministratorStandingRow> {
    const [row] = await this.manager.query<AdministratorStandingRow[]>(
      `WITH held AS (
         SELECT ur.user_id, rp.permission_id FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id IN ($1, $2)
       ), administrator AS (
         SELECT rp.permission_id FROM roles r JOIN role_permissions rp ON rp.role_id = r.id WHERE r.name = $3
         UNION
         SELECT id FROM permissions WHERE NOT EXISTS (SELECT 1 FROM roles WHERE name = $3)
       )
       SELECT EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = $2 AND r.name = $3)
              OR NOT EXISTS (SELECT id FROM permissions EXCEPT SELECT permission_id FROM held WHERE user_id = $2) AS target_is_administrator,
              NOT EXISTS (SELECT permission_id FROM administrator EXCEPT SELECT permission_id FROM held WHERE user_id = $1) AS actor_may_assign`,
      [actorId, targetId, administratorRole],
    );
    return row;
  }

  /** Whether an active user holds every permission of the catalogue. */
  async anAdministratorRemains(): Promise<boolean> {
    const [{ remains }] = await this.manager.query<Array<{ remains: boolean }>>(
      `SELECT EXISTS (
         SELECT 1 FROM users u
           JOIN user_roles ur ON ur.user_id = u.id
           JOIN role_permissions rp ON rp.role_id = ur.role_id
          WHERE u.active
          GROUP BY u.id
         HAVING count(DISTINCT rp.permission_id) = (SELECT count(*) FROM permissions)
       ) AS remains`,
    );
    return remains;
  }
}
