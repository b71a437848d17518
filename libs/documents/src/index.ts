/**
 * @fabquote/documents: the PDFs Fabquote sends to customers — today the offer and the order
 * confirmation of an order, in English or German. Plain data in, a PDF Buffer out; the API loads
 * the order and the letterhead settings. Layout, fonts and the library chosen are in README.md.
 */
export * from './types';
export { renderOrderPdf, documentKind, documentTitle } from './render-order-pdf';
export { DocumentFormat } from './format';
export { DocumentError } from './errors';
export { LETTERHEAD_SETTINGS, letterheadFromSettings } from './letterhead';
export { documentWords } from './words';
export type { DocumentWords } from './words';
