/**
 * Password hashes. New ones are Argon2id (OWASP's first choice: 19 MiB, 2 passes, 1 lane) in
 * the PHC string form; the scrypt ones stored before (N=2^14, below today's guidance) still
 * verify, and `needsRehash` says to replace them at the next sign-in that proves the password.
 *
 * `verify` with no stored hash (no such account, or one without a password) still runs one
 * Argon2id, against a hash of nothing anyone knows, so a failed sign-in takes as long whether or
 * not the address has an account.
 */
import { argon2, randomBytes, scrypt, timingSafeEqual, type Argon2Parameters } from 'node:crypto';
import { promisify } from 'node:util';

/** Argon2id's cost: memory in KiB, passes over it, lanes. */
export const ARGON2_COST = { memory: 19 * 1024, passes: 2, parallelism: 1 } as const;
const TAG_BYTES = 32;
const SALT_BYTES = 16;

const argon2Async = promisify(argon2);
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** The key derivation Argon2id hashes run (tests count its runs). */
export type Argon2id = (parameters: Argon2Parameters) => Promise<Buffer>;
const nodeArgon2id: Argon2id = (parameters) => argon2Async('argon2id', parameters);

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export class Passwords {
  private readonly unknown: Promise<string>;

  constructor(private readonly kdf: Argon2id = nodeArgon2id) {
    // Made now, not at the first failed sign-in, which would otherwise take twice as long.
    this.unknown = this.hash(randomBytes(32).toString('base64'));
    this.unknown.catch(() => undefined);
  }

  /** `$argon2id$v=19$m=…,t=…,p=…$salt$hash` of a new password. */
  async hash(password: string): Promise<string> {
    const { memory, passes, parallelism } = ARGON2_COST;
    const nonce = randomBytes(SALT_BYTES);
    const tag = await this.kdf({
      message: password,
      nonce,
      memory,
      passes,
      parallelism,
      tagLength: TAG_BYTES,
    });
    return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(nonce)}$${b64(tag)}`;
  }

  /** Whether `password` is the one `stored` was made from; false for no stored hash. */
  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    if (!stored) {
      await this.verifyArgon2(password, await this.unknown);
      return false;
    }
    if (stored.startsWith('$argon2id$')) return this.verifyArgon2(password, stored);
    if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
    return false;
  }

  /** A stored hash made some other way than today's (scrypt, other Argon2id costs). */
  needsRehash(stored: string): boolean {
    const { memory, passes, parallelism } = ARGON2_COST;
    return !stored.startsWith(`$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$`);
  }

  private async verifyArgon2(password: string, stored: string): Promise<boolean> {
    const parsed = parseArgon2(stored);
    if (!parsed) return false;
    const tag = await this.kdf({ message: password, ...parsed.cost, nonce: parsed.salt });
    return tag.length === parsed.tag.length && timingSafeEqual(tag, parsed.tag);
  }
}

/** The parts of a PHC Argon2id string, or undefined when it is not one this server makes. */
function parseArgon2(stored: string):
  | {
      cost: { memory: number; passes: number; parallelism: number; tagLength: number };
      salt: Buffer;
      tag: Buffer;
    }
  | undefined {
  const match =
    /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) return undefined;
  const [, m, t, p, salt, tag] = match;
  const cost = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
  // Bounds a stored string cannot push past (a corrupt row must not take the server's memory).
  if (cost.memory > 256 * 1024 || cost.passes > 10 || cost.parallelism > 4) return undefined;
  const tagBytes = Buffer.from(tag!, 'base64');
  return {
    cost: { ...cost, tagLength: tagBytes.length },
    salt: Buffer.from(salt!, 'base64'),
    tag: tagBytes,
  };
}

/** The hashes stored before issue 27: `scrypt$N$r$p$salt$hash`, base64url. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A scrypt hash as stored before issue 27 (tests make old accounts with it). */
export async function legacyScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, {
    N: 16384,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}
