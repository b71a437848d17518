import { Module } from '@nestjs/common';
import { RecordsModule } from '../records';
import { Assets } from './assets.service';
import { CatalogueRepository } from './catalogue.repository';
import { Customers } from './customers.repository';
import { MASTER_DATA_CONTROLLERS } from './master-data.controllers';
import { MaterialPriceController } from './material-price.controller';
import { MaterialPrices } from './material-price.service';
import { Materials } from './materials.service';
import { SuppliableRepository } from './suppliable.repository';
import { Suppliables } from './suppliables.service';

/**
 * What other areas use of master data, without its controllers (the worker's job modules import it too):
 * `Suppliables`, how an award writes suppliables; `Materials` and `Assets`, how a survey reads them;
 * `CatalogueRepository`, provided once here for `MasterDataModule` too (one instance).
 */
@Module({
  providers: [Suppliables, Materials, Assets, Customers, SuppliableRepository, CatalogueRepository],
  exports: [Suppliables, Materials, Assets, Customers, CatalogueRepository],
})
export class MasterDataServicesModule {}

/**
 * Assets, operations, customers, suppliers, factors, groups, materials, parts and suppliables: plain records;
 * the price a material is priced at today; and the services other areas use (`MasterDataServicesModule`).
 */
@Module({
  imports: [RecordsModule, MasterDataServicesModule],
  controllers: [...MASTER_DATA_CONTROLLERS, MaterialPriceController],
  providers: [MaterialPrices],
  exports: [MasterDataServicesModule],
})
export class MasterDataModule {}
