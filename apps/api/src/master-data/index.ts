// The master-data area's public surface.
export { MasterDataModule } from './master-data.module';
export { nonOverlappingBands } from './master-data.rules';
export { Suppliables } from './suppliables.service';
export type { SuppliableBand, SuppliableKind, SuppliableTarget } from './suppliables.service';
