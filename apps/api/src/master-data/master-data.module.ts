import { Module } from '@nestjs/common';
import { RecordsModule } from '../records';
import { MASTER_DATA_CONTROLLERS } from './master-data.controllers';

/** Assets, operations, customers, suppliers, factors, groups, materials, parts and suppliables: plain records. */
@Module({
  imports: [RecordsModule],
  controllers: MASTER_DATA_CONTROLLERS,
})
export class MasterDataModule {}
