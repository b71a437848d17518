import { Module } from '@nestjs/common';
import { PasswordCheckGate, passwordCheckLimits } from '@fabquote/access';
import { AppConfig } from '@fabquote/config';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessCoverageCheck, AccessGuard, SessionAuthenticator } from './access.guard';
import { AvatarController, ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { ProofAttempts } from './proof-attempts';
import { RolesService } from './roles.service';
import { RecentSignIns, SignInLimits } from './sign-in-limits';
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
    RecentSignIns,
    // One per API process: the sign-in password checks running and waiting (SIGN_IN_PASSWORD_CHECKS).
    { provide: PasswordCheckGate, useFactory: (config: AppConfig) => new PasswordCheckGate(passwordCheckLimits(config.SIGN_IN_PASSWORD_CHECKS)), inject: [AppConfig] },
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
