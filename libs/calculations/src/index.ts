export * from './calculate-products';
export * from './load-pricing-data';
export * from './affected-products';
