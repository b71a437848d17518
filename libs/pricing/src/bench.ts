import { buildBenchmarkAssembly } from './benchmark-assembly';
import { priceProduct } from './price-product';

const WARM_UP_RUNS = 50;
const RUNS = 200;

/**
 * Times the engine alone on the synthetic 3-level, 200-line housing at 10 tiers: the median of
 * 200 runs after warm-up, so the JIT and a stray GC pause do not decide the figure.
 */
export async function benchPricing(): Promise<string[]> {
  const { request, lineCount, productCount } = buildBenchmarkAssembly();
  for (let i = 0; i < WARM_UP_RUNS; i++) priceProduct(request);
  const timings: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    priceProduct(request);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.floor(q * (timings.length - 1))].toFixed(2);
  return [
    `pricing engine, 3-level assembly (${productCount} products, ${lineCount} lines) at ${request.quantities.length} tiers, ${RUNS} runs:`,
    `  median ${at(0.5)} ms, p95 ${at(0.95)} ms (goal: median under 5 ms)`,
  ];
}
