/**
 * @fabquote/pricing: prices a product at quantity tiers on a date, from plain data, with
 * decimal arithmetic and an explanation for every figure. No I/O; see README.md for units.
 */
export * from './types';
export { Decimal, formatAmount, formatMeasure } from './decimal';
export { PricingError, AssemblyCycleError } from './errors';
export type { PricingErrorCode } from './errors';
export { priceProduct, priceTiers, tierPricesOf } from './price-product';
export { findAssemblyCycle, assertNoAssemblyCycle } from './assembly';
export { cutLength, pierceCount, bendCount, geometryFigures } from './geometry';
export { cuttingRatesTie } from './time-models';
export { materialPriceInEffect } from './price-in-effect';
export type { GroupListEntry, MaterialPriceInEffect, MaterialPriceSource } from './price-in-effect';
export { buildBenchmarkAssembly } from './benchmark-assembly';
export type { BenchmarkAssembly } from './benchmark-assembly';
