import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA image as a PNG (8 bits a channel, no filter, not interlaced): `pixel(x, y)` gives [r, g, b, a]. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 4);
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), start + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The demo shop's logo, drawn here so the demo needs no image file: a steel-blue tile with a white bent sheet
 * (an angle bracket with two holes) beside three bars in the shop's colours, 240 × 80 pixels, transparent around.
 */
export function demoLogoPng(): Buffer {
  const blue = [31, 78, 121, 255] as const;
  const orange = [230, 126, 34, 255] as const;
  const grey = [120, 130, 140, 255] as const;
  const white = [255, 255, 255, 255] as const;
  const clear = [0, 0, 0, 0] as const;
  const inside = (x: number, y: number, left: number, top: number, right: number, bottom: number) => x >= left && x < right && y >= top && y < bottom;
  return encodePng(240, 80, (x, y) => {
    if (inside(x, y, 0, 0, 80, 80)) {
      // The tile's corners rounded by 10 px.
      const cx = Math.min(Math.max(x, 10), 69);
      const cy = Math.min(Math.max(y, 10), 69);
      if ((x - cx) ** 2 + (y - cy) ** 2 > 100) return clear;
      const hole = (hx: number, hy: number) => (x - hx) ** 2 + (y - hy) ** 2 <= 16;
      const bracket = inside(x, y, 18, 16, 30, 64) || inside(x, y, 18, 52, 62, 64);
      return bracket && !hole(24, 28) && !hole(48, 58) ? white : blue;
    }
    if (inside(x, y, 96, 14, 236, 30)) return blue;
    if (inside(x, y, 96, 38, 200, 50)) return orange;
    if (inside(x, y, 96, 58, 170, 66)) return grey;
    return clear;
  });
}
