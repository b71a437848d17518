import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, Observable } from 'rxjs';
import { TenantTransactions } from '@fabquote/database';
import { OrganizationNotFound } from './app-exception';
import { FabquoteRequest } from './request-context';

const OUTSIDE_TENANT = Symbol('fabquote:outside-tenant');

/** Marks a route that runs without a tenant transaction (health, the organization check). */
export const OutsideTenant = () => SetMetadata(OUTSIDE_TENANT, true);

/**
 * Every route is a tenant route unless marked otherwise: it needs an organization
 * (404 `no_organization` without one) and runs in that organization's transaction,
 * committed only when the handler succeeds.
 */
@Injectable()
export class TenantScopeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly tenants: TenantTransactions,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const outside = this.reflector.getAllAndOverride<boolean>(OUTSIDE_TENANT, [context.getHandler(), context.getClass()]);
    if (outside) return next.handle();
    const organization = context.switchToHttp().getRequest<FabquoteRequest>().organization;
    if (!organization) throw new OrganizationNotFound();
    return from(this.tenants.run(organization.id, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
