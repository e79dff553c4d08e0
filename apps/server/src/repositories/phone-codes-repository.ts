/**
 * Sign-in codes sent by text message, under the same rules as email codes: six digits, ten
 * minutes, a minute between sends, the same daily limits per number and per address, five tries
 * (counted in a transaction of their own that holds the code's row), then void.
 */
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_RESEND_MS,
  EMAIL_CODE_TTL_MS,
} from '@meet/shared';
import type { Db } from '../db/database.js';
import { phoneCodes } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { randomDigits, sha256 } from '../lib/crypto.js';
import type { CodeLimits } from './email-codes-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const hashOf = (phone: string, code: string) => sha256(`phone:${phone}:${code}`);

export class PhoneCodesRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The email code limits, per number instead of per address. */
    private readonly limits: CodeLimits,
  ) {}

  /** Makes a new code for the number, or throws the limit it would break. */
  async issue(phone: string, ip: string): Promise<string> {
    const now = this.clock.now();
    const dayAgo = new Date(now - DAY_MS);
    const [last] = await this.db
      .select({ createdAt: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, phone))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    const [byPhone] = await this.db
      .select({ n: count() })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, dayAgo)));
    const [byIp] = await this.db
      .select({ n: count() })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.ip, ip), gt(phoneCodes.createdAt, dayAgo)));
    if (
      (byPhone?.n ?? 0) >= this.limits.perEmailPerDay ||
      (byIp?.n ?? 0) >= this.limits.perIpPerDay
    ) {
      throw AppError.tooMany('tooManyOperations');
    }
    if (last && now - last.createdAt.getTime() < EMAIL_CODE_RESEND_MS) {
      const seconds = Math.ceil((EMAIL_CODE_RESEND_MS - (now - last.createdAt.getTime())) / 1000);
      throw AppError.tooMany('codeRequestTooSoon', { seconds });
    }
    const code = randomDigits(EMAIL_CODE_LENGTH);
    await this.db.insert(phoneCodes).values({
      phone,
      ip,
      codeHash: hashOf(phone, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + EMAIL_CODE_TTL_MS),
    });
    return code;
  }

  /**
   * Checks and uses the newest unused code of the number; a wrong guess uses one of the five
   * tries, whatever happens next in the request. Call it before any other work.
   */
  async consume(phone: string, code: string): Promise<void> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(phoneCodes)
        .where(and(eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt)))
        .orderBy(desc(phoneCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.attempts >= EMAIL_CODE_MAX_TRIES) return 'codeVoid';
      if (row.expiresAt.getTime() <= now) return 'codeExpired';
      if (row.codeHash !== hashOf(phone, code)) {
        await tx
          .update(phoneCodes)
          .set({ attempts: sql`${phoneCodes.attempts} + 1` })
          .where(eq(phoneCodes.id, row.id));
        return 'incorrectCode';
      }
      await tx
        .update(phoneCodes)
        .set({ usedAt: new Date(now) })
        .where(eq(phoneCodes.id, row.id));
      return 'ok';
    });
    if (outcome !== 'ok') throw AppError.badRequest(outcome);
  }
}
