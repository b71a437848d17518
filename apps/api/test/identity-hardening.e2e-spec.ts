import { NestExpressApplication } from '@nestjs/platform-express';
import { authenticator } from 'otplib';
import request from 'supertest';
import { PERMISSIONS } from '@fabquote/access';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/**
 * Two-factor sign-in changes need proof and take effect on confirmation;
 * nobody grants what they do not hold or changes their own roles; the organization always keeps an
 * active user holding every permission, also when two requests race.
 */
describe('identity hardening', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  let acme: Organization;
  let admin: TestUser;
  const http = () => request(api.getHttpServer());
  const acmeHeaders = { 'X-Organization': 'acme' };
  const login = (email: string, password: string, organization = 'acme') =>
    http().post('/api/v1/restify/login').set('X-Organization', organization).send({ email, password });
  /** Signs in with the password and then `code`; answers the MFA step's status. */
  const signInWithCode = async (user: TestUser, code: string) => {
    const first = await login(user.email, user.password).expect(200);
    expect(first.body.data.requires_mfa).toBe(true);
    return (await http().post('/api/v1/restify/mfa-verify').set(acmeHeaders).send({ temporary_token: first.body.data.temporary_token, code })).status;
  };
  const roleIdOf = async (name: string, headers = admin.headers) => {
    const roles = (await http().get(`/api/v1/roles?name=${encodeURIComponent(name)}`).set(headers).expect(200)).body as Array<{ id: string; name: string }>;
    return roles.find((role) => role.name === name)!.id;
  };
  const permissionIds = async (names: string[]) => {
    const query = names.map((name) => `name=${encodeURIComponent(name)}`).join('&');
    const found = (await http().get(`/api/v1/permissions?_end=1000&${query}`).set(admin.headers).expect(200)).body as Array<{ id: string; name: string }>;
    return names.map((name) => found.find((permission) => permission.name === name)!.id);
  };
  const allPermissionIds = async () => {
    const all = (await http().get('/api/v1/permissions?_end=1000').set(admin.headers).expect(200)).body as Array<{ id: string }>;
    expect(all).toHaveLength(PERMISSIONS.length);
    return all.map((permission) => permission.id);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    api = await startTestApi(testConfig(db));
    admin = await createTestUser(api, acme, { roles: ['Administrator'], name: 'Anna Admin' });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  describe('two-factor sign-in changes need proof and count only once confirmed', () => {
    /** A user with MFA on, enrolled through the API: their secret and recovery codes. */
    const enrolled = async (language: 'en' | 'de' = 'en') => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'], language });
      const setup = await http().post('/api/v1/restify/profile/mfa/setup').set(user.headers).send({}).expect(200);
      await http()
        .post('/api/v1/restify/profile/mfa/enable')
        .set(user.headers)
        .send({ code: authenticator.generate(setup.body.secret) })
        .expect(200, { attributes: { two_factor_enabled: true } });
      return { user, secret: setup.body.secret as string, recoveryCodes: setup.body.recovery_codes as string[] };
    };

    it('refuses re-enrolment without the password or a code; the old secret and codes work until the new secret is confirmed', async () => {
      const { user, secret, recoveryCodes } = await enrolled();
      const setUp = (body: object) => http().post('/api/v1/restify/profile/mfa/setup').set(user.headers).send(body);

      const none = await setUp({}).expect(422);
      expect(none.body.errors).toEqual({ current_password: 'Enter your current password or a code from your authenticator app' });
      const wrongPassword = await setUp({ current_password: 'not-my-password' }).expect(422);
      expect(wrongPassword.body.errors).toEqual({ current_password: 'The current password is not correct' });
      const wrongCode = await setUp({ code: 'abcdef1234' }).expect(422);
      expect(wrongCode.body).toMatchObject({ code: 'validation_failed', mfa_code: 'The code is not valid', errors: { code: 'The code is not valid' } });

      const again = await setUp({ current_password: user.password }).expect(200);
      const newSecret: string = again.body.secret;
      const newCodes: string[] = again.body.recovery_codes;
      expect(newSecret).not.toBe(secret);

      // Not confirmed yet: the new codes and the new secret sign nobody in, the old ones still do.
      expect(await signInWithCode(user, newCodes[0])).toBe(422);
      expect(await signInWithCode(user, authenticator.generate(newSecret))).toBe(422);
      expect(await signInWithCode(user, recoveryCodes[0])).toBe(200);
      expect(await signInWithCode(user, authenticator.generate(secret))).toBe(200);

      // A wrong confirmation changes nothing; a code of the new secret makes it and its codes the active ones.
      await http().post('/api/v1/restify/profile/mfa/enable').set(user.headers).send({ code: authenticator.generate(secret) }).expect(422);
      await http()
        .post('/api/v1/restify/profile/mfa/enable')
        .set(user.headers)
        .send({ code: authenticator.generate(newSecret) })
        .expect(200, { attributes: { two_factor_enabled: true } });
      expect(await signInWithCode(user, recoveryCodes[1])).toBe(422);
      expect(await signInWithCode(user, authenticator.generate(secret))).toBe(422);
      expect(await signInWithCode(user, newCodes[0])).toBe(200);
      expect(await signInWithCode(user, authenticator.generate(newSecret))).toBe(200);
    });

    it('takes a code from the app or a recovery code as proof, using the recovery code up', async () => {
      const { user, secret, recoveryCodes } = await enrolled('de');
      const setUp = (body: object) => http().post('/api/v1/restify/profile/mfa/setup').set(user.headers).send(body);
      const none = await setUp({}).expect(422);
      expect(none.body.errors).toEqual({ current_password: 'Geben Sie Ihr aktuelles Passwort oder einen Code aus Ihrer Authenticator-App ein' });
      await setUp({ code: authenticator.generate(secret) }).expect(200);
      await setUp({ code: ` ${recoveryCodes[2].toUpperCase()} ` }).expect(200);
      // Used up as proof: it neither proves again nor signs in.
      await setUp({ code: recoveryCodes[2] }).expect(422);
      expect(await signInWithCode(user, recoveryCodes[2])).toBe(422);
      expect(await signInWithCode(user, recoveryCodes[3])).toBe(200);
    });

    it('turns MFA off only with the password or a valid code', async () => {
      const { user, recoveryCodes } = await enrolled();
      const disable = (body: object) => http().post('/api/v1/restify/profile/mfa/disable').set(user.headers).send(body);
      const none = await disable({}).expect(422);
      expect(none.body.errors).toEqual({ current_password: 'Enter your current password or a code from your authenticator app' });
      await disable({ code: '000000' }).expect(422);
      await disable({ current_password: 'wrong' }).expect(422);
      await disable({ code: recoveryCodes[0] }).expect(200, { attributes: { two_factor_enabled: false } });
      expect((await login(user.email, user.password).expect(200)).body.meta.token).toBeDefined();

      const other = await enrolled();
      await http()
        .post('/api/v1/restify/profile/mfa/disable')
        .set(other.user.headers)
        .send({ current_password: other.user.password })
        .expect(200, { attributes: { two_factor_enabled: false } });
    });

    it('asks no proof for a first enrolment, and nothing is active before its confirmation', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      const setup = await http().post('/api/v1/restify/profile/mfa/setup').set(user.headers).expect(200);
      expect(setup.body.recovery_codes).toHaveLength(10);
      // Not confirmed: signing in asks no code.
      expect((await login(user.email, user.password).expect(200)).body.meta.token).toBeDefined();
    });
  });

  describe('nobody grants what they do not hold, nor changes their own roles', () => {
    it('keeps a users.manage holder from giving anyone, themselves included, roles beyond their own permissions', async () => {
      const manager = await createTestUser(api, acme, { permissions: ['users.view', 'users.manage'] });
      const clerk = await createTestUser(api, acme, { roles: ['Viewer'] });
      const administratorRole = await roleIdOf('Administrator');
      const managerRoles = (await http().get(`/api/v1/users/${manager.id}`).set(manager.headers).expect(200)).body.roleIds as string[];

      const self = await http()
        .put(`/api/v1/users/${manager.id}`)
        .set(manager.headers)
        .send({ roleIds: [...managerRoles, administratorRole] })
        .expect(403);
      expect(self.body).toEqual({ message: 'You can not change your own roles', code: 'cannot_change_own_roles' });
      const other = await http().put(`/api/v1/users/${clerk.id}`).set(manager.headers).send({ roleIds: [administratorRole] }).expect(403);
      expect(other.body).toEqual({
        message: 'You can only assign or remove roles whose permissions you hold yourself: Administrator, Viewer',
        code: 'cannot_assign_roles',
      });
      const invited = await http()
        .post('/api/v1/users')
        .set(manager.headers)
        .send({ email: 'escalate@acme.example', name: 'Escalate', roleIds: [administratorRole] })
        .expect(403);
      expect(invited.body.code).toBe('cannot_assign_roles');
      // Nor take the Administrator role away from an administrator.
      const secondAdmin = await createTestUser(api, acme, { roles: ['Administrator'] });
      await http().put(`/api/v1/users/${secondAdmin.id}`).set(manager.headers).send({ roleIds: [] }).expect(403);

      // Nothing changed; saving one's own record with the same roles is no change and passes.
      expect((await http().get(`/api/v1/users/${clerk.id}`).set(admin.headers).expect(200)).body.roleIds).toEqual([await roleIdOf('Viewer')]);
      expect((await http().get(`/api/v1/users/${secondAdmin.id}`).set(admin.headers).expect(200)).body.roleIds).toEqual([administratorRole]);
      await http().put(`/api/v1/users/${manager.id}`).set(manager.headers).send({ phone: '+49 30 1', roleIds: [...managerRoles].reverse() }).expect(200);

      // A role within the manager's own permissions may be given and taken away.
      const helpers = await http()
        .post('/api/v1/roles')
        .set(admin.headers)
        .send({ name: 'User viewers', permissionIds: await permissionIds(['users.view']) })
        .expect(201);
      await http().put(`/api/v1/users/${clerk.id}`).set(manager.headers).send({ roleIds: [helpers.body.id] }).expect(403); // Viewer goes: beyond them
      const helper = await createTestUser(api, acme, { signIn: false });
      await http().put(`/api/v1/users/${helper.id}`).set(manager.headers).send({ roleIds: [helpers.body.id] }).expect(200);
      await http().put(`/api/v1/users/${helper.id}`).set(manager.headers).send({ roleIds: [] }).expect(200);
    });

    it('lets only who may assign the Administrator role deactivate an administrator', async () => {
      const manager = await createTestUser(api, acme, { permissions: ['users.view', 'users.manage'], language: 'de' });
      const target = await createTestUser(api, acme, { roles: ['Administrator'] });
      const everything = await createTestUser(api, acme, { permissions: [...PERMISSIONS] });
      const clerk = await createTestUser(api, acme, { roles: ['Viewer'] });

      const refused = await http().put(`/api/v1/users/${target.id}`).set(manager.headers).send({ active: false }).expect(403);
      expect(refused.body).toEqual({
        message: 'Nur wer die Rolle Administrator vergeben darf, kann einen Administrator deaktivieren, löschen oder seine E-Mail-Adresse ändern',
        code: 'administrator_protected',
      });
      // Whoever holds every permission is an administrator too, whatever their role is called.
      await http().put(`/api/v1/users/${everything.id}`).set(manager.headers).send({ active: false }).expect(403);
      // Nothing happened: both still active and signed in.
      await http().get('/api/v1/restify/profile').set(target.headers).expect(200);
      await http().get('/api/v1/restify/profile').set(everything.headers).expect(200);
      // Their other fields and other users stay the manager's to edit.
      await http().put(`/api/v1/users/${target.id}`).set(manager.headers).send({ phone: '+49 711 5', active: true }).expect(200);
      await http().put(`/api/v1/users/${clerk.id}`).set(manager.headers).send({ active: false }).expect(200);
      // An administrator may; so may whoever holds every permission of the Administrator role.
      await http().put(`/api/v1/users/${target.id}`).set(everything.headers).send({ active: false }).expect(200);
      await http().get('/api/v1/restify/profile').set(target.headers).expect(401);
      await http().put(`/api/v1/users/${target.id}`).set(admin.headers).send({ active: true }).expect(200);
      await http().put(`/api/v1/users/${everything.id}`).set(admin.headers).send({ active: false }).expect(200);
    });

    it('keeps a roles.update holder from adding permissions they do not hold, to their own role or any other', async () => {
      const updater = await createTestUser(api, acme, { permissions: ['roles.view', 'roles.update', 'products.view'], language: 'de' });
      const [ownRoleId] = (await http().get(`/api/v1/users/${updater.id}`).set(admin.headers).expect(200)).body.roleIds as string[];
      const ownRole = { id: ownRoleId };
      const everything = await allPermissionIds();

      const own = await http().put(`/api/v1/roles/${ownRole.id}`).set(updater.headers).send({ permissionIds: everything }).expect(403);
      expect(own.body.code).toBe('cannot_grant_permissions');
      expect(own.body.message).toMatch(/^Sie können keine Berechtigungen vergeben, die Sie selbst nicht haben: .*users\.manage/);
      const viewer = await roleIdOf('Viewer');
      const viewerBefore = (await http().get(`/api/v1/roles/${viewer}`).set(admin.headers).expect(200)).body;
      const other = await http()
        .put(`/api/v1/roles/${viewer}`)
        .set(updater.headers)
        .send({ permissionIds: [...viewerBefore.permissionIds, ...(await permissionIds(['users.manage']))] })
        .expect(403);
      expect(other.body).toEqual({ message: 'Sie können keine Berechtigungen vergeben, die Sie selbst nicht haben: users.manage', code: 'cannot_grant_permissions' });
      expect((await http().get(`/api/v1/roles/${ownRole.id}`).set(admin.headers).expect(200)).body.permissions).toHaveLength(3);
      expect((await http().get(`/api/v1/roles/${viewer}`).set(admin.headers).expect(200)).body.permissions).toEqual(viewerBefore.permissions);

      // Within their own permissions they may add and take away.
      const target = await http().post('/api/v1/roles').set(admin.headers).send({ name: 'Target', permissionIds: await permissionIds(['settings.view']) }).expect(201);
      const widened = await http()
        .put(`/api/v1/roles/${target.body.id}`)
        .set(updater.headers)
        .send({ permissionIds: [...target.body.permissionIds, ...(await permissionIds(['products.view']))] })
        .expect(200);
      expect(widened.body.permissions).toEqual(['products.view', 'settings.view']);
      await http().put(`/api/v1/roles/${target.body.id}`).set(updater.headers).send({ permissionIds: [] }).expect(200);

      // Creating a role with permissions grants them too.
      const creator = await createTestUser(api, acme, { permissions: ['roles.view', 'roles.create'] });
      const created = await http()
        .post('/api/v1/roles')
        .set(creator.headers)
        .send({ name: 'Sneaky', permissionIds: await permissionIds(['users.manage', 'roles.view']) })
        .expect(403);
      expect(created.body).toEqual({ message: 'You can not grant permissions you do not hold yourself: users.manage', code: 'cannot_grant_permissions' });
      await http().post('/api/v1/roles').set(creator.headers).send({ name: 'Honest', permissionIds: await permissionIds(['roles.view']) }).expect(201);
    });

    it('lets the Administrator do everything as before, except changing their own roles', async () => {
      const colleague = await createTestUser(api, acme, { roles: ['Viewer'] });
      const administratorRole = await roleIdOf('Administrator');
      await http().put(`/api/v1/users/${colleague.id}`).set(admin.headers).send({ roleIds: [administratorRole] }).expect(200);
      await http()
        .post('/api/v1/users')
        .set(admin.headers)
        .send({ email: 'new-admin@acme.example', name: 'New Admin', roleIds: [administratorRole] })
        .expect(201);
      const everything = await allPermissionIds();
      const full = await http().post('/api/v1/roles').set(admin.headers).send({ name: 'Everything', permissionIds: everything }).expect(201);
      expect(full.body.permissions).toHaveLength(everything.length);
      await http().put(`/api/v1/roles/${full.body.id}`).set(admin.headers).send({ permissionIds: [] }).expect(200);
      await http().put(`/api/v1/roles/${full.body.id}`).set(admin.headers).send({ permissionIds: everything }).expect(200);
      const own = await http().put(`/api/v1/users/${admin.id}`).set(admin.headers).send({ roleIds: [administratorRole, full.body.id] }).expect(403);
      expect(own.body.message).toBe('You can not change your own roles');
      // Another administrator may.
      await http().put(`/api/v1/users/${colleague.id}`).set(colleague.headers).send({ roleIds: [] }).expect(403);
      await http().put(`/api/v1/users/${colleague.id}`).set(admin.headers).send({ roleIds: [] }).expect(200);
    });
  });

  describe('the organization keeps an active administrator', () => {
    it('refuses emptying the Administrator role, taking it from its last active holder, or deactivating them', async () => {
      const solo = await provisionOrganization(db.app, { slug: 'solo', name: 'Solo GmbH' });
      const onlyAdmin = await createTestUser(api, solo, { roles: ['Administrator'] });
      const germanAdmin = await createTestUser(api, solo, { roles: ['Administrator'], language: 'de' });
      const manager = await createTestUser(api, solo, { permissions: ['users.view', 'users.manage'] });
      const headers = onlyAdmin.headers;
      const administratorRole = await roleIdOf('Administrator', headers);
      // The German admin is deactivated: an inactive administrator does not count.
      await http().put(`/api/v1/users/${germanAdmin.id}`).set(headers).send({ active: false }).expect(200);

      const permissions = (await http().get(`/api/v1/roles/${administratorRole}`).set(headers).expect(200)).body.permissionIds as string[];
      const emptied = await http().put(`/api/v1/roles/${administratorRole}`).set(headers).send({ permissionIds: [] }).expect(409);
      expect(emptied.body).toEqual({
        message: 'At least one active user must keep every permission, so that someone can still manage users and roles',
        code: 'last_administrator',
      });
      await http().put(`/api/v1/roles/${administratorRole}`).set(headers).send({ permissionIds: permissions.slice(1) }).expect(409);
      expect((await http().get(`/api/v1/roles/${administratorRole}`).set(headers).expect(200)).body.permissionIds).toHaveLength(permissions.length);

      const ownRole = await http().put(`/api/v1/users/${onlyAdmin.id}`).set(headers).send({ roleIds: [] }).expect(409);
      expect(ownRole.body).toEqual({ message: 'The organization needs at least one active administrator', code: 'last_administrator' });
      // A users.manage holder may not deactivate an administrator at all (403), the last one least of all.
      await http().put(`/api/v1/users/${onlyAdmin.id}`).set(manager.headers).send({ active: false }).expect(403);
      await http().delete(`/api/v1/roles/${administratorRole}`).set(headers).expect(409);

      // Reactivated, the German admin counts again: now the first one may go, and the refusal is said in German.
      await http().put(`/api/v1/users/${germanAdmin.id}`).set(headers).send({ active: true }).expect(200);
      const germanToken = (await login(germanAdmin.email, germanAdmin.password, 'solo').expect(200)).body.meta.token;
      await http().put(`/api/v1/users/${onlyAdmin.id}`).set({ 'X-Organization': 'solo', Authorization: `Bearer ${germanToken}` }).send({ active: false }).expect(200);
      const german = await http()
        .put(`/api/v1/roles/${administratorRole}`)
        .set({ 'X-Organization': 'solo', Authorization: `Bearer ${germanToken}` })
        .send({ permissionIds: [] })
        .expect(409);
      expect(german.body.message).toBe('Mindestens ein aktiver Benutzer muss alle Berechtigungen behalten, damit noch jemand Benutzer und Rollen verwalten kann');
      const germanSelf = await http().put(`/api/v1/users/${germanAdmin.id}`).set(manager.headers).send({ active: false }).expect(403);
      expect(germanSelf.body.code).toBe('administrator_protected');
    });

    it('counts whoever holds every permission, whatever their role is called', async () => {
      const other = await provisionOrganization(db.app, { slug: 'other', name: 'Other GmbH' });
      const first = await createTestUser(api, other, { roles: ['Administrator'] });
      const everyone = await createTestUser(api, other, { permissions: [...PERMISSIONS] });
      const administratorRole = await roleIdOf('Administrator', first.headers);
      await http().put(`/api/v1/roles/${administratorRole}`).set(first.headers).send({ permissionIds: [] }).expect(200);
      // `first` holds nothing any more; `everyone` is the last one holding everything, and can not empty their own role.
      await http().put(`/api/v1/users/${everyone.id}`).set(first.headers).send({ active: false }).expect(403);
      const ownRole = (await http().get(`/api/v1/users/${everyone.id}`).set(everyone.headers).expect(200)).body.roleIds[0];
      await http().put(`/api/v1/roles/${ownRole}`).set(everyone.headers).send({ permissionIds: [] }).expect(409);
    });

    it('lets only one of two administrators removing each other at the same time succeed', async () => {
      const pair = await provisionOrganization(db.app, { slug: 'pair', name: 'Pair GmbH' });
      const [left, right] = await Promise.all([
        createTestUser(api, pair, { roles: ['Administrator'] }),
        createTestUser(api, pair, { roles: ['Administrator'] }),
      ]);
      const waiting = async () => {
        const [{ count }] = await db.app.query(
          `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return count as number;
      };
      // Hold both users' rows while the requests arrive, so that they truly overlap: each waits to write
      // its change, and once released both would pass their check before either commits, unless the
      // service serializes them.
      let both: Promise<request.Response[]> | undefined;
      await db.app.transaction(async (manager) => {
        await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [pair.id]);
        await manager.query(`SELECT id FROM users WHERE id = ANY($1::uuid[]) FOR UPDATE`, [[left.id, right.id]]);
        both = Promise.all([
          http().put(`/api/v1/users/${right.id}`).set(left.headers).send({ active: false }).then((response) => response),
          http().put(`/api/v1/users/${left.id}`).set(right.headers).send({ active: false }).then((response) => response),
        ]);
        for (let waited = 0; (await waiting()) < 2 && waited < 5_000; waited += 50) await new Promise((wait) => setTimeout(wait, 50));
      });
      const answers = await both!;
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [{ active }] = await db.app.transaction(async (manager) => {
        await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [pair.id]);
        return manager.query(`SELECT count(*)::int AS active FROM users WHERE active`);
      });
      expect(active).toBe(1);
    });
  });
});
