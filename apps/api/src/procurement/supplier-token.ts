import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: the personal link of one supplier to one purchase request. */
export function newSupplierToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSupplierToken(token) };
}

/** What is stored and compared: the SHA-256 of the token, hex. The token itself is only in the mail. */
export function hashSupplierToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
