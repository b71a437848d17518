import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A PDF as an OpenAI-compatible server with a vision model takes it: its pages as PNG images and its text. */
export interface PdfPages {
  /** The first `maxPages` pages, each rendered as PNG. */
  images: Buffer[];
  /** The text of every page (pdf.js `getTextContent`), one string per page; empty for a scanned page. */
  text: string[];
  /** Pages in the PDF. */
  pageCount: number;
}

export interface PdfPageLimits {
  /** Pages rendered as images (the text of every page is read). */
  maxPages: number;
  /** The thread is ended after this long. */
  timeoutMs?: number;
  /** The thread's V8 heap. */
  memoryMb?: number;
}

/** The PDF could not be read (not a PDF pdf.js can open, encrypted, too much work). */
export class PdfPagesError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PdfPagesError';
  }
}

/**
 * Rendering: 150 dpi, the long side at most 2000 px (vision models scale larger images down anyway),
 * at most 1,000,000 characters of text. pdf.js renders through `@napi-rs/canvas`, which its npm
 * package ships prebuilt (no `canvas` build, no download).
 */
const DPI = 150;
const MAX_SIDE_PX = 2000;
const MAX_TEXT = 1_000_000;

const RENDER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pdfjs = await import(workerData.pdfjs);
  const document = await pdfjs.getDocument({
    data: workerData.pdf, standardFontDataUrl: workerData.fonts, disableFontFace: true, useSystemFonts: false,
    isEvalSupported: false, verbosity: 0,
  }).promise;
  const images = [];
  const text = [];
  let characters = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    if (characters < workerData.maxText) {
      const content = await page.getTextContent();
      const words = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\\n' : ' ') : '')).join('').replace(/[ \\t]+\\n/g, '\\n').trim();
      text.push(words.slice(0, workerData.maxText - characters));
      characters += words.length;
    } else text.push('');
    if (number <= workerData.maxPages) {
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(workerData.dpi / 72, workerData.maxSide / Math.max(base.width, base.height));
      const viewport = page.getViewport({ scale });
      const { canvas, context } = document.canvasFactory.create(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      images.push(new Uint8Array(canvas.toBuffer('image/png')));
      document.canvasFactory.destroy({ canvas, context });
    }
    page.cleanup();
  }
  const pageCount = document.numPages;
  await document.destroy();
  parentPort.postMessage({ images, text, pageCount });
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

/**
 * A PDF's pages as PNG images and its text, read by Mozilla's pdf.js in a worker thread of its own
 * (pdf.js ships only as ES modules; and a hostile PDF spends the thread's heap and time, never the
 * API's event loop): the form any OpenAI-compatible server with a vision model accepts, where a
 * `file` part is OpenAI's own.
 */
export function renderPdfPages(pdf: Buffer, limits: PdfPageLimits): Promise<PdfPages> {
  const pdfjsMain = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${join(dirname(dirname(dirname(pdfjsMain))), 'standard_fonts')}/`;
  const timeoutMs = limits.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const worker = new Worker(RENDER, {
      eval: true,
      workerData: { pdfjs: pathToFileURL(pdfjsMain).href, fonts, pdf: new Uint8Array(pdf), maxPages: limits.maxPages, dpi: DPI, maxSide: MAX_SIDE_PX, maxText: MAX_TEXT },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb ?? 512 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new PdfPagesError(`not read within ${timeoutMs} ms`))), timeoutMs);
    worker.once('message', (message: { images?: Uint8Array[]; text?: string[]; pageCount?: number; error?: string }) =>
      settle(() =>
        message.error !== undefined
          ? reject(new PdfPagesError(message.error))
          : resolve({ images: (message.images ?? []).map((image) => Buffer.from(image)), text: message.text ?? [], pageCount: message.pageCount ?? 0 }),
      ),
    );
    worker.once('error', (error) => settle(() => reject(new PdfPagesError(error.message))));
    worker.once('exit', (code) => settle(() => reject(new PdfPagesError(`the reader ended (exit code ${code})`))));
  });
}
