// The master-data area's public surface.
export { MasterDataModule, MasterDataServicesModule } from './master-data.module';
export { Assets } from './assets.service';
export { Customers } from './customers.repository';
export { customerFacts } from './customer-facts';
export type { CustomerFacts } from './customer-facts';
export { PageMaterials } from './page-materials';
export type { PageMaterial, WishedMaterial } from './page-materials';
export type { NewCustomer } from './customers.repository';
export { Materials } from './materials.service';
export { nonOverlappingBands } from './master-data.rules';
export { Suppliables } from './suppliables.service';
export type { SuppliableBand, SuppliableKind, SuppliableOffer, SuppliableTarget } from './suppliables.service';
export { supplierContact } from './suppliers';
export type { SupplierContact } from './suppliers';
