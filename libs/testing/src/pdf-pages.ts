import PDFDocument from 'pdfkit';
// Not exported from the index: it loads pdfkit, which the other suites need not (import it by path).

/**
 * A real PDF (pdfkit, A4) with one line of text on each page, as a customer's inquiry or drawing comes; `draw`
 * adds to each page after its line (a drawing's outline, say).
 */
export function pdfOfPages(pages: string[], options: { fontSize?: number; draw?: (document: PDFKit.PDFDocument) => void } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    pages.forEach((line, index) => {
      if (index > 0) document.addPage();
      document.fontSize(options.fontSize ?? 16).text(line, 72, 72);
      options.draw?.(document);
    });
    document.end();
  });
}
