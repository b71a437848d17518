import { Module } from '@nestjs/common';
import { RecordsModule } from '../records';
import { CalculationsController } from './calculations.controller';
import { CalculationsService } from './calculations.service';
import { CalculateProductsHandler, RepriceHandler } from './pricing.handlers';
import { PRODUCT_CONTROLLERS } from './product.controllers';

/** Products with their geometry and production lines (plain records), and their calculations. */
@Module({
  imports: [RecordsModule],
  controllers: [...PRODUCT_CONTROLLERS, CalculationsController],
  providers: [CalculationsService],
})
export class ProductsModule {}

/** The products area's jobs, run by the worker: repricing after a change, calculating in batches. */
@Module({
  providers: [RepriceHandler, CalculateProductsHandler],
})
export class ProductsJobsModule {}
