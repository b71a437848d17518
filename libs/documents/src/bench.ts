import { performance } from 'node:perf_hooks';
import { renderOrderPdf } from './render-order-pdf';
import { sampleOrder } from './sample-order';

const at = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))].toFixed(1);

/** `npm run bench` part `pdf`: an offer of `items` items (200 by default) rendered in German, after warm-up. */
export async function benchOrderPdf(items = 200, runs = 30): Promise<string[]> {
  const order = sampleOrder(items);
  for (let i = 0; i < 5; i++) await renderOrderPdf(order, 'de');
  const taken: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const pdf = await renderOrderPdf(order, 'de');
    taken.push(performance.now() - started);
    size = pdf.length;
  }
  taken.sort((a, b) => a - b);
  const pages = (await renderOrderPdf(order, 'de')).toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
  return [
    `offer PDF (libs/documents, pdfkit), ${items} items, ${runs} runs:`,
    `  median ${at(taken, 0.5)} ms, p95 ${at(taken, 0.95)} ms, ${pages} pages, ${(size / 1024).toFixed(0)} KB`,
  ];
}
export { sampleOrder } from './sample-order';
