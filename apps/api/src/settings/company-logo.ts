import { inflateSync } from 'node:zlib';
import type { MessageKey } from '@fabquote/i18n';

/** The largest logo the company profile takes: it is embedded in every offer's PDF. */
export const MAX_LOGO_BYTES = 1024 * 1024;

/** The largest side in pixels, and pixels in all: a logo far larger only makes every PDF heavy (and could be a bomb). */
const MAX_SIDE = 8000;
const MAX_PIXELS = 16_000_000;

export interface LogoImage {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** Why a file is no logo: the message key of the 422 on `logo`. */
export type LogoProblem = Extract<MessageKey, 'logo_required' | 'logo_too_large' | 'logo_type_not_accepted' | 'logo_unreadable'>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A logo by its content, never by its name or the browser's word: a PNG or a JPEG whose header gives a
 * width and height, else why not. A PNG's image data is inflated and its rows checked (filter types), since
 * the PDF library decodes it later where a fault could not be answered; a JPEG is embedded as it is (the PDF
 * reader decodes it), so its frame header is what is checked.
 */
export function logoImage(content: Buffer): LogoImage | { problem: LogoProblem } {
  if (content.length === 0) return { problem: 'logo_required' };
  if (content.length > MAX_LOGO_BYTES) return { problem: 'logo_too_large' };
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return pngImage(content);
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return jpegImage(content);
  return { problem: 'logo_type_not_accepted' };
}

const sized = (width: number, height: number) => width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_PIXELS;

/** Channels per PNG colour type (grey, –, RGB, palette, grey+alpha, –, RGBA) and the bit depths each allows. */
const PNG_COLOURS: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7's passes: start and step in x and y. */
const ADAM7 = [
  [0, 8, 0, 8],
  [4, 8, 0, 8],
  [0, 4, 4, 8],
  [2, 4, 0, 4],
  [0, 2, 2, 4],
  [1, 2, 0, 2],
  [0, 1, 1, 2],
];

function pngImage(content: Buffer): LogoImage | { problem: LogoProblem } {
  const unreadable = { problem: 'logo_unreadable' as const };
  // IHDR comes first: length 13, then width, height, bit depth, colour type, compression, filter, interlace.
  if (content.length < 33 || content.readUInt32BE(8) !== 13 || content.toString('latin1', 12, 16) !== 'IHDR') return unreadable;
  const width = content.readUInt32BE(16);
  const height = content.readUInt32BE(20);
  const [depth, colourType, compression, filter, interlace] = content.subarray(24, 29);
  const colour = PNG_COLOURS[colourType];
  if (!sized(width, height) || !colour || !colour.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return unreadable;
  const data: Buffer[] = [];
  let palette = colourType !== 3;
  for (let at = 8; at + 12 <= content.length; ) {
    const length = content.readUInt32BE(at);
    const type = content.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > content.length) return unreadable;
    if (type === 'IDAT') data.push(content.subarray(at + 8, at + 8 + length));
    if (type === 'PLTE') palette = true;
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (data.length === 0 || !palette) return unreadable;
  const rowBytes = (pixels: number) => 1 + Math.ceil((pixels * colour.channels * depth) / 8);
  const passes = interlace === 1 ? ADAM7.map(([x0, dx, y0, dy]) => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)]) : [[width, height]];
  const expected = passes.reduce((sum, [w, h]) => sum + (w > 0 && h > 0 ? h * rowBytes(w) : 0), 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return unreadable;
  }
  if (pixels.length < expected) return unreadable;
  // Every row starts with its filter type, 0 to 4.
  let at = 0;
  for (const [w, h] of passes) {
    if (w <= 0 || h <= 0) continue;
    for (let row = 0; row < h; row++, at += rowBytes(w)) if (pixels[at] > 4) return unreadable;
  }
  return { contentType: 'image/png', width, height };
}

/** A JPEG's size from its frame header (SOF0–SOF15 but DHT, JPG and DAC), walking the markers from the start. */
function jpegImage(content: Buffer): LogoImage | { problem: LogoProblem } {
  const unreadable = { problem: 'logo_unreadable' as const };
  let at = 2;
  while (at + 4 <= content.length) {
    if (content[at] !== 0xff) return unreadable;
    const marker = content[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return unreadable; // the image's end, or its scan, before any frame header
    const length = content.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > content.length) return unreadable;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8) return unreadable;
      const height = content.readUInt16BE(at + 5);
      const width = content.readUInt16BE(at + 7);
      return sized(width, height) ? { contentType: 'image/jpeg', width, height } : unreadable;
    }
    at += 2 + length;
  }
  return unreadable;
}
