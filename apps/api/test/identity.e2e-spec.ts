import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { authenticator } from 'otplib';
import request from 'supertest';
import { Organization, provisionOrganization, TenantTransactions } from '@fabquote/database';
import {
  createTestDatabase,
  createTestUser,
  linkIn,
  SmtpSink,
  TestDatabase,
  testConfig,
  TestUser,
} from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../test-support';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f8cf0000030101006f8c0b5f0000000049454e44ae426082', 'hex');

describe('identity and access', () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let acme: Organization;
  let beta: Organization;
  let admin: TestUser;
  const http = () => request(api.getHttpServer());
  const acmeHeaders = { 'X-Organization': 'acme' };
  const login = (email: string, password: string, organization = 'acme') =>
    http().post('/api/v1/restify/login').set('X-Organization', organization).send({ email, password });
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  const waitForMailTo = async (address: string, count = 1) => {
    for (let waited = 0; mailsTo(address).length < count; waited += 100) {
      if (waited > 15_000) throw new Error(`no mail to ${address}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
    return mailsTo(address)[count - 1];
  };

  beforeAll(async () => {
    [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    beta = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', defaultLocale: 'de' });
    const config = testConfig(db, { SMTP_URL: smtp.url });
    [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    admin = await createTestUser(api, acme, { roles: ['Administrator'], name: 'Anna Admin' });
  });

  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await smtp?.stop();
    await db?.drop();
  });

  describe('sign-in', () => {
    it('signs in without MFA and answers the profile as docs/product.md §7 reads it', async () => {
      const user = await createTestUser(api, acme, { roles: ['Estimator'], name: 'Eva Estimator', signIn: false });
      const response = await login(user.email, user.password).expect(200);
      expect(response.body).toEqual({
        id: user.id,
        type: 'users',
        attributes: {
          name: 'Eva Estimator',
          full_name: null,
          email: user.email,
          phone: null,
          language_code: 'en',
          avatar: null,
          two_factor_enabled: false,
          initials: 'EE',
          privacy_policy_read: 1,
        },
        meta: { token: expect.stringMatching(/^[\w-]{40,}$/) },
      });
      const profile = await http()
        .get('/api/v1/restify/profile?include=roles.permissions,languages')
        .set(acmeHeaders)
        .set('Authorization', `Bearer ${response.body.meta.token}`)
        .expect(200);
      expect(profile.body.data).toMatchObject({ id: user.id, type: 'users', attributes: { email: user.email, initials: 'EE', language_code: 'en' } });
      // The organization's currency, for every signed-in user to show money in.
      expect(profile.body.meta).toEqual({ currency: 'EUR', timeZone: 'UTC' });
      const [role] = profile.body.data.relationships.roles;
      expect(role).toMatchObject({ type: 'roles', attributes: { name: 'Estimator' } });
      expect(role.relationships.permissions.map((p: { attributes: { name: string } }) => p.attributes.name)).toContain('products.create');
      expect(profile.body.data.relationships.language).toMatchObject({ type: 'languages', attributes: { code: 'en' } });
      expect(profile.body.data.relationships.languages.map((l: { attributes: { code: string } }) => l.attributes.code)).toEqual(['de', 'en']);
    });

    it('never says which part of the credentials was wrong', async () => {
      const user = await createTestUser(api, acme, { signIn: false });
      const wrongPassword = await login(user.email, 'not-the-password').expect(422);
      const unknownEmail = await login('nobody@acme.example', 'whatever').expect(422);
      expect(wrongPassword.body).toEqual(unknownEmail.body);
      expect(wrongPassword.body.message).toBe('These credentials do not match our records.');
    });

    it('throttles after 5 failed sign-ins for an email within 15 minutes, with the wait time', async () => {
      const user = await createTestUser(api, acme, { signIn: false });
      for (let attempt = 0; attempt < 5; attempt++) await login(user.email, 'wrong').expect(422);
      const refused = await login(user.email, user.password).expect(429);
      expect(refused.body.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
      expect(refused.body.retry_after).toBeGreaterThan(14 * 60);
      // Another email is not affected.
      const other = await createTestUser(api, acme, { signIn: false });
      await login(other.email, other.password).expect(200);
    });

    it('keeps a user who has not accepted the privacy policy out until they do', async () => {
      const user = await createTestUser(api, acme, { roles: ['Administrator'], privacyAccepted: false, signIn: false });
      const response = await login(user.email, user.password).expect(200);
      expect(response.body.attributes.privacy_policy_read).toBe(0);
      const auth = { ...acmeHeaders, Authorization: `Bearer ${response.body.meta.token}` };
      const refused = await http().get('/api/v1/settings').set(auth).expect(403);
      expect(refused.body).toEqual({ message: 'Please accept the privacy policy to continue', code: 'privacy_policy_required' });
      await http().get('/api/v1/restify/profile').set(auth).expect(200);
      await http().post('/api/v1/restify/privacy-policy/accept').set(auth).expect(200, { attributes: { privacy_policy_read: 1 } });
      await http().get('/api/v1/settings').set(auth).expect(200);
      expect((await login(user.email, user.password).expect(200)).body.attributes.privacy_policy_read).toBe(1);
    });

    it('signs in with MFA: enrol from the profile, then a temporary token and a code from the shared secret', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      const auth = user.headers;
      const setup = await http().post('/api/v1/restify/profile/mfa/setup').set(auth).expect(200);
      expect(setup.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
      expect(setup.body.qr_code).toMatch(/^data:image\/png;base64,/);
      expect(setup.body.recovery_codes).toHaveLength(10);
      const secret: string = setup.body.secret;
      const wrongEnable = await http().post('/api/v1/restify/profile/mfa/enable').set(auth).send({ code: '000000' }).expect(422);
      expect(wrongEnable.body.mfa_code).toBe('The code is not valid');
      await http().post('/api/v1/restify/profile/mfa/enable').set(auth).send({ code: authenticator.generate(secret) }).expect(200, { attributes: { two_factor_enabled: true } });

      const first = await login(user.email, user.password).expect(200);
      expect(first.body).toEqual({ data: { requires_mfa: true, temporary_token: expect.any(String) } });
      const temporaryToken = first.body.data.temporary_token;
      // The temporary token is no session token.
      await http().get('/api/v1/restify/profile').set(acmeHeaders).set('Authorization', `Bearer ${temporaryToken}`).expect(401);
      const wrong = await http().post('/api/v1/restify/mfa-verify').set(acmeHeaders).send({ temporary_token: temporaryToken, code: '123456' }).expect(422);
      expect(wrong.body).toEqual({ message: 'The code is not valid', code: 'mfa_code_invalid', mfa_code: 'The code is not valid' });
      const verified = await http()
        .post('/api/v1/restify/mfa-verify')
        .set(acmeHeaders)
        .send({ temporary_token: temporaryToken, code: authenticator.generate(secret) })
        .expect(200);
      expect(verified.body).toEqual({ attributes: { privacy_policy_read: 1 }, meta: { token: expect.any(String) } });
      await http().get('/api/v1/restify/profile').set(acmeHeaders).set('Authorization', `Bearer ${verified.body.meta.token}`).expect(200);
      // A temporary token serves once.
      await http().post('/api/v1/restify/mfa-verify').set(acmeHeaders).send({ temporary_token: temporaryToken, code: authenticator.generate(secret) }).expect(422);

      // A recovery code works once instead of a code.
      const second = await login(user.email, user.password).expect(200);
      const recovery = setup.body.recovery_codes[0];
      await http().post('/api/v1/restify/mfa-verify').set(acmeHeaders).send({ temporary_token: second.body.data.temporary_token, code: recovery }).expect(200);
      const third = await login(user.email, user.password).expect(200);
      await http().post('/api/v1/restify/mfa-verify').set(acmeHeaders).send({ temporary_token: third.body.data.temporary_token, code: recovery }).expect(422);

      // Disabling needs the password.
      await http().post('/api/v1/restify/profile/mfa/disable').set(auth).send({ password: 'wrong' }).expect(422);
      await http().post('/api/v1/restify/profile/mfa/disable').set(auth).send({ password: user.password }).expect(200, { attributes: { two_factor_enabled: false } });
      expect((await login(user.email, user.password).expect(200)).body.meta.token).toBeDefined();
    });

    it('refuses the temporary token after 5 minutes', async () => {
      const user = await createTestUser(api, acme, { signIn: false });
      const secret = authenticator.generateSecret();
      await api.get(TenantTransactions).run(acme.id, (m) => m.query(`UPDATE users SET two_factor_secret = $1, two_factor_enabled = true WHERE id = $2`, [secret, user.id]));
      const first = await login(user.email, user.password).expect(200);
      await api.get(TenantTransactions).run(acme.id, (m) => m.query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND kind = 'mfa'`, [user.id]));
      const late = await http().post('/api/v1/restify/mfa-verify').set(acmeHeaders).send({ temporary_token: first.body.data.temporary_token, code: authenticator.generate(secret) }).expect(422);
      expect(late.body.mfa_code).toBe('The sign-in step has expired. Please sign in again.');
    });
  });

  describe('tokens', () => {
    it('answers 401 Unauthenticated. without a token, with an unknown, expired or revoked one', async () => {
      await http().get('/api/v1/settings').set(acmeHeaders).expect(401, { message: 'Unauthenticated.' });
      await http().get('/api/v1/settings').set(acmeHeaders).set('Authorization', 'Bearer made-up').expect(401, { message: 'Unauthenticated.' });
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      await http().get('/api/v1/settings').set(user.headers).expect(200);
      await api.get(TenantTransactions).run(acme.id, (m) => m.query(`UPDATE access_tokens SET expires_at = now() WHERE user_id = $1`, [user.id]));
      await http().get('/api/v1/settings').set(user.headers).expect(401, { message: 'Unauthenticated.' });
    });

    it('revokes the token on logout', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      await http().post('/api/v1/restify/logout').set(user.headers).expect(200, { message: 'Logged out' });
      await http().get('/api/v1/restify/profile').set(user.headers).expect(401, { message: 'Unauthenticated.' });
    });

    it('stores tokens only as hashes', async () => {
      const user = await createTestUser(api, acme);
      const stored = await api.get(TenantTransactions).run(acme.id, (m) => m.query(`SELECT token_hash FROM access_tokens WHERE user_id = $1`, [user.id]));
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).not.toContain(user.token);
      expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('refuses a token of one organization on another organization’s host', async () => {
      const betaUser = await createTestUser(api, beta, { roles: ['Administrator'] });
      await http().get('/api/v1/settings').set('X-Organization', 'acme').set('Authorization', betaUser.headers.Authorization).expect(401);
      await http().get('/api/v1/settings').set('Host', 'acme.fabquote.example').set('Authorization', betaUser.headers.Authorization).expect(401);
      await http().get('/api/v1/settings').set('Host', 'beta.fabquote.example').set('Authorization', betaUser.headers.Authorization).expect(200);
    });

    it('keeps the same email in two organizations as two separate accounts', async () => {
      const inAcme = await createTestUser(api, acme, { email: 'shared@example.com', signIn: false });
      const inBeta = await createTestUser(api, beta, { email: 'shared@example.com', signIn: false });
      expect(inAcme.id).not.toBe(inBeta.id);
      await login('shared@example.com', inAcme.password, 'acme').expect(200);
      await login('shared@example.com', inAcme.password, 'beta').expect(422);
      await login('shared@example.com', inBeta.password, 'beta').expect(200);
    });
  });

  describe('permissions', () => {
    it('answers 403 without the route’s permission, and allows it with one role that has it', async () => {
      const viewer = await createTestUser(api, acme, { permissions: ['settings.view'] });
      await http().get('/api/v1/settings').set(viewer.headers).expect(200);
      await http().post('/api/v1/settings').set(viewer.headers).send({ slug: 'x', value: 'y' }).expect(403, { message: 'You are not allowed to perform this action' });
      await http().get('/api/v1/users').set(viewer.headers).expect(403);
      const creator = await createTestUser(api, acme, { permissions: ['settings.view', 'settings.create'] });
      await http().post('/api/v1/settings').set(creator.headers).send({ slug: 'made-by-creator', value: 'y' }).expect(201);
    });

    it('gives each new organization the four default roles and the whole permission catalogue', async () => {
      const roles = await http().get('/api/v1/roles').set(admin.headers).expect(200);
      expect(roles.body.map((role: { name: string }) => role.name)).toEqual(expect.arrayContaining(['Administrator', 'Estimator', 'Purchaser', 'Viewer']));
      const permissions = await http().get('/api/v1/permissions?_end=1000').set(admin.headers).expect(200);
      const names = permissions.body.map((permission: { name: string }) => permission.name);
      for (const name of ['products.view', 'purchase-requests.send', 'users.manage', 'settings.manage', 'ai.use', 'ops.queues']) expect(names).toContain(name);
      const administrator = roles.body.find((role: { name: string }) => role.name === 'Administrator');
      expect(administrator.permissionIds).toHaveLength(permissions.body.length);
    });
  });

  describe('password reset', () => {
    it('mails a single-use link that sets a new password and signs the user in', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'], name: 'Rita Reset', signIn: false });
      await http().post('/api/v1/restify/forgotPassword').set(acmeHeaders).send({ email: user.email }).expect(200, { message: 'Forgot password email sent' });
      const mail = await waitForMailTo(user.email);
      expect(mail.headers.subject).toBe('Reset your password – Acme Blech GmbH');
      expect(mail.text).not.toBe('');
      expect(mail.html).not.toBe('');
      const link = linkIn(mail);
      expect(link.pathname).toBe('/reset-password');
      expect(link.searchParams.get('host')).toBe('acme');
      const token = link.searchParams.get('token')!;
      const email = link.searchParams.get('email')!;

      const mismatch = await http()
        .post('/api/v1/restify/resetPassword')
        .set(acmeHeaders)
        .send({ email, token, password: 'new-password-1', password_confirmation: 'new-password-2' })
        .expect(422);
      expect(mismatch.body.errors).toEqual({ password_confirmation: 'Passwords do not match' });

      const reset = await http()
        .post('/api/v1/restify/resetPassword')
        .set(acmeHeaders)
        .send({ email, token, password: 'new-password-1', password_confirmation: 'new-password-1' })
        .expect(200);
      expect(reset.body).toEqual({ message: 'Password was reset successfully', attributes: { privacy_policy_read: 1 }, meta: { token: expect.any(String) } });
      await http().get('/api/v1/restify/profile').set(acmeHeaders).set('Authorization', `Bearer ${reset.body.meta.token}`).expect(200);
      await login(user.email, user.password).expect(422);
      await login(user.email, 'new-password-1').expect(200);
      const again = await http()
        .post('/api/v1/restify/resetPassword')
        .set(acmeHeaders)
        .send({ email, token, password: 'new-password-3', password_confirmation: 'new-password-3' })
        .expect(422);
      expect(again.body.errors.token).toBe('This link is invalid or has expired. Please request a new one.');
    });

    it('answers the same for an unknown email and sends nothing', async () => {
      const before = smtp.mails.length;
      await http().post('/api/v1/restify/forgotPassword').set(acmeHeaders).send({ email: 'ghost@acme.example' }).expect(200, { message: 'Forgot password email sent' });
      await new Promise((wait) => setTimeout(wait, 500));
      expect(smtp.mails.length).toBe(before);
    });

    it('writes the mail in the recipient’s language', async () => {
      const user = await createTestUser(api, acme, { language: 'de', signIn: false });
      await http().post('/api/v1/restify/forgotPassword').set(acmeHeaders).send({ email: user.email }).expect(200);
      const mail = await waitForMailTo(user.email);
      expect(mail.headers.subject).toBe('Passwort zurücksetzen – Acme Blech GmbH');
      expect(mail.text).toContain('Passwort');
    });
  });

  describe('users and roles', () => {
    it('invites a user by mail, who sets a password and signs in', async () => {
      const invited = await http()
        .post('/api/v1/users')
        .set(admin.headers)
        .send({ email: 'Ivo.Invited@Acme.example', name: 'Ivo Invited', roleIds: [], languageCode: 'en' })
        .expect(201);
      expect(invited.body).toMatchObject({ email: 'ivo.invited@acme.example', name: 'Ivo Invited', active: true, invitedAt: expect.any(String) });
      const mail = await waitForMailTo('ivo.invited@acme.example');
      expect(mail.headers.subject).toBe('You are invited to Fabquote – Acme Blech GmbH');
      expect(mail.text).toContain('Anna Admin');
      const link = linkIn(mail);
      expect(link.searchParams.get('invite')).toBe('1');
      const set = await http()
        .post('/api/v1/restify/resetPassword')
        .set(acmeHeaders)
        .send({ email: link.searchParams.get('email'), token: link.searchParams.get('token'), password: 'ivo-password', password_confirmation: 'ivo-password' })
        .expect(200);
      expect(set.body.attributes.privacy_policy_read).toBe(0);
      await login('ivo.invited@acme.example', 'ivo-password').expect(200);
      const taken = await http().post('/api/v1/users').set(admin.headers).send({ email: 'ivo.invited@acme.example', name: 'Again' }).expect(422);
      expect(taken.body.errors).toEqual({ email: 'A user with this email already exists' });
    });

    it('assigns roles and deactivates a user, which ends their sessions', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      const roles = (await http().get('/api/v1/roles').set(admin.headers).expect(200)).body as Array<{ id: string; name: string }>;
      const purchaser = roles.find((role) => role.name === 'Purchaser')!;
      const updated = await http().put(`/api/v1/users/${user.id}`).set(admin.headers).send({ roleIds: [purchaser.id] }).expect(200);
      expect(updated.body.roleIds).toEqual([purchaser.id]);
      await http().put(`/api/v1/users/${user.id}`).set(admin.headers).send({ active: false }).expect(200);
      await http().get('/api/v1/restify/profile').set(user.headers).expect(401);
      await login(user.email, user.password).expect(422);
      const listed = await http().get('/api/v1/users?active=false').set(admin.headers).expect(200);
      expect(listed.body.map((row: { id: string }) => row.id)).toContain(user.id);
    });

    it('never lets the organization lose its last administrator, nor an admin deactivate themselves', async () => {
      const self = await http().put(`/api/v1/users/${admin.id}`).set(admin.headers).send({ active: false }).expect(422);
      expect(self.body.errors).toEqual({ active: 'You can not deactivate yourself' });
      const lone = await provisionOrganization(db.app, { slug: 'lone', name: 'Lone GmbH' });
      const loneAdmin = await createTestUser(api, lone, { roles: ['Administrator'] });
      const response = await http().put(`/api/v1/users/${loneAdmin.id}`).set(loneAdmin.headers).send({ roleIds: [] }).expect(409);
      expect(response.body.message).toBe('The organization needs at least one active administrator');
    });

    it('creates, renames, sets permissions on and deletes roles; refuses deleting one in use', async () => {
      const permissions = (await http().get('/api/v1/permissions?name=products.view&name=products.update').set(admin.headers).expect(200)).body;
      const created = await http()
        .post('/api/v1/roles')
        .set(admin.headers)
        .send({ name: 'Workshop', permissionIds: permissions.map((p: { id: string }) => p.id) })
        .expect(201);
      expect(created.body).toMatchObject({ name: 'Workshop', permissions: ['products.update', 'products.view'], userCount: 0 });
      const renamed = await http().put(`/api/v1/roles/${created.body.id}`).set(admin.headers).send({ name: 'Workshop floor', permissionIds: [] }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'Workshop floor', permissions: [] });
      await http().post('/api/v1/roles').set(admin.headers).send({ name: 'Workshop floor' }).expect(422);
      const roles = (await http().get('/api/v1/roles?q=Viewer').set(admin.headers).expect(200)).body;
      await http().delete(`/api/v1/roles/${roles[0].id}`).set(admin.headers).expect(409);
      await http().delete(`/api/v1/roles/${created.body.id}`).set(admin.headers).expect(200);
    });
  });

  describe('profile', () => {
    it('updates name, full name, phone and language, and answers with language_code', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      const response = await http()
        .post('/api/v1/restify/profile')
        .set(user.headers)
        .send({ name: 'Paul Profile', full_name: 'Paul P. Profile', phone: '+49 30 1234', language_code: 'de' })
        .expect(200);
      expect(response.body.message).toBe('Profil aktualisiert');
      expect(response.body.data.attributes).toMatchObject({ name: 'Paul Profile', full_name: 'Paul P. Profile', phone: '+49 30 1234', language_code: 'de', initials: 'PP' });
      const invalid = await http().post('/api/v1/restify/profile').set(user.headers).send({ language_code: 'fr', name: 'x'.repeat(300) }).expect(422);
      expect(invalid.body.errors).toEqual({ name: 'Der Wert darf nicht länger als 255 Zeichen sein', language_code: 'Wählen Sie Englisch (en) oder Deutsch (de)' });
    });

    it('changes the password only with the current one, ending the other sessions', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      const other = (await login(user.email, user.password).expect(200)).body.meta.token;
      const wrong = await http()
        .post('/api/v1/restify/profile')
        .set(user.headers)
        .send({ password: 'brand-new-pw', password_confirmation: 'brand-new-pw', current_password: 'nope' })
        .expect(422);
      expect(wrong.body.errors).toEqual({ current_password: 'The current password is not correct' });
      await http()
        .post('/api/v1/restify/profile')
        .set(user.headers)
        .send({ password: 'brand-new-pw', password_confirmation: 'brand-new-pw', current_password: user.password })
        .expect(200);
      await http().get('/api/v1/restify/profile').set(user.headers).expect(200);
      await http().get('/api/v1/restify/profile').set(acmeHeaders).set('Authorization', `Bearer ${other}`).expect(401);
      await login(user.email, 'brand-new-pw').expect(200);
    });

    it('takes an image as avatar (checked by content, at most 10 MB) and serves it', async () => {
      const user = await createTestUser(api, acme, { roles: ['Viewer'] });
      const uploaded = await http().post('/api/v1/restify/profile').set(user.headers).attach('avatar', PNG, 'me.png').expect(200);
      const avatar: string = uploaded.body.data.attributes.avatar;
      expect(avatar).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\?host=acme$/);
      const image = await http().get(avatar).expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      const notImage = await http().post('/api/v1/restify/profile').set(user.headers).attach('avatar', Buffer.from('%PDF-1.7 fake'), 'me.png').expect(422);
      expect(notImage.body.errors).toEqual({ avatar: 'This file type is not accepted' });
      const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
      const tooBig = await http().post('/api/v1/restify/profile').set(user.headers).attach('avatar', big, 'big.png').expect(422);
      expect(tooBig.body.errors).toEqual({ avatar: 'Avatar file size should be less than 10MB' });
      const two = await http().post('/api/v1/restify/profile').set(user.headers).attach('avatar', PNG, 'a.png').attach('avatar', PNG, 'b.png').expect(422);
      expect(two.body.errors).toEqual({ avatar: 'Please send one file at a time' });
      const otherField = await http().post('/api/v1/restify/profile').set(user.headers).attach('photo', PNG, 'me.png').expect(422);
      expect(otherField.body.errors).toEqual({ photo: 'Files cannot be sent as photo' });
      // The image sent under its name is still the avatar after all this.
      expect((await http().get('/api/v1/restify/profile').set(user.headers).expect(200)).body.data.attributes.avatar).toBe(avatar);
    });
  });
});
