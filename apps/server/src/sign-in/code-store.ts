/**
 * Verification codes, one store for every channel (email, text message): issuing under the send
 * limits, and checking with a try budget. Each issued code is a row of the channel's table, so
 * the rows are also what the limits count. A channel says only where its rows live and how an
 * address and purpose pick them; the rules — six digits, ten minutes, a minute between sends,
 * daily limits per address and per network address, five tries, then void — are the same.
 */
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_RESEND_MS,
  EMAIL_CODE_TTL_MS,
} from '@meet/shared';
import type { Db } from '../db/database.js';
import { emailCodes, phoneCodes } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { randomDigits, sha256 } from '../lib/crypto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CodeLimits {
  /** Codes sent to one address (an email or a phone number) in a day. */
  perAddressPerDay: number;
  /** Codes asked for from one network address in a day. */
  perIpPerDay: number;
}

interface NewCode {
  address: string;
  purpose: string;
  ip: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Where a channel's codes live and how an address (and purpose) selects them. */
export interface CodeChannel {
  table: typeof emailCodes | typeof phoneCodes;
  /** Every code of the address, whatever its purpose (what the limits count). */
  ofAddress(address: string): SQL;
  /** The codes of the address that can answer for this purpose. */
  ofPurpose(address: string, purpose: string): SQL;
  hash(address: string, code: string): string;
  insert(db: Db, code: NewCode): Promise<unknown>;
}

export const emailChannel: CodeChannel = {
  table: emailCodes,
  ofAddress: (email) => eq(emailCodes.email, email),
  ofPurpose: (email, type) => and(eq(emailCodes.email, email), eq(emailCodes.type, type))!,
  hash: (email, code) => sha256(`${email}:${code}`),
  insert: (db, { address, purpose, ...rest }) =>
    db.insert(emailCodes).values({ email: address, type: purpose, ...rest }),
};

/** Text-message sign-in codes have one purpose, so it is not stored. */
export const phoneChannel: CodeChannel = {
  table: phoneCodes,
  ofAddress: (phone) => eq(phoneCodes.phone, phone),
  ofPurpose: (phone) => eq(phoneCodes.phone, phone),
  hash: (phone, code) => sha256(`phone:${phone}:${code}`),
  insert: (db, { address, purpose: _purpose, ...rest }) =>
    db.insert(phoneCodes).values({ phone: address, ...rest }),
};

export class CodeStore<Purpose extends string = string> {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: CodeLimits,
    private readonly channel: CodeChannel,
  ) {}

  /** Makes a new code for the address, or throws the limit it would break. */
  async issue(address: string, purpose: Purpose, ip: string): Promise<string> {
    const { table } = this.channel;
    const now = this.clock.now();
    const dayAgo = new Date(now - DAY_MS);
    const [last] = await this.db
      .select({ createdAt: table.createdAt })
      .from(table)
      .where(this.channel.ofAddress(address))
      .orderBy(desc(table.createdAt))
      .limit(1);
    const [byAddress] = await this.db
      .select({ n: count() })
      .from(table)
      .where(and(this.channel.ofAddress(address), gt(table.createdAt, dayAgo)));
    const [byIp] = await this.db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.ip, ip), gt(table.createdAt, dayAgo)));
    if (
      (byAddress?.n ?? 0) >= this.limits.perAddressPerDay ||
      (byIp?.n ?? 0) >= this.limits.perIpPerDay
    ) {
      throw AppError.tooMany('tooManyOperations');
    }
    if (last && now - last.createdAt.getTime() < EMAIL_CODE_RESEND_MS) {
      const seconds = Math.ceil((EMAIL_CODE_RESEND_MS - (now - last.createdAt.getTime())) / 1000);
      throw AppError.tooMany('codeRequestTooSoon', { seconds });
    }
    const code = randomDigits(EMAIL_CODE_LENGTH);
    await this.channel.insert(this.db, {
      address,
      purpose,
      ip,
      codeHash: this.channel.hash(address, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + EMAIL_CODE_TTL_MS),
    });
    return code;
  }

  /**
   * Checks the newest unused code of this address and purpose. A wrong guess uses one of the
   * tries; after the last one the code is void. `consume` marks a right code used.
   *
   * Runs in a transaction of its own that holds the code's row (a lock per address and
   * purpose), so a wrong guess is counted even when the caller's next step fails, and guesses
   * sent at once are counted one after the other. Call it before any other work of the request.
   */
  async check(
    address: string,
    purpose: Purpose,
    code: string,
    options: { consume: boolean } = { consume: false },
  ): Promise<void> {
    const { table } = this.channel;
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: table.id,
          attempts: table.attempts,
          expiresAt: table.expiresAt,
          codeHash: table.codeHash,
        })
        .from(table)
        .where(and(this.channel.ofPurpose(address, purpose), isNull(table.usedAt)))
        .orderBy(desc(table.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.attempts >= EMAIL_CODE_MAX_TRIES) return 'codeVoid';
      if (row.expiresAt.getTime() <= now) return 'codeExpired';
      if (row.codeHash !== this.channel.hash(address, code)) {
        await tx
          .update(table)
          .set({ attempts: sql`${table.attempts} + 1` })
          .where(eq(table.id, row.id));
        return 'incorrectCode';
      }
      if (options.consume) {
        await tx
          .update(table)
          .set({ usedAt: new Date(now) })
          .where(eq(table.id, row.id));
      }
      return 'ok';
    });
    if (outcome !== 'ok') throw AppError.badRequest(outcome);
  }
}
