/**
 * The PDF uses the standard Helvetica, which every viewer has, so nothing is embedded and a 200-item
 * order stays small and quick. Its encoding (WinAnsi) covers Western European text — umlauts, ß, €,
 * typographic quotes and dashes — but not, say, "Ł" or "Č". Text outside it would print as wrong
 * glyphs, so it is brought into the encoding first: accents a letter can lose are dropped
 * ("Č" → "C"), a few letters that do not decompose are spelled out, anything else becomes "?".
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const SPELLED: Record<string, string> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't',
  '≤': '<=', '≥': '>=', '−': '-', '‐': '-', '‑': '-', '\u2009': ' ', '\u202f': '\u00a0', '\u200b': '',
};

function encodable(char: string): boolean {
  const code = char.codePointAt(0) as number;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char) || char === '\n';
}

const isControl = (char: string) => {
  const code = char.codePointAt(0) as number;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

/** `text` with every character the standard fonts can show; line breaks kept, other control characters made spaces. */
export function pdfText(text: string): string {
  let result = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    if (encodable(char)) result += char;
    else if (char in SPELLED) result += SPELLED[char];
    else if (isControl(char)) result += ' ';
    else {
      const bare = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      result += bare && [...bare].every(encodable) ? bare : '?';
    }
  }
  return result;
}

/** One line of text: line breaks and runs of white space become one space. */
export function pdfLine(text: string): string {
  return pdfText(text).replace(/\s+/g, (space) => (space === '\u00a0' ? space : ' ')).trim();
}
