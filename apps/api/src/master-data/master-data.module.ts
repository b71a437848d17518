import { Module } from '@nestjs/common';
import { RecordsModule } from '../records';
import { MASTER_DATA_CONTROLLERS } from './master-data.controllers';
import { MaterialPriceController } from './material-price.controller';
import { MaterialPrices } from './material-price.service';
import { Suppliables } from './suppliables.service';

/**
 * Assets, operations, customers, suppliers, factors, groups, materials, parts and suppliables: plain records;
 * the price a material is priced at today; and `Suppliables`, how another area (an award) writes suppliables.
 */
@Module({
  imports: [RecordsModule],
  controllers: [...MASTER_DATA_CONTROLLERS, MaterialPriceController],
  providers: [MaterialPrices, Suppliables],
  exports: [Suppliables],
})
export class MasterDataModule {}
