// The products area's public surface: its module for the API, its jobs' module for the worker.
export { ProductsJobsModule, ProductsModule } from './products.module';
export { CALCULATION_BATCH } from './pricing.handlers';
export { tierQuantities } from './tier-quantities';
