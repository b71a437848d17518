import { HttpStatus, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ADMINISTRATOR } from '@fabquote/access';
import { Language, Permission, postgresRefusal, Role, TenantTransactions } from '@fabquote/database';
import { AppException, FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { requiredText } from '../common/text-field';
import { SignedInUser } from './access';
import { IdentityRepository } from './identity.repository';
import { ensureAnAdministratorRemains, lockAdministration, permissionsHeldBy, refuseUnheldPermissions } from './administration';
import { RoleDto, UpdateRoleDto } from './users.dto';

export const ROLES: ListSpec = {
  sortable: { name: 'role.name', createdAt: 'role.created_at' },
  filters: { name: 'role.name' },
  searchable: ['role.name'],
  defaultSort: 'name',
};

export const PERMISSIONS: ListSpec = {
  sortable: { name: 'permission.name' },
  filters: { name: 'permission.name' },
  searchable: ['permission.name'],
  defaultSort: 'name',
};

/** Roles are named sets of permissions; a user's permissions are the union over their roles. */
@Injectable()
export class RolesService {
  constructor(private readonly tenant: TenantTransactions) {}

  private get roles() {
    return this.tenant.manager().getRepository(Role);
  }

  async list(query: Record<string, unknown>) {
    const page = await readPage(this.roles.createQueryBuilder('role'), parseListRequest(query, ROLES), ROLES);
    // One after the other: the queries share the transaction's one connection.
    const presented = [];
    for (const role of page.rows) presented.push(await this.get(role.id));
    return new Page(presented, page.total);
  }

  async get(id: string) {
    const role = await this.roles.findOne({ where: { id }, relations: { permissions: true } });
    if (!role) throw new RecordNotFound();
    const count = await new IdentityRepository(this.tenant.manager()).roleUserCount(id);
    return {
      id: role.id,
      name: role.name,
      permissionIds: role.permissions.map((permission) => permission.id),
      permissions: role.permissions.map((permission) => permission.name).sort(),
      userCount: count,
      createdAt: role.createdAt,
      updatedAt: role.updatedAt,
    };
  }

  /** A new role's permissions are granted by whoever creates it: only permissions they hold. */
  async create(input: RoleDto, actor: SignedInUser) {
    const permissions = await this.permissionsById(input.permissionIds ?? []);
    refuseUnheldPermissions(await permissionsHeldBy(this.tenant.manager(), actor.id), permissions);
    const saved = await this.uniqueName(() => this.roles.save({ name: requiredText('name', input.name), permissions }));
    return this.get(saved.id);
  }

  /**
   * Permissions are added only if the actor holds them (also to a role they hold themselves: that grants
   * them nothing new). Taking permissions away is refused (409) when no active user would keep them all.
   */
  async update(id: string, input: UpdateRoleDto, actor: SignedInUser) {
    const manager = this.tenant.manager();
    if (input.permissionIds !== undefined) await lockAdministration(manager);
    const role = await this.roles.findOne({ where: { id }, relations: { permissions: true } });
    if (!role) throw new RecordNotFound();
    if (input.name !== undefined) role.name = requiredText('name', input.name);
    let removesPermissions = false;
    if (input.permissionIds !== undefined) {
      const permissions = await this.permissionsById(input.permissionIds);
      const before = new Set(role.permissions.map((permission) => permission.id));
      const after = new Set(permissions.map((permission) => permission.id));
      refuseUnheldPermissions(
        await permissionsHeldBy(manager, actor.id),
        permissions.filter((permission) => !before.has(permission.id)),
      );
      removesPermissions = role.permissions.some((permission) => !after.has(permission.id));
      role.permissions = permissions;
    }
    await this.uniqueName(() => this.roles.save(role));
    if (removesPermissions) await ensureAnAdministratorRemains(manager, 'last_administrator_permissions');
    return this.get(id);
  }

  async remove(id: string) {
    // Locked so that nobody is given this role between the count and the delete.
    await lockAdministration(this.tenant.manager());
    const role = await this.get(id);
    if (role.userCount > 0) throw new AppException(HttpStatus.CONFLICT, 'role_in_use', 'role_in_use', { count: role.userCount });
    if (role.name === ADMINISTRATOR) throw new AppException(HttpStatus.CONFLICT, 'last_administrator', 'last_administrator');
    await this.roles.delete({ id });
    return role;
  }

  async permissions(query: Record<string, unknown>) {
    const page = await readPage(
      this.tenant.manager().getRepository(Permission).createQueryBuilder('permission'),
      parseListRequest(query, PERMISSIONS),
      PERMISSIONS,
    );
    const presented = page.rows.map(({ id, name }) => {
      const dot = name.lastIndexOf('.');
      return { id, name, area: name.slice(0, dot), action: name.slice(dot + 1) };
    });
    return new Page(presented, page.total);
  }

  languages() {
    return this.tenant.manager().getRepository(Language).find({ order: { code: 'ASC' } });
  }

  private async permissionsById(ids: string[]): Promise<Permission[]> {
    const permissions = ids.length ? await this.tenant.manager().getRepository(Permission).findBy({ id: In(ids) }) : [];
    if (permissions.length !== new Set(ids).size) throw new FieldInvalid('permissionIds', 'unknown_permission');
    return permissions;
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (postgresRefusal(error)?.constraint === 'roles_name_unique') {
        throw new FieldInvalid('name', 'role_name_taken');
      }
      throw error;
    }
  }
}
