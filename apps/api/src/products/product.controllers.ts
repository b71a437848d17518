import { recordsController } from '../records/records.controller';
import { partOrAcyclicSubAssembly, productBands } from './product.rules';
import * as specs from './product.specs';

/** Products with their geometry, production lines and bulk prices as ra-data-json-server resources. */
export const PRODUCT_CONTROLLERS = [
  recordsController(specs.PRODUCTS),
  recordsController(specs.PRODUCT_CONTOURS),
  recordsController(specs.PRODUCT_HOLES),
  recordsController(specs.PRODUCT_BENDS),
  recordsController(specs.PRODUCT_MATERIALS),
  recordsController(specs.PRODUCT_OPERATIONS),
  recordsController(specs.PRODUCT_PARTS, { rule: partOrAcyclicSubAssembly }),
  recordsController(specs.PRODUCT_BULK_PRICES, { rule: productBands }),
];
