import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@fabquote/config';
import { appDataSource } from './data-sources';
import { OrganizationDirectory } from './organizations/organization-directory';
import { TenantTransactions } from './tenancy/tenant-transactions';

/**
 * The app role's connection pool, plus the tenant transaction runner. Assumes the
 * schema is migrated (the launcher migrates before any app starts).
 */
@Global()
@Module({})
export class DatabaseModule {
  static register(): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          // autoLoadEntities: an area's own entities, registered by `TypeOrmModule.forFeature` in its module, join
          // the platform's (docs/architecture.md, "Persistence").
          useFactory: (config: AppConfig) => ({ ...appDataSource(requireDatabaseUrl(config), appRoleOf(config)).options, autoLoadEntities: true }),
        }),
      ],
      providers: [TenantTransactions, OrganizationDirectory],
      exports: [TenantTransactions, OrganizationDirectory],
    };
  }
}

export function appRoleOf(config: AppConfig) {
  return { user: config.DATABASE_APP_USER, password: config.DATABASE_APP_PASSWORD };
}

export function requireDatabaseUrl(config: AppConfig): string {
  if (!config.DATABASE_URL) {
    throw new Error('DATABASE_URL is not resolved yet: start the app through the launcher (npm start), which provides one');
  }
  return config.DATABASE_URL;
}
