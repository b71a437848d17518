import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { from, lastValueFrom, map, Observable } from 'rxjs';
import { TenantTransactions } from '@fabquote/database';
import { OrganizationNotFound } from './app-exception';
import { pageAnswer } from './page.interceptor';
import { FabquoteRequest } from './request-context';

const OUTSIDE_TENANT = Symbol('fabquote:outside-tenant');

/** Marks a route that runs without a tenant transaction (health, the organization check). */
export const OutsideTenant = () => SetMetadata(OUTSIDE_TENANT, true);

/** Each controller's handlers, tenant route or not, as found once: decorators are fixed when the class is made. */
const tenantRoutes = new WeakMap<object, WeakMap<object, boolean>>();

/**
 * Whether the route runs in a tenant transaction (not marked `@OutsideTenant()`). Asked twice a request (the access
 * guard, the interceptor), so looked up once per handler and class.
 */
export function isTenantRoute(reflector: Reflector, context: ExecutionContext): boolean {
  const controller = context.getClass();
  const handler = context.getHandler();
  const byHandler = tenantRoutes.get(controller) ?? tenantRoutes.set(controller, new WeakMap()).get(controller)!;
  const known = byHandler.get(handler);
  if (known !== undefined) return known;
  const tenant = !reflector.getAllAndOverride<boolean>(OUTSIDE_TENANT, [handler, controller]);
  byHandler.set(handler, tenant);
  return tenant;
}

/**
 * Every route is a tenant route unless marked otherwise: it needs an organization
 * (404 `no_organization` without one) and runs in that organization's transaction,
 * committed only when the handler succeeds. The access guard's session check of a tenant
 * route (`deferredAccess`) rides in the round trip that opens the transaction and is settled
 * before the handler runs. Every route's answer is then shaped here too (`pageAnswer`): one
 * interceptor per request, not two.
 */
@Injectable()
export class TenantScopeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly tenants: TenantTransactions,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const response = http.getResponse<Response>();
    if (!isTenantRoute(this.reflector, context)) return next.handle().pipe(map((result: unknown) => pageAnswer(result, response)));
    const request = http.getRequest<FabquoteRequest>();
    const organization = request.organization;
    if (!organization) throw new OrganizationNotFound();
    const handled = () => lastValueFrom(next.handle(), { defaultValue: undefined });
    const access = request.deferredAccess;
    const answered = access
      ? this.tenants.runAfter(organization.id, access.statement, (_manager, rows) => {
          access.settle(rows);
          return handled();
        })
      : this.tenants.run(organization.id, handled);
    return from(answered.then((result: unknown) => pageAnswer(result, response)));
  }
}
