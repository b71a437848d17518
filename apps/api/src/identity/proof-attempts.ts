import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { from, lastValueFrom, Observable } from 'rxjs';
import { TenantTransactions } from '@fabquote/database';
import { clientAddress, FabquoteRequest, requireOrganization } from '../common/request-context';
import { OutsideTenant } from '../common/tenant-scope';
import { ApiTooManyAttempts } from '../openapi';
import { IdentityRepository } from './identity.repository';
import { normalEmail, SignInLimits } from './sign-in-limits';

/** The body fields by which a signed-in user proves who they are. */
const PROOF_FIELDS = ['current_password', 'password', 'code'] as const;

/**
 * A signed-in user proving who they are again (the current password to change it, a password or code to
 * change two-factor sign-in) is a sign-in attempt: a stolen session must not guess the password or a code
 * unlimited. The attempt is counted, and committed, in a short transaction before the route runs in its
 * own; it is forgotten when the route succeeds, so only failed proofs count, with sign-in's limits.
 */
@Injectable()
export class ProofAttempts implements NestInterceptor {
  constructor(
    private readonly tenants: TenantTransactions,
    private readonly limits: SignInLimits,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FabquoteRequest>();
    const organization = requireOrganization(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const proves = PROOF_FIELDS.some((field) => body[field] !== undefined && body[field] !== null);
    const handle = () => lastValueFrom(next.handle(), { defaultValue: undefined });
    if (!proves || !request.user) return from(this.tenants.run(organization.id, handle));
    const user = request.user;
    return from(
      (async () => {
        const attemptId = await this.tenants.run(organization.id, async (manager) => {
          const { email } = (await new IdentityRepository(manager).userEmail(user.id))!;
          return this.limits.begin(manager, { email: normalEmail(email), userId: user.id, address: clientAddress(request) });
        });
        return this.tenants.run(organization.id, async (manager) => {
          const result = await handle();
          await this.limits.passed(manager, attemptId);
          return result;
        });
      })(),
    );
  }
}

/** A route where the signed-in user may prove who they are: outside the request transaction, through `ProofAttempts`. */
export const CountsProofAttempts = () => applyDecorators(OutsideTenant(), UseInterceptors(ProofAttempts), ApiTooManyAttempts());
