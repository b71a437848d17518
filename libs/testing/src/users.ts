import { INestApplication } from '@nestjs/common';
import { argon2id, hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { PermissionName } from '@fabquote/access';
import { Organization, TenantTransactions } from '@fabquote/database';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A session token from a real sign-in. */
  token: string;
  /** Headers for a signed-in request to this user's organization. */
  headers: Record<string, string>;
}

export interface TestUserOptions {
  /** Roles by name (e.g. 'Administrator'); or give `permissions` for a role made for this user. */
  roles?: string[];
  permissions?: PermissionName[];
  email?: string;
  name?: string;
  language?: 'en' | 'de';
  privacyAccepted?: boolean;
  /** Sign in through the API to get a token (default true; false for MFA or privacy tests that sign in themselves). */
  signIn?: boolean;
}

/**
 * A test user's password hash: argon2id like the app's, with the least work. Signing in verifies it at
 * the cost written in the hash, so the suites' hundreds of users cost milliseconds instead of half a
 * second each; passwords the app hashes itself (reset, profile, first administrator) keep its cost.
 */
export function hashTestPassword(password: string): Promise<string> {
  return hash(password, { type: argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
}

/** A user of `organization` with exactly the roles or permissions a test needs, signed in through POST /restify/login. */
export async function createTestUser(api: INestApplication, organization: Organization, options: TestUserOptions = {}): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const email = options.email ?? `user-${suffix}@${organization.slug}.example`;
  const password = `pw-${suffix}-secret`;
  const passwordHash = await hashTestPassword(password);
  const id = await api.get(TenantTransactions).run(organization.id, async (manager) => {
    const [{ id: userId }] = await manager.query(
      `INSERT INTO users (name, email, password_hash, language_code, privacy_policy_accepted_at)
       VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END) RETURNING id`,
      [options.name ?? `Test ${suffix}`, email, passwordHash, options.language ?? 'en', options.privacyAccepted ?? true],
    );
    const roles = [...(options.roles ?? [])];
    if (options.permissions) {
      const role = `role-${suffix}`;
      await manager.query(`INSERT INTO roles (name) VALUES ($1)`, [role]);
      await manager.query(
        `INSERT INTO role_permissions (role_id, permission_id)
           SELECT r.id, p.id FROM roles r JOIN permissions p ON p.name = ANY($2::text[]) WHERE r.name = $1`,
        [role, options.permissions],
      );
      roles.push(role);
    }
    await manager.query(`INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE name = ANY($2::text[])`, [userId, roles]);
    return userId as string;
  });
  let token = '';
  if (options.signIn ?? true) {
    const response = await request(api.getHttpServer())
      .post('/api/v1/restify/login')
      .set('X-Organization', organization.slug)
      .send({ email, password })
      .expect(200);
    token = response.body.meta.token;
  }
  return { id, email, password, token, headers: { 'X-Organization': organization.slug, Authorization: `Bearer ${token}` } };
}
