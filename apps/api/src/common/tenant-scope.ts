import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InterceptorsConsumer } from '@nestjs/core/interceptors';
import type { Response } from 'express';
import { from, isObservable, lastValueFrom, Observable } from 'rxjs';
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
 * interceptor per request, not two. A route with no other interceptor is answered by `answer`
 * directly (`answerWithoutObservables`); `intercept` is Nest's way, for routes with more.
 */
@Injectable()
export class TenantScopeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly tenants: TenantTransactions,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.answer(context, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }

  /** The route's answer: `handled` (the pipes, then the handler) in the route's transaction if it has one, shaped by `pageAnswer`. */
  async answer(context: ExecutionContext, handled: () => Promise<unknown>): Promise<unknown> {
    const http = context.switchToHttp();
    const response = http.getResponse<Response>();
    if (!isTenantRoute(this.reflector, context)) return pageAnswer(await handled(), response);
    const request = http.getRequest<FabquoteRequest>();
    const organization = request.organization;
    if (!organization) throw new OrganizationNotFound();
    const access = request.deferredAccess;
    const result = await (access
      ? this.tenants.runAfter(organization.id, access.statement, (_manager, rows) => {
          access.settle(rows);
          return handled();
        })
      : this.tenants.run(organization.id, handled));
    return pageAnswer(result, response);
  }
}

/** Whether `answerWithoutObservables` has replaced Nest's interceptor chain (once a process: it changes Nest's class). */
let answeredDirectly = false;

/**
 * Routes whose only interceptor is the tenant scope are answered by its `answer`, a promise, rather than through
 * Nest's interceptor chain: for every request that chain made a context, two deferred observables each with an
 * `AsyncResource` bound (two deprecation wrappers made at each bind), two `mergeAll`s, a `from` and a
 * `lastValueFrom`, and the route's answer was then awaited through `takeUntil` as an observable: 140–170 µs of
 * a signed-in list page's 1.7 ms of CPU (profiled in the list bench). What runs, and in which order, is the
 * same: the guard before, then the transaction with the session check, the pipes and the handler inside it, the
 * page shaped after the commit, an error thrown to the exception filters. An observable a handler answers is
 * still read to its last value inside the transaction, as Nest's chain read it. Routes with other interceptors
 * (uploads, proof attempts) take Nest's way. This replaces a method of Nest's `InterceptorsConsumer`, typed by
 * it: on a Nest upgrade, check that it still is what every route's handler is called through (every e2e suite is).
 */
export function answerWithoutObservables(): void {
  if (answeredDirectly) return;
  answeredDirectly = true;
  const nestIntercept = InterceptorsConsumer.prototype.intercept;
  InterceptorsConsumer.prototype.intercept = function (this: InterceptorsConsumer, interceptors, args, instance, callback, next, type) {
    const [scope] = interceptors;
    if (interceptors.length !== 1 || !(scope instanceof TenantScopeInterceptor)) return nestIntercept.call(this, interceptors, args, instance, callback, next, type);
    const context = this.createContext(args, instance, callback);
    if (type) context.setType(type);
    return scope.answer(context, async () => {
      const value = await next();
      return isObservable(value) ? lastValueFrom(value, { defaultValue: undefined }) : value;
    });
  };
}
