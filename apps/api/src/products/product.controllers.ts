import { SqlFilter } from '../common/list-query';
import { recordsController } from '../records';
import { oneOuterContour, partOrAcyclicSubAssembly, productBands } from './product.rules';
import * as specs from './product.specs';

/** `?priceStale=true`: the products whose price is out of date (`false`: the others); any other value matches nothing. */
const priceStale: SqlFilter = (values, param) => {
  const flags = values.filter((value) => value === 'true' || value === 'false').map((value) => value === 'true');
  return flags.length > 0 ? `${specs.PRICE_STALE} = ANY(${param(flags)}::boolean[])` : 'false';
};

/** Products with their geometry, production lines and bulk prices as ra-data-json-server resources. */
export const PRODUCT_CONTROLLERS = [
  recordsController(specs.PRODUCTS, { filters: { priceStale } }),
  recordsController(specs.PRODUCT_CONTOURS, { rule: oneOuterContour }),
  recordsController(specs.PRODUCT_HOLES),
  recordsController(specs.PRODUCT_BENDS),
  recordsController(specs.PRODUCT_MATERIALS),
  recordsController(specs.PRODUCT_OPERATIONS),
  recordsController(specs.PRODUCT_PARTS, { rule: partOrAcyclicSubAssembly }),
  recordsController(specs.PRODUCT_BULK_PRICES, { rule: productBands }),
];
