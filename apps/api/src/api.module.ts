import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod, Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppConfig, ConfigModule } from '@fabquote/config';
import { DatabaseModule } from '@fabquote/database';
import { QueueModule } from '@fabquote/queue';
import { loggerOptions } from '@fabquote/runtime';
import { ExceptionsFilter } from './common/exception.filter';
import { OrganizationMiddleware } from './common/organization.middleware';
import { TenantScopeInterceptor } from './common/tenant-scope';
import { validationPipe } from './common/validation';
import { HealthModule } from './health';
import { IdentityModule } from './identity';
import { MasterDataModule } from './master-data';
import { OrdersModule } from './orders';
import { SurveysModule } from './surveys';
import { DashboardModule } from './dashboard';
import { OrganizationModule } from './organization';
import { ProcurementModule } from './procurement';
import { ProductsModule } from './products';
import { SettingsModule } from './settings';

@Module({})
export class ApiModule implements NestModule {
  /**
   * `alongside`: modules to run in the same process, sharing its pool and queues (the worker, in `npm start`);
   * `logDestination`: where the log lines go, standard output unless a test reads them.
   */
  static register(config: AppConfig, alongside: Type[] = [], logDestination?: DestinationStream): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.register(config),
        LoggerModule.forRoot(loggerOptions(config, 'api', logDestination)),
        DatabaseModule.register(),
        QueueModule.register(),
        // The areas: each owns its controllers, services and jobs (docs/architecture.md, "Adding an area").
        HealthModule,
        OrganizationModule,
        IdentityModule,
        SettingsModule,
        MasterDataModule,
        ProductsModule,
        ProcurementModule,
        OrdersModule,
        SurveysModule,
        DashboardModule,
        ...alongside,
      ],
      providers: [
        { provide: APP_PIPE, useValue: validationPipe },
        { provide: APP_FILTER, useClass: ExceptionsFilter },
        // The tenant transaction wraps the handler (the session check riding in its first round trip); the page shape is applied after it.
        { provide: APP_INTERCEPTOR, useClass: TenantScopeInterceptor },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OrganizationMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
