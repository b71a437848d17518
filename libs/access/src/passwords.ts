import { hash, verify } from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with the library's defaults (64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { type: 2 });
}

export async function passwordMatches(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A readable one-time password for a first administrator: 4 groups of 4. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

export const MIN_PASSWORD_LENGTH = 8;
