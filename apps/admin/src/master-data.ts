import assets from './assets';
import customers from './customers';
import factors from './factors';
import groups from './groups';
import materials from './materials';
import operations from './operations';
import parts from './parts';
import suppliables from './suppliables';
import suppliers from './suppliers';

/**
 * The master-data areas, each a resource folder: App registers them with
 * their routes from the route table, the menu shows them with their icons.
 */
export const MASTER_DATA_AREAS = { assets, customers, factors, groups, materials, operations, parts, suppliables, suppliers };
