/** The largest file a purchase request takes (docs/product.md §2). */
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
