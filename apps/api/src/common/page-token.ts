import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: the key of a personal link to a public page (supplier's, customer's offer). */
export function newPageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPageToken(token) };
}

/** What is stored and compared: the SHA-256 of the token, hex. The token itself is only in the mail. */
export function hashPageToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The tokens made are 43 characters; anything far longer is no token of ours and is not hashed. */
export const PAGE_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
