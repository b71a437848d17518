import { CanActivate, ExecutionContext, HttpStatus, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppException, OrganizationNotFound } from '../common/app-exception';
import { FabquoteRequest } from '../common/request-context';
import { isTenantRoute } from '../common/tenant-scope';
import { Access, ACCESS, SignedInUser } from './access';
import { tokenHash } from './tokens.service';
import { SessionRepository, SessionRow, sessionFound, sessionStatement } from './session.repository';

/** docs/design.md §5: a 401 body is exactly `{ "message": "Unauthenticated." }`, so no code. */
export class Unauthenticated extends AppException {
  constructor() {
    super(HttpStatus.UNAUTHORIZED, '', 'unauthenticated');
  }
}

export class Forbidden extends AppException {
  constructor() {
    super(HttpStatus.FORBIDDEN, '', 'forbidden');
  }
}

export class PrivacyPolicyRequired extends AppException {
  constructor() {
    super(HttpStatus.FORBIDDEN, 'privacy_policy_required', 'privacy_policy_required');
  }
}

/**
 * Resolves a session token to its user and permissions, inside the organization's
 * row-level security: a token of another organization is simply not found. One round trip
 * (`session_of`, migration 1795219700000) rather than a transaction of its own.
 */
@Injectable()
export class SessionAuthenticator {
  private readonly sessions: SessionRepository;

  constructor(dataSource: DataSource) {
    this.sessions = new SessionRepository(dataSource.manager);
  }

  async authenticate(organizationId: string, token: string): Promise<SignedInUser | null> {
    return signedInUser(await this.sessions.sessionOf(organizationId, tokenHash(token)));
  }
}

/** How many different permission sets `permissionSet` keeps; past that it starts over, so that it never grows without end. */
const KEPT_PERMISSION_SETS = 1000;
const permissionSets = new Map<string, ReadonlySet<string>>();

/**
 * A session's permissions as a set, made once for each different list and shared by the requests that hold it: a
 * user's permissions are few lists (one per combination of roles), and a set of an administrator's permissions cost
 * 24 µs a request to make, far more than finding it by the list's text. Shared, so read-only.
 */
function permissionSet(names: string[]): ReadonlySet<string> {
  // Permission names are letters, hyphens and dots: no two lists joined with newlines give the same text.
  const key = names.join('\n');
  const known = permissionSets.get(key);
  if (known) return known;
  if (permissionSets.size >= KEPT_PERMISSION_SETS) permissionSets.clear();
  const made = new Set(names);
  permissionSets.set(key, made);
  return made;
}

function signedInUser(row: SessionRow | null | undefined): SignedInUser | null {
  if (!row) return null;
  return {
    id: row.user_id,
    tokenId: row.token_id,
    languageCode: row.user_language,
    privacyPolicyAccepted: row.privacy_accepted,
    permissions: permissionSet(row.user_permissions),
  };
}

/** The session found (or not) held against the route's access: the request signed in, or 401 / 403. */
function admit(request: FabquoteRequest, access: Exclude<Access, { kind: 'public' }>, user: SignedInUser | null): void {
  if (!user) throw new Unauthenticated();
  request.user = user;
  request.locale = user.languageCode;
  if (!user.privacyPolicyAccepted && !(access.kind === 'signed-in' && access.beforePrivacyPolicy)) throw new PrivacyPolicyRequired();
  if (access.kind === 'permission' && !user.permissions.has(access.permission)) throw new Forbidden();
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Every route's access declaration, enforced: 404 without organization, 401 without a valid token, 403 without
 * permission. On a tenant route the session lookup is left to the tenant transaction (`deferredAccess`), whose
 * first round trip carries it, and settled there before the handler runs: a request costs a round trip and a
 * pool checkout less, and is refused just the same (docs/architecture.md, "A request").
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS, [context.getHandler(), context.getClass()]);
    if (!access) throw new Forbidden();
    if (access.kind === 'public') return true;
    const request = context.switchToHttp().getRequest<FabquoteRequest>();
    if (!request.organization) throw new OrganizationNotFound();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new Unauthenticated();
    if (isTenantRoute(this.reflector, context)) {
      request.deferredAccess = {
        statement: sessionStatement(request.organization.id, tokenHash(token)),
        settle: (rows) => admit(request, access, signedInUser(sessionFound(rows as SessionRow[]))),
      };
      return true;
    }
    admit(request, access, await this.sessions.authenticate(request.organization.id, token));
    return true;
  }
}

/** The startup check: every route declares who may call it, so none is open by omission. */
@Injectable()
export class AccessCoverageCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const undeclared: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!controller) continue;
      for (const name of this.scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, () => unknown>)[name];
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        if (!this.reflector.getAllAndOverride(ACCESS, [handler, controller])) undeclared.push(`${controller.name}.${name}`);
      }
    }
    if (undeclared.length > 0) throw new Error(`Routes without an access declaration: ${undeclared.join(', ')}`);
  }
}
