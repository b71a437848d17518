import { buildBenchmarkAssembly } from './benchmark-assembly';
import { priceProduct, priceTiers } from './price-product';
import { PricingRequest } from './types';

/**
 * Runs before timing: V8 was still making `priceTiers` faster between the 100th and the 500th run (median of the
 * next 500 runs 0.52 → 0.47 ms on a quiet machine), and flat from there on.
 */
const WARM_UP_RUNS = 1000;
/** Runs per round. */
const RUNS = 500;
/**
 * Rounds of each, priced and explained taking turns; a figure is the median of its fastest round. The machine is a
 * guest on a shared host, whose other guests slow it by half or more for a second or three at a time: the same code's
 * medians of 500 runs came out at 0.56 and 1.02 ms in one process, seconds apart, with every part of the work
 * (the engine, its garbage collection) slower alike. Rounds spread over some ten seconds keep such a spell out of
 * the figure; the spread of the rounds' medians shows how much there was.
 */
const ROUNDS = 5;

/** Milliseconds per run of `price` in one round of `RUNS`, sorted. */
function round(price: (request: PricingRequest) => unknown, request: PricingRequest): number[] {
  const taken: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    price(request);
    taken.push(performance.now() - started);
  }
  return taken.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))];

/** A figure's rounds: the fastest (by its median), and the range of all rounds' medians. */
interface Rounds {
  fastest: number[];
  medians: number[];
}

function summary({ fastest, medians }: Rounds): string {
  return `median ${at(fastest, 0.5).toFixed(2)} ms, p95 ${at(fastest, 0.95).toFixed(2)} ms (fastest round; rounds' medians ${Math.min(...medians).toFixed(2)}–${Math.max(...medians).toFixed(2)} ms)`;
}

export interface PricingBench {
  lines: string[];
  /** Medians in milliseconds: priced (`priceTiers`) and explained (`priceProduct`). */
  pricedMs: number;
  explainedMs: number;
}

/**
 * Times the engine alone on the synthetic 3-level, 200-line housing at 10 tiers: pricing, as a
 * calculation and repricing do, and pricing with every figure explained, as opening a calculation does.
 * Both are warmed up first, so the JIT does not decide the figure, then timed in `ROUNDS` rounds taking turns.
 * The medians come back as numbers too, for the bench to set against their goals (scripts/cli/bench-goals.ts).
 */
export async function benchPricing(): Promise<PricingBench> {
  const { request, lineCount, productCount } = buildBenchmarkAssembly();
  for (let i = 0; i < WARM_UP_RUNS; i++) priceTiers(request);
  for (let i = 0; i < WARM_UP_RUNS; i++) priceProduct(request);
  const priced: Rounds = { fastest: [], medians: [] };
  const explained: Rounds = { fastest: [], medians: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const [figure, price] of [[priced, priceTiers], [explained, priceProduct]] as const) {
      const taken = round(price, request);
      figure.medians.push(at(taken, 0.5));
      if (figure.fastest.length === 0 || at(taken, 0.5) < at(figure.fastest, 0.5)) figure.fastest = taken;
    }
  }
  return {
    lines: [
      `pricing engine, 3-level assembly (${productCount} products, ${lineCount} lines) at ${request.quantities.length} tiers, ${ROUNDS} rounds of ${RUNS} runs each:`,
      `  priced:    ${summary(priced)}`,
      `  explained: ${summary(explained)} (every figure with its formula, when a calculation is opened)`,
    ],
    pricedMs: at(priced.fastest, 0.5),
    explainedMs: at(explained.fastest, 0.5),
  };
}
