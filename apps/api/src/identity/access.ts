import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { PermissionName } from '@fabquote/access';
import { FabquoteRequest, SignedInUser } from '../common/request-context';

export type { SignedInUser };

export const ACCESS = Symbol('fabquote:access');

/** Who may call a route. Every route declares one; the API refuses to start otherwise. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in'; beforePrivacyPolicy?: boolean }
  | { kind: 'permission'; permission: PermissionName };

/** No sign-in needed (sign-in itself, password reset, the organization check, health). */
export const Public = () => SetMetadata(ACCESS, { kind: 'public' } satisfies Access);

/** Any signed-in person; `beforePrivacyPolicy` also admits one who has not accepted the policy yet. */
export const SignedIn = (options: { beforePrivacyPolicy?: boolean } = {}) =>
  SetMetadata(ACCESS, { kind: 'signed-in', ...options } satisfies Access);

/** Only people holding `permission` through one of their roles. */
export const RequirePermission = (permission: PermissionName) => SetMetadata(ACCESS, { kind: 'permission', permission } satisfies Access);

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInUser => {
  const user = context.switchToHttp().getRequest<FabquoteRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route that does not require sign-in');
  return user;
});
