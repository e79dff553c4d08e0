/** Opaque tokens (256-bit, stored as SHA-256) and random codes. Passwords: passwords.ts. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export { randomInt };

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

const ALPHANUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
export function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUM[randomInt(ALPHANUM.length)];
  return out;
}
