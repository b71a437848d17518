import { Module } from '@nestjs/common';
import { RecordsModule } from '../records';
import { MASTER_DATA_CONTROLLERS } from './master-data.controllers';
import { MaterialPriceController } from './material-price.controller';
import { MaterialPrices } from './material-price.service';

/** Assets, operations, customers, suppliers, factors, groups, materials, parts and suppliables: plain records; and the price a material is priced at today. */
@Module({
  imports: [RecordsModule],
  controllers: [...MASTER_DATA_CONTROLLERS, MaterialPriceController],
  providers: [MaterialPrices],
})
export class MasterDataModule {}
