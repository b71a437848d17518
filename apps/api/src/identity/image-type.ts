/** The image type of a file by its first bytes, never by its name: PNG, JPEG, GIF or WebP. */
export function imageTypeOf(content: Buffer): string | null {
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  if (content.subarray(0, 6).toString('latin1') === 'GIF87a' || content.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (content.subarray(0, 4).toString('latin1') === 'RIFF' && content.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}
