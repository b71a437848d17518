import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessCoverageCheck, AccessGuard, SessionAuthenticator } from './access.guard';
import { AvatarController, ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { ProofAttempts } from './proof-attempts';
import { RolesService } from './roles.service';
import { SignInLimits } from './sign-in-limits';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';
import { TokensService } from './tokens.service';
import { CatalogueController, RolesController, UsersController } from './users.controller';
import { UsersService } from './users.service';

/**
 * Sign-in, sessions, the profile, users, roles and permissions; and the access guard every route of
 * every area passes (global), with the check that refuses to start while a route declares no access.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [SignInController, ProfileController, AvatarController, UsersController, RolesController, CatalogueController],
  providers: [
    TokensService,
    SessionAuthenticator,
    SignInService,
    SignInLimits,
    ProofAttempts,
    ProfileService,
    UsersService,
    RolesService,
    AccessCoverageCheck,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionAuthenticator],
})
export class IdentityModule {}
