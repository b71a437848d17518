import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Reads a PDF's text back with Mozilla's pdf.js, the extractor browsers use, so a test sees what a
 * reader's viewer sees (and not what the renderer meant to write). pdf.js ships only as ES modules,
 * which jest's CommonJS runtime cannot import, so it runs in a worker thread with Node's own loader;
 * the PDF goes in and the text comes out as messages, nothing touches the disk.
 */
export interface PdfText {
  /** Per page, its text items in drawing order: one per line of text the renderer wrote. */
  pages: string[][];
}

const EXTRACT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pdfjs = await import(workerData.pdfjs);
  const document = await pdfjs.getDocument({ data: workerData.pdf, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.filter((item) => 'str' in item && item.str.trim() !== '').map((item) => item.str));
  }
  await document.destroy();
  parentPort.postMessage({ pages });
})().catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

export function readPdfText(pdf: Buffer): Promise<PdfText> {
  const pdfjs = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(EXTRACT, { eval: true, workerData: { pdfjs, pdf: new Uint8Array(pdf) } });
    worker.once('message', (message: { pages?: string[][]; error?: string }) => {
      void worker.terminate();
      if (message.error) reject(new Error(`pdf.js could not read the PDF: ${message.error}`));
      else resolve({ pages: message.pages as string[][] });
    });
    worker.once('error', reject);
  });
}
