import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, ConfigModule } from '@fabquote/config';
import { DatabaseModule } from '@fabquote/database';
import { EventOutbox, QueueModule } from '@fabquote/queue';
import { loggerOptions } from '@fabquote/runtime';
import { ExceptionsFilter } from './common/exception.filter';
import { OrganizationMiddleware } from './common/organization.middleware';
import { PageInterceptor } from './common/page.interceptor';
import { TenantScopeInterceptor } from './common/tenant-scope';
import { validationPipe } from './common/validation';
import { HealthController } from './health/health.controller';
import { OrganizationController } from './organization/organization.controller';
import { SettingsController } from './settings/settings.controller';
import { SettingsService } from './settings/settings.service';
import { AccessCoverageCheck, AccessGuard, SessionAuthenticator } from './identity/access.guard';
import { AvatarController, ProfileController } from './identity/profile.controller';
import { ProfileService } from './identity/profile.service';
import { RolesService } from './identity/roles.service';
import { SignInController } from './identity/sign-in.controller';
import { SignInLimits } from './identity/sign-in-limits';
import { SignInService } from './identity/sign-in.service';
import { TokensService } from './identity/tokens.service';
import { CatalogueController, RolesController, UsersController } from './identity/users.controller';
import { UsersService } from './identity/users.service';
import { MASTER_DATA_CONTROLLERS } from './master-data/master-data.controllers';
import { PRODUCT_CONTROLLERS } from './products/product.controllers';
import { CalculationsController } from './products/calculations.controller';
import { CalculationsService } from './products/calculations.service';
import { RecordsService } from './records/records.service';

@Module({})
export class ApiModule implements NestModule {
  /** `alongside`: modules to run in the same process, sharing its pool and queues (the worker, in `npm start`). */
  static register(config: AppConfig, alongside: Type[] = []): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.register(config),
        LoggerModule.forRoot(loggerOptions(config, 'api')),
        DatabaseModule.register(),
        QueueModule.register(),
        DiscoveryModule,
        ...alongside,
      ],
      controllers: [
        HealthController,
        OrganizationController,
        SignInController,
        ProfileController,
        AvatarController,
        UsersController,
        RolesController,
        CatalogueController,
        SettingsController,
        ...MASTER_DATA_CONTROLLERS,
        ...PRODUCT_CONTROLLERS,
        CalculationsController,
      ],
      providers: [
        EventOutbox,
        SettingsService,
        TokensService,
        SessionAuthenticator,
        SignInService,
        SignInLimits,
        ProfileService,
        UsersService,
        RolesService,
        RecordsService,
        CalculationsService,
        AccessCoverageCheck,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_PIPE, useValue: validationPipe },
        { provide: APP_FILTER, useClass: ExceptionsFilter },
        // Order matters: the tenant transaction wraps the handler, the page shape is applied last.
        { provide: APP_INTERCEPTOR, useClass: PageInterceptor },
        { provide: APP_INTERCEPTOR, useClass: TenantScopeInterceptor },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OrganizationMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
