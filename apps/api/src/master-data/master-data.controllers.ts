import { recordsController } from '../records';
import { bendingRateTie, cuttingRateSpecificity, factorValidity, suppliableBands, suppliableKind, validOn } from './master-data.rules';
import * as specs from './master-data.specs';

/** Every master-data area of docs/product.md §2 as a ra-data-json-server resource. */
export const MASTER_DATA_CONTROLLERS = [
  recordsController(specs.ASSETS),
  recordsController(specs.ASSET_PRICES),
  recordsController(specs.ASSET_CUTTING_RATES, { rule: cuttingRateSpecificity }),
  recordsController(specs.ASSET_BENDING_RATES, { rule: bendingRateTie }),
  recordsController(specs.OPERATIONS),
  recordsController(specs.CUSTOMERS),
  recordsController(specs.SUPPLIERS),
  recordsController(specs.FACTORS, { rule: factorValidity, filters: { validOn } }),
  recordsController(specs.GROUPS),
  recordsController(specs.GROUP_PRICES),
  recordsController(specs.MATERIALS),
  recordsController(specs.MATERIAL_PRICES),
  recordsController(specs.PARTS),
  recordsController(specs.SUPPLIABLES, { rule: suppliableKind }),
  recordsController(specs.SUPPLIABLE_BULK_PRICES, { rule: suppliableBands }),
  recordsController(specs.SUPPLIABLE_FACTORS),
];
