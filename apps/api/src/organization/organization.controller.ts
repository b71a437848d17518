import { Controller, Get, Req } from '@nestjs/common';
import { OrganizationNotFound } from '../common/app-exception';
import { FabquoteRequest } from '../common/request-context';
import { OutsideTenant } from '../common/tenant-scope';
import { Public } from '../identity';
import { ApiReturns } from '../openapi';
import { Organization } from './organization.answer';

/** The admin's organization check: public data of the organization the request resolves to. */
@Controller('organization')
@Public()
@OutsideTenant()
export class OrganizationController {
  @Get()
  @ApiReturns(Organization)
  current(@Req() request: FabquoteRequest) {
    const organization = request.organization;
    if (!organization) throw new OrganizationNotFound();
    return { id: organization.id, slug: organization.slug, name: organization.name, defaultLocale: organization.defaultLocale };
  }
}
