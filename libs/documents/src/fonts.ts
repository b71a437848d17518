import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The PDF's font: DejaVu Sans, regular and bold, TrueType files of the npm package `dejavu-fonts-ttf`
 * (a production dependency of the server, so the image has it; the Bitstream Vera licence, free to
 * embed and redistribute). It covers Latin with all its extensions, Greek and Cyrillic — and more
 * (Armenian, Georgian, many symbols). pdfkit embeds only the glyphs a document uses (a subset), so a
 * PDF grows by a few KB per face, not by the files' 700 KB.
 *
 * What it cannot show prints as the replacement character "�" (`MISSING`), and the document then
 * says once what "�" means (`documentWords(locale).missingGlyphs`): never a silent "?" or a wrong
 * letter. That holds for scripts DejaVu Sans lacks (Chinese, Japanese, Korean, Thai, Devanagari, …)
 * and, although the font has their letters, for right-to-left scripts (Hebrew, Arabic, Syriac, Thaana,
 * N'Ko): pdfkit lays text out left to right only, and a name printed backwards is worse than one marked.
 */
export const FONT_NAMES = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

export const MISSING = '\ufffd';

const FILES = { regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' } as const;

/** The part of a fontkit font this module reads; pdfkit's `registerFont` takes the font itself (anything with `layout`). */
export interface ParsedFont {
  layout(text: string): unknown;
  characterSet: number[];
  postscriptName: string;
}

interface LoadedFonts {
  regular: ParsedFont;
  bold: ParsedFont;
  /** Code points both faces have a glyph for. */
  covered(codePoint: number): boolean;
}

let loaded: LoadedFonts | undefined;

/**
 * The two faces, parsed once per process with the fontkit pdfkit itself uses (resolved from pdfkit,
 * so it is always the version pdfkit was installed with). Parsing a face per document took about
 * 50 ms of each PDF; a parsed face is shared by every document (each still makes its own subset).
 */
export function documentFonts(): LoadedFonts {
  if (!loaded) {
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): ParsedFont };
    const regular = fontkit.create(readFileSync(require.resolve(FILES.regular)));
    const bold = fontkit.create(readFileSync(require.resolve(FILES.bold)));
    const inBold = new Set(bold.characterSet);
    const both = new Set(regular.characterSet.filter((codePoint) => inBold.has(codePoint)));
    loaded = { regular, bold, covered: (codePoint) => both.has(codePoint) };
  }
  return loaded;
}

/** Right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, their presentation forms, and the historic ones. */
function rightToLeft(codePoint: number): boolean {
  return (
    (codePoint >= 0x0590 && codePoint <= 0x08ff) ||
    (codePoint >= 0xfb1d && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff) ||
    (codePoint >= 0x10800 && codePoint <= 0x10fff) ||
    (codePoint >= 0x1e800 && codePoint <= 0x1efff)
  );
}

const DEFAULT_IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const CONTROL = /^\p{Cc}$/u;

/** The result of bringing a text into what the font shows: the text, and whether anything was marked `MISSING`. */
export interface ShownText {
  text: string;
  missing: boolean;
}

/**
 * `text` as the PDF can print it: composed (NFC, so "ř" typed as r + combining caron is the font's
 * "ř"), line breaks kept, other control characters made spaces, invisible format characters (zero-width
 * space, bidi marks, soft hyphen) dropped, and each character the font cannot show replaced by `MISSING`.
 */
export function showable(text: string): ShownText {
  const fonts = documentFonts();
  let shown = '';
  let missing = false;
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const codePoint = char.codePointAt(0) as number;
    if (char === '\n') shown += char;
    else if (CONTROL.test(char)) shown += ' ';
    else if (DEFAULT_IGNORABLE.test(char)) continue;
    else if (fonts.covered(codePoint) && !rightToLeft(codePoint) && char !== MISSING) shown += char;
    else {
      shown += MISSING;
      missing = true;
    }
  }
  return { text: shown, missing };
}
