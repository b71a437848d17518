import { Body, Controller, Get, Query, Req } from '@nestjs/common';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, SignedIn, SignedInUser } from './access';
import { ApiReturns, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, UpdateRoute } from '../openapi';
import { array } from '../common/openapi/answer-schema';
import { Language, Permission, Role, User } from './identity.answer';
import { PERMISSIONS, ROLES, RolesService } from './roles.service';
import { InviteUserDto, RoleDto, UpdateRoleDto, UpdateUserDto } from './users.dto';
import { LIST as USERS, UsersService } from './users.service';
import { Id } from '../common/id-param';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ListRoute('users.view', User, listOf(USERS))
  list(@Query() query: Record<string, unknown>) {
    return this.users.list(query);
  }

  @GetRoute('users.view', User)
  get(@Id() id: string) {
    return this.users.get(id);
  }

  @CreateRoute('users.manage', User)
  invite(@Body() input: InviteUserDto, @CurrentUser() inviter: SignedInUser, @Req() request: FabquoteRequest) {
    return this.users.invite(input, inviter, request, request.organization!);
  }

  @UpdateRoute('users.manage', User)
  update(@Id() id: string, @Body() input: UpdateUserDto, @CurrentUser() actor: SignedInUser) {
    return this.users.update(id, input, actor);
  }
}

@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @ListRoute('roles.view', Role, listOf(ROLES))
  list(@Query() query: Record<string, unknown>) {
    return this.roles.list(query);
  }

  @GetRoute('roles.view', Role)
  get(@Id() id: string) {
    return this.roles.get(id);
  }

  @CreateRoute('roles.create', Role)
  create(@Body() input: RoleDto, @CurrentUser() actor: SignedInUser) {
    return this.roles.create(input, actor);
  }

  @UpdateRoute('roles.update', Role)
  update(@Id() id: string, @Body() input: UpdateRoleDto, @CurrentUser() actor: SignedInUser) {
    return this.roles.update(id, input, actor);
  }

  @DeleteRoute('roles.delete', Role)
  remove(@Id() id: string) {
    return this.roles.remove(id);
  }
}

@Controller()
export class CatalogueController {
  constructor(private readonly roles: RolesService) {}

  @ListRoute('roles.view', Permission, listOf(PERMISSIONS), 'permissions')
  permissions(@Query() query: Record<string, unknown>) {
    return this.roles.permissions(query);
  }

  @Get('languages')
  @SignedIn({ beforePrivacyPolicy: true })
  @ApiReturns(array(Language))
  languages() {
    return this.roles.languages();
  }
}
