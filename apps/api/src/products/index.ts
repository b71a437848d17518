// The products area's public surface: its module for the API, its jobs' module for the worker.
export { ProductServicesModule, ProductsJobsModule, ProductsModule } from './products.module';
export { NewProducts } from './new-products.service';
export type { NewProduct } from './new-products.service';
export type { ProductionLine } from './product.repository';
export { ProductUsage } from './product-usage.service';
export { ProductEdits } from './product-edits.repository';
export { ProductPrices } from './product-prices';
export type { ProductName, ProductPrice } from './product-prices';
export type { MaterialChange } from './product-edits.repository';
export type { ProductInUse } from './product-usage.service';
export { CALCULATION_BATCH } from './pricing.handlers';
export { tierQuantities } from './tier-quantities';
