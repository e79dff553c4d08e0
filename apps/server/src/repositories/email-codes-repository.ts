/**
 * Email verification codes: issuing under the send limits, and checking with a try budget.
 * Each issued code is a row, so the rows are also what the limits count.
 */
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_RESEND_MS,
  EMAIL_CODE_TTL_MS,
  type EmailCodeType,
} from '@meet/shared';
import type { Db } from '../db/database.js';
import { emailCodes } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { randomDigits, sha256 } from '../lib/crypto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CodeLimits {
  perEmailPerDay: number;
  perIpPerDay: number;
}

const hashOf = (email: string, code: string) => sha256(`${email}:${code}`);

export class EmailCodesRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: CodeLimits,
  ) {}

  /** Makes a new code for the address, or throws the limit it would break. */
  async issue(email: string, type: EmailCodeType, ip: string): Promise<string> {
    const now = this.clock.now();
    const dayAgo = new Date(now - DAY_MS);
    const [last] = await this.db
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(eq(emailCodes.email, email))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    const [byEmail] = await this.db
      .select({ n: count() })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, dayAgo)));
    const [byIp] = await this.db
      .select({ n: count() })
      .from(emailCodes)
      .where(and(eq(emailCodes.ip, ip), gt(emailCodes.createdAt, dayAgo)));
    if (
      (byEmail?.n ?? 0) >= this.limits.perEmailPerDay ||
      (byIp?.n ?? 0) >= this.limits.perIpPerDay
    ) {
      throw AppError.tooMany('tooManyOperations');
    }
    if (last && now - last.createdAt.getTime() < EMAIL_CODE_RESEND_MS) {
      const seconds = Math.ceil((EMAIL_CODE_RESEND_MS - (now - last.createdAt.getTime())) / 1000);
      throw AppError.tooMany('codeRequestTooSoon', { seconds });
    }
    const code = randomDigits(EMAIL_CODE_LENGTH);
    await this.db.insert(emailCodes).values({
      email,
      type,
      ip,
      codeHash: hashOf(email, code),
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
    email: string,
    type: EmailCodeType,
    code: string,
    options: { consume: boolean } = { consume: false },
  ): Promise<void> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailCodes)
        .where(
          and(eq(emailCodes.email, email), eq(emailCodes.type, type), isNull(emailCodes.usedAt)),
        )
        .orderBy(desc(emailCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.attempts >= EMAIL_CODE_MAX_TRIES) return 'codeVoid';
      if (row.expiresAt.getTime() <= now) return 'codeExpired';
      if (row.codeHash !== hashOf(email, code)) {
        await tx
          .update(emailCodes)
          .set({ attempts: sql`${emailCodes.attempts} + 1` })
          .where(eq(emailCodes.id, row.id));
        return 'incorrectCode';
      }
      if (options.consume) {
        await tx
          .update(emailCodes)
          .set({ usedAt: new Date(now) })
          .where(eq(emailCodes.id, row.id));
      }
      return 'ok';
    });
    if (outcome !== 'ok') throw AppError.badRequest(outcome);
  }
}
