import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A signed-in request's session in one round trip: the user, the language, whether the privacy
 * policy is accepted and the permissions of the token's user, read under the organization's
 * row-level security like any tenant query (SECURITY INVOKER: it runs as the app role). The
 * organization is set for the lookup alone and set back, so a caller inside another tenant
 * transaction keeps its own.
 */
export class SessionLookup1795219700000 implements MigrationInterface {
  name = 'SessionLookup1795219700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION session_of(organization uuid, session_token_hash text)
        RETURNS TABLE (user_id uuid, user_language text, privacy_accepted boolean, token_id uuid, user_permissions text[])
        LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
      DECLARE
        previous text := current_setting('app.organization_id', true);
      BEGIN
        PERFORM set_config('app.organization_id', organization::text, true);
        RETURN QUERY
          SELECT u.id, u.language_code::text, u.privacy_policy_accepted_at IS NOT NULL, t.id,
                 coalesce(array_agg(DISTINCT p.name::text) FILTER (WHERE p.name IS NOT NULL), '{}')
            FROM access_tokens t
            JOIN users u ON u.id = t.user_id AND u.active
            LEFT JOIN user_roles ur ON ur.user_id = u.id
            LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
            LEFT JOIN permissions p ON p.id = rp.permission_id
           WHERE t.token_hash = session_token_hash AND t.kind = 'session' AND t.revoked_at IS NULL AND t.expires_at > now()
           GROUP BY u.id, t.id;
        PERFORM set_config('app.organization_id', coalesce(previous, ''), true);
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION session_of(uuid, text)`);
  }
}
