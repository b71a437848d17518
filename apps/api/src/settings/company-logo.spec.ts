import { createCanvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import { encodePng } from '@fabquote/database';
import { logoImage, MAX_LOGO_BYTES } from './company-logo';

const blue = [31, 78, 121, 255] as const;

/** A picture as the browser's canvas writes it: PNG (interlaced or not, by the library) or JPEG. */
function canvasImage(type: 'image/png' | 'image/jpeg', width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1f4e79';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#e67e22';
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return type === 'image/png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg');
}

describe('a logo is checked by its content', () => {
  it('takes a PNG and a JPEG with the size their headers give, whatever they are called', () => {
    expect(logoImage(encodePng(240, 80, () => blue))).toEqual({ contentType: 'image/png', width: 240, height: 80 });
    expect(logoImage(canvasImage('image/png', 300, 120))).toEqual({ contentType: 'image/png', width: 300, height: 120 });
    expect(logoImage(canvasImage('image/jpeg', 321, 99))).toEqual({ contentType: 'image/jpeg', width: 321, height: 99 });
  });

  it('refuses text, other images and nothing, each with its reason', () => {
    expect(logoImage(Buffer.alloc(0))).toEqual({ problem: 'logo_required' });
    expect(logoImage(Buffer.from('just some text, named logo.png'))).toEqual({ problem: 'logo_type_not_accepted' });
    expect(logoImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toEqual({ problem: 'logo_type_not_accepted' });
    expect(logoImage(Buffer.concat([encodePng(10, 10, () => blue), Buffer.alloc(MAX_LOGO_BYTES)]))).toEqual({ problem: 'logo_too_large' });
  });

  it('refuses a PNG or JPEG whose header or data cannot be read: cut short, a size of 0 or too large, damaged pixels', () => {
    const png = encodePng(64, 32, () => blue);
    expect(logoImage(png.subarray(0, 40))).toEqual({ problem: 'logo_unreadable' });
    const zeroWide = Buffer.from(png);
    zeroWide.writeUInt32BE(0, 16);
    expect(logoImage(zeroWide)).toEqual({ problem: 'logo_unreadable' });
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16);
    expect(logoImage(huge)).toEqual({ problem: 'logo_unreadable' });
    // The header says 64 × 32, the data holds rows with a filter type that does not exist.
    const rows = Buffer.alloc(32 * (1 + 64 * 4), 9);
    const idat = deflateSync(rows);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(idat.length);
    const damaged = Buffer.concat([png.subarray(0, 33), length, Buffer.from('IDAT'), idat, Buffer.alloc(4), png.subarray(png.length - 12)]);
    expect(logoImage(damaged)).toEqual({ problem: 'logo_unreadable' });
    // Data that does not inflate at all.
    const garbage = Buffer.concat([png.subarray(0, 33), Buffer.from([0, 0, 0, 4]), Buffer.from('IDAT'), Buffer.from('junk'), Buffer.alloc(4), png.subarray(png.length - 12)]);
    expect(logoImage(garbage)).toEqual({ problem: 'logo_unreadable' });
    expect(logoImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toEqual({ problem: 'logo_unreadable' });
    expect(logoImage(canvasImage('image/jpeg', 50, 50).subarray(0, 30))).toEqual({ problem: 'logo_unreadable' });
  });
});
