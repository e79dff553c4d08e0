/**
 * Sign-in tokens: issued, looked up by hash (through a short-lived cache in this process),
 * revoked. Every revocation is announced, so no node keeps serving a token after it ends.
 *
 * A token ends TOKEN_TTL_MS (365 days, SPEC.md section 9) after it was issued, or sooner once
 * unused for the idle time (config.sessionIdleMs): its row's `expiresAt` is that idle deadline,
 * moved forward as it is used (never past the 365 days), at most once per RENEW_STEP_MS so that
 * a busy token does not write at each request.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { TOKEN_TTL_MS, type SignOutKey } from '@meet/shared';
import type { Db } from '../db/database.js';
import { sessions, users, type UserRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { newToken, sha256 } from '../lib/crypto.js';
import type { AccountChanges } from './account-changes.js';
import type { SessionCache } from './session-cache.js';

/** A used token's idle deadline is written again once it would move by this much. */
export const RENEW_STEP_MS = 60 * 60 * 1000;

export class SessionsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache: SessionCache,
    private readonly changes: AccountChanges,
    /** How long a token may go unused. */
    private readonly idleMs: number,
  ) {}

  /** The deadline of a token issued at `createdAt` and used at `now`. */
  private deadline(createdAt: number, now: number): number {
    return Math.min(createdAt + TOKEN_TTL_MS, now + this.idleMs);
  }

  async issue(userId: number, tx: Db = this.db): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await tx.insert(sessions).values({
      userId,
      tokenHash: sha256(token),
      createdAt: new Date(now),
      expiresAt: new Date(this.deadline(now, now)),
    });
    return token;
  }

  /**
   * Brings tokens issued under a longer idle time (the 365 days before there was one, or a
   * larger SESSION_IDLE_DAYS) within today's: unused from now on, they end after it.
   */
  async applyIdleLimit(): Promise<void> {
    const latest = new Date(this.clock.now() + this.idleMs);
    await this.db
      .update(sessions)
      .set({ expiresAt: latest })
      .where(and(gt(sessions.expiresAt, latest), isNull(sessions.revokedAt)));
  }

  /** The user of a live session; the row is shared between callers and must not be changed. */
  async userOf(token: string): Promise<UserRow | undefined> {
    const now = this.clock.now();
    const kept = this.cache.get(token, now);
    if (kept) return kept;
    const ticket = this.cache.ticket();
    const tokenHash = sha256(token);
    const [row] = await this.db
      .select({
        user: users,
        id: sessions.id,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now)),
        ),
      );
    if (!row) return undefined;
    let expiresAt = row.expiresAt.getTime();
    const renewed = this.deadline(row.createdAt.getTime(), now);
    if (renewed - expiresAt >= RENEW_STEP_MS) {
      // Only forward: another node may have moved it further meanwhile.
      await this.db
        .update(sessions)
        .set({ expiresAt: new Date(renewed) })
        .where(and(eq(sessions.id, row.id), lt(sessions.expiresAt, new Date(renewed))));
      expiresAt = renewed;
    }
    return this.cache.put(ticket, { token, tokenHash, expiresAt }, row.user, now);
  }

  async revoke(token: string): Promise<void> {
    const tokenHash = sha256(token);
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    this.changes.sessionEnded(tokenHash);
  }

  /** Ends every sign-in of the user; their open sockets are closed, telling `reason`. */
  async revokeAllOf(userId: number, reason: SignOutKey, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    this.changes.allSessionsEnded(userId, reason);
  }
}
