import { showable } from './fonts';

/**
 * Brings a document's texts into what its font prints (`showable`, fonts.ts) and remembers whether
 * any character had to be marked as missing, so the document can say once what the mark means.
 */
export class PdfText {
  /** True once a text held a character the font cannot show. */
  missing = false;

  /** `text` with line breaks kept. */
  text(text: string): string {
    const shown = showable(text);
    if (shown.missing) this.missing = true;
    return shown.text;
  }

  /** One line of text: line breaks and runs of white space become one space (a no-break space stays). */
  line(text: string): string {
    return this.text(text).replace(/\s+/g, (space) => (space === '\u00a0' ? space : ' ')).trim();
  }
}
