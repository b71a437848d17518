import { buildBenchmarkAssembly } from './benchmark-assembly';
import { priceProduct, priceTiers } from './price-product';
import { PricingRequest } from './types';

/**
 * Runs before timing: V8 was still making `priceTiers` faster between the 100th and the 500th run (median of the
 * next 500 runs 0.52 → 0.47 ms on a quiet machine), and flat from there on.
 */
const WARM_UP_RUNS = 1000;
const RUNS = 500;

/** Milliseconds per run of `price`, sorted: after warm-up, so the JIT does not decide the figure. */
function timings(price: (request: PricingRequest) => unknown, request: PricingRequest): number[] {
  for (let i = 0; i < WARM_UP_RUNS; i++) price(request);
  const taken: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    price(request);
    taken.push(performance.now() - started);
  }
  return taken.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))];

export interface PricingBench {
  lines: string[];
  /** Medians in milliseconds: priced (`priceTiers`) and explained (`priceProduct`). */
  pricedMs: number;
  explainedMs: number;
}

/**
 * Times the engine alone on the synthetic 3-level, 200-line housing at 10 tiers: pricing, as a
 * calculation and repricing do, and pricing with every figure explained, as opening a calculation does.
 * The medians come back as numbers too, for the bench to set against their goals (scripts/cli/bench-goals.ts).
 */
export async function benchPricing(): Promise<PricingBench> {
  const { request, lineCount, productCount } = buildBenchmarkAssembly();
  const prices = timings(priceTiers, request);
  const explained = timings(priceProduct, request);
  return {
    lines: [
      `pricing engine, 3-level assembly (${productCount} products, ${lineCount} lines) at ${request.quantities.length} tiers, ${RUNS} runs each:`,
      `  priced:    median ${at(prices, 0.5).toFixed(2)} ms, p95 ${at(prices, 0.95).toFixed(2)} ms`,
      `  explained: median ${at(explained, 0.5).toFixed(2)} ms, p95 ${at(explained, 0.95).toFixed(2)} ms (every figure with its formula, when a calculation is opened)`,
    ],
    pricedMs: at(prices, 0.5),
    explainedMs: at(explained, 0.5),
  };
}
