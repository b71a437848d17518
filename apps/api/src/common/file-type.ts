/** The largest file an upload takes: a purchase request's, a survey's, an avatar (docs/product.md §5); `MultipartUpload` stops a larger one. */
export const MAX_REQUEST_FILE_BYTES = 10 * 1024 * 1024;

const OFFICE_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

const startsWith = (content: Buffer, signature: number[] | string, at = 0) => {
  const bytes = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return content.length >= at + bytes.length && content.subarray(at, at + bytes.length).equals(bytes);
};

/**
 * A DXF in text form starts with the group code 0 and a SECTION (or a comment, code 999), each on
 * its own line; the binary form has a fixed sentinel.
 */
function isDxf(content: Buffer): boolean {
  if (startsWith(content, 'AutoCAD Binary DXF\r\n\x1a\x00')) return true;
  const head = content.subarray(0, 256).toString('latin1').replace(/^\uFEFF/, '');
  return /^\s*0\s*\r?\n\s*SECTION\s*\r?\n/.test(head) || /^\s*999\s*\r?\n[^\r\n]*\r?\n\s*0\s*\r?\n\s*SECTION\s*\r?\n/.test(head);
}

/**
 * The type of a drawing or document by its first bytes, never by its name or the browser's word:
 * PDF, PNG, JPEG, GIF, WebP, DXF, STEP (ISO 10303-21) and ZIP, which is also what Office documents
 * are (a ZIP named .docx/.xlsx/… is answered as that Office type). `null`: not accepted.
 */
export function requestFileTypeOf(content: Buffer, fileName = ''): string | null {
  if (startsWith(content, '%PDF-')) return 'application/pdf';
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, 'GIF87a') || startsWith(content, 'GIF89a')) return 'image/gif';
  if (startsWith(content, 'RIFF') && startsWith(content, 'WEBP', 8)) return 'image/webp';
  if (startsWith(content, 'ISO-10303-21;')) return 'model/step';
  if (startsWith(content, 'PK\x03\x04') || startsWith(content, 'PK\x05\x06')) {
    const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
    return OFFICE_TYPES[extension] ?? 'application/zip';
  }
  if (isDxf(content)) return 'image/vnd.dxf';
  return null;
}

/** A file name as it can be stored and sent back in a header: no control characters, at most 255 characters. */
export const storableName = (name: string) =>
  // Cut by characters (code points), as the column counts them: never half of an emoji.
  [
    ...[...name]
      .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
      .join('')
      .trim(),
  ]
    .slice(0, 255)
    .join('') || 'file';

/**
 * The type of a recording by its first bytes: WebM (what Chromium's MediaRecorder makes), Ogg, MP3
 * (an ID3 tag or a frame sync), WAV and M4A/MP4 audio. `null`: not a sound file this accepts.
 */
export function soundFileTypeOf(content: Buffer): string | null {
  if (startsWith(content, [0x1a, 0x45, 0xdf, 0xa3])) return 'audio/webm';
  if (startsWith(content, 'OggS')) return 'audio/ogg';
  if (startsWith(content, 'RIFF') && startsWith(content, 'WAVE', 8)) return 'audio/wav';
  if (startsWith(content, 'ftyp', 4)) return 'audio/mp4';
  if (startsWith(content, 'ID3') || (content.length >= 2 && content[0] === 0xff && (content[1] & 0xe0) === 0xe0)) return 'audio/mpeg';
  return null;
}

/**
 * Content-Disposition for a download: the name as UTF-8 (RFC 6266 `filename*`), which every current
 * browser reads, and a plain-ASCII `filename` for the rest. A header value travels as latin1, so
 * "Halter ä.dxf" written as is would arrive as other letters.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
