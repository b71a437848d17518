// The identity area's public surface: what other areas and the app may use.
export { IdentityModule } from './identity.module';
export { ACCESS, CurrentUser, Public, RequirePermission, SignedIn } from './access';
export type { Access, SignedInUser } from './access';
export { bearerToken, SessionAuthenticator } from './access.guard';
export { staffToTell, userNames } from './staff';
export type { StaffMember } from './staff';
export { activeSender } from './sender';
export type { Sender } from './sender';
