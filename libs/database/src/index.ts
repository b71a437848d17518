export * from './data-sources';
export * from './database.module';
export * from './entities';
export * from './migrate';
export * from './migrations';
export * from './organizations/organization-directory';
export * from './organizations/provision-organization';
export * from './tenancy/tenant-transactions';
