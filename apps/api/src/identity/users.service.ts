import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Organization, postgresRefusal, Role, TenantTransactions, User } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { optionalText, requiredText } from '../common/text-field';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { FabquoteRequest } from '../common/request-context';
import { SignedInUser } from './access';
import { ensureAnAdministratorRemains, GrantRefused, lockAdministration, permissionsHeldBy, refuseUnheldRoles, refuseUnlessAdministratorPeer } from './administration';
import { adminLink } from './admin-link';
import { invitationMail } from './identity-mails';
import { TokensService } from './tokens.service';
import { InviteUserDto, UpdateUserDto } from './users.dto';

// "user" is a reserved word in SQL, so the list's alias is "account".
export const LIST: ListSpec = {
  sortable: { name: 'account.name', email: 'account.email', fullName: 'account.full_name', createdAt: 'account.created_at', active: 'account.active' },
  filters: { active: 'account.active', languageCode: 'account.language_code', email: 'account.email' },
  searchable: ['account.name', 'account.full_name', 'account.email'],
  defaultSort: 'name',
};

/** A user as the Users resource shows it; never secrets. */
function present(user: User) {
  return {
    id: user.id,
    name: user.name,
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    languageCode: user.languageCode,
    active: user.active,
    twoFactorEnabled: user.twoFactorEnabled,
    roleIds: (user.roles ?? []).map((role) => role.id),
    invitedAt: user.invitedAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

@Injectable()
export class UsersService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly tokens: TokensService,
    private readonly outbox: EventOutbox,
  ) {}

  private get users() {
    return this.tenant.manager().getRepository(User);
  }

  async list(query: Record<string, unknown>) {
    const page = await readPage(this.users.createQueryBuilder('account'), parseListRequest(query, LIST), LIST);
    const withRoles = await this.users.find({ where: { id: In(page.rows.map((user) => user.id)) }, relations: { roles: true } });
    const rolesById = new Map(withRoles.map((user) => [user.id, user.roles]));
    return new Page(page.rows.map((user) => present({ ...user, roles: rolesById.get(user.id) ?? [] })), page.total);
  }

  async get(id: string) {
    const user = await this.users.findOne({ where: { id }, relations: { roles: true } });
    if (!user) throw new RecordNotFound();
    return present(user);
  }

  /** Creates the user without a password and mails a link to set one (valid 7 days). */
  async invite(input: InviteUserDto, inviter: SignedInUser, request: FabquoteRequest, organization: Organization) {
    const roles = await this.rolesById(input.roleIds ?? []);
    // Inviting with roles assigns them: only roles whose permissions the inviter holds.
    refuseUnheldRoles(await permissionsHeldBy(this.tenant.manager(), inviter.id), roles);
    let user: User;
    try {
      user = await this.users.save({
        email: input.email.trim().toLowerCase(),
        name: requiredText('name', input.name),
        languageCode: input.languageCode ?? organization.defaultLocale,
        invitedAt: new Date(),
        roles,
      });
    } catch (error) {
      if (postgresRefusal(error)?.constraint === 'users_email_unique') {
        throw new FieldInvalid('email', 'email_taken');
      }
      throw error;
    }
    const { token } = await this.tokens.issue(user.id, 'invitation');
    const inviterName = (await this.users.findOneByOrFail({ id: inviter.id })).name;
    const link = adminLink(request, '/reset-password', { token, email: user.email, invite: '1' });
    const mail = invitationMail(user.languageCode, { name: user.name, organization: organization.name, inviter: inviterName, link });
    await this.outbox.emit('mail.send', { to: [{ name: user.name, address: user.email }], ...mail });
    return this.get(user.id);
  }

  /**
   * Roles are assigned or taken away only within the actor's own permissions, never on oneself; an
   * administrator is deactivated only by someone who may assign the Administrator role (403); taking
   * roles away or deactivating is refused (409) when it would leave no active administrator.
   */
  async update(id: string, input: UpdateUserDto, actor: SignedInUser) {
    const manager = this.tenant.manager();
    const takesAway = input.roleIds !== undefined || input.active === false;
    if (takesAway) await lockAdministration(manager);
    const user = await this.users.findOne({ where: { id }, relations: { roles: { permissions: true } } });
    if (!user) throw new RecordNotFound();
    if (input.active === false && id === actor.id) throw new FieldInvalid('active', 'cannot_deactivate_self');
    // Deactivating ends an administrator's sessions: only someone who may make administrators may do that.
    if (input.active === false && user.active) await refuseUnlessAdministratorPeer(manager, actor.id, id);
    let rolesChanged = false;
    let newRoles: Role[] = [];
    if (input.roleIds !== undefined) {
      newRoles = await this.rolesById(input.roleIds);
      const before = new Set(user.roles.map((role) => role.id));
      const after = new Set(newRoles.map((role) => role.id));
      const changed = [...newRoles.filter((role) => !before.has(role.id)), ...user.roles.filter((role) => !after.has(role.id))];
      rolesChanged = changed.length > 0;
      if (rolesChanged && id !== actor.id) refuseUnheldRoles(await permissionsHeldBy(manager, actor.id), changed);
    }
    const changes: Partial<User> = {};
    if (input.name !== undefined) changes.name = requiredText('name', input.name);
    if (input.fullName !== undefined) changes.fullName = optionalText(input.fullName);
    if (input.phone !== undefined) changes.phone = optionalText(input.phone);
    if (input.languageCode !== undefined) changes.languageCode = input.languageCode;
    if (input.active !== undefined) changes.active = input.active;
    if (Object.keys(changes).length > 0) await this.users.update(id, changes);
    if (rolesChanged) await this.users.save({ id, roles: newRoles });
    if (input.active === false) await this.tokens.revokeAll(id);
    if (rolesChanged || input.active === false) await ensureAnAdministratorRemains(manager);
    // Checked last, inside the rolled-back transaction, so the last administrator hears the 409 first.
    if (rolesChanged && id === actor.id) throw new GrantRefused('cannot_change_own_roles');
    return this.get(id);
  }

  private async rolesById(ids: string[]): Promise<Role[]> {
    const roles = ids.length ? await this.tenant.manager().getRepository(Role).find({ where: { id: In(ids) }, relations: { permissions: true } }) : [];
    if (roles.length !== new Set(ids).size) throw new FieldInvalid('roleIds', 'unknown_role');
    return roles;
  }
}
