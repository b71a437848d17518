import { Body, Controller, Delete, Get, Post, Put, Query, Req } from '@nestjs/common';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, RequirePermission, SignedIn, SignedInUser } from './access';
import { ApiList, ApiReturns, listOf, schemaRef } from '../openapi';
import { PERMISSIONS, ROLES, RolesService } from './roles.service';
import { InviteUserDto, RoleDto, UpdateRoleDto, UpdateUserDto } from './users.dto';
import { LIST as USERS, UsersService } from './users.service';
import { Id } from '../common/id-param';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @RequirePermission('users.view')
  @ApiList('User', listOf(USERS))
  list(@Query() query: Record<string, unknown>) {
    return this.users.list(query);
  }

  @Get(':id')
  @RequirePermission('users.view')
  @ApiReturns('User')
  get(@Id() id: string) {
    return this.users.get(id);
  }

  @Post()
  @RequirePermission('users.manage')
  @ApiReturns('User', 201)
  invite(@Body() input: InviteUserDto, @CurrentUser() inviter: SignedInUser, @Req() request: FabquoteRequest) {
    return this.users.invite(input, inviter, request, request.organization!);
  }

  @Put(':id')
  @RequirePermission('users.manage')
  @ApiReturns('User')
  update(@Id() id: string, @Body() input: UpdateUserDto, @CurrentUser() actor: SignedInUser) {
    return this.users.update(id, input, actor);
  }
}

@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequirePermission('roles.view')
  @ApiList('Role', listOf(ROLES))
  list(@Query() query: Record<string, unknown>) {
    return this.roles.list(query);
  }

  @Get(':id')
  @RequirePermission('roles.view')
  @ApiReturns('Role')
  get(@Id() id: string) {
    return this.roles.get(id);
  }

  @Post()
  @RequirePermission('roles.create')
  @ApiReturns('Role', 201)
  create(@Body() input: RoleDto, @CurrentUser() actor: SignedInUser) {
    return this.roles.create(input, actor);
  }

  @Put(':id')
  @RequirePermission('roles.update')
  @ApiReturns('Role')
  update(@Id() id: string, @Body() input: UpdateRoleDto, @CurrentUser() actor: SignedInUser) {
    return this.roles.update(id, input, actor);
  }

  @Delete(':id')
  @RequirePermission('roles.delete')
  @ApiReturns('Role')
  remove(@Id() id: string) {
    return this.roles.remove(id);
  }
}

@Controller()
export class CatalogueController {
  constructor(private readonly roles: RolesService) {}

  @Get('permissions')
  @RequirePermission('roles.view')
  @ApiList('Permission', listOf(PERMISSIONS))
  permissions(@Query() query: Record<string, unknown>) {
    return this.roles.permissions(query);
  }

  @Get('languages')
  @SignedIn({ beforePrivacyPolicy: true })
  @ApiReturns({ type: 'array', items: schemaRef('Language') })
  languages() {
    return this.roles.languages();
  }
}
