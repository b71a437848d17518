import { Module } from '@nestjs/common';
import { RecordsModule } from '../records';
import { CalculationsController } from './calculations.controller';
import { CalculationsService } from './calculations.service';
import { CalculationRepository } from './calculation.repository';
import { NewProducts } from './new-products.service';
import { ProductEdits } from './product-edits.repository';
import { ProductUsage } from './product-usage.service';
import { ProductRepository } from './product.repository';
import { CalculateProductsHandler, RepriceHandler } from './pricing.handlers';
import { PRODUCT_CONTROLLERS } from './product.controllers';

/**
 * What other areas use of products, without its controllers (the worker's job modules import it too): `NewProducts`,
 * how a survey creates products; `ProductUsage`, what products' lines buy and which products use a part or operation;
 * `ProductRepository`, provided once here for `ProductsModule` too (one instance).
 */
@Module({
  providers: [NewProducts, ProductUsage, ProductEdits, ProductRepository],
  exports: [NewProducts, ProductUsage, ProductEdits, ProductRepository],
})
export class ProductServicesModule {}

/** Products with their geometry and production lines (plain records), and their calculations. */
@Module({
  imports: [RecordsModule, ProductServicesModule],
  controllers: [...PRODUCT_CONTROLLERS, CalculationsController],
  providers: [CalculationsService, CalculationRepository],
  exports: [ProductServicesModule],
})
export class ProductsModule {}

/** The products area's jobs, run by the worker: repricing after a change, calculating in batches. */
@Module({
  providers: [RepriceHandler, CalculateProductsHandler],
})
export class ProductsJobsModule {}
