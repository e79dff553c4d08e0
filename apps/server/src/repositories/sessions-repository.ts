/**
 * Sign-in tokens: issued, looked up by hash (through a short-lived cache in this process),
 * revoked. Every revocation is announced, so no node keeps serving a token after it ends.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '@meet/shared';
import type { Db } from '../db/database.js';
import { sessions, users, type UserRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { newToken, sha256 } from '../lib/crypto.js';
import type { AccountChanges } from '../sessions/account-changes.js';
import type { SessionCache } from '../sessions/session-cache.js';

export class SessionsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache: SessionCache,
    private readonly changes: AccountChanges,
  ) {}

  async issue(userId: number, tx: Db = this.db): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await tx.insert(sessions).values({
      userId,
      tokenHash: sha256(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + TOKEN_TTL_MS),
    });
    return token;
  }

  /** The user of a live session; the row is shared between callers and must not be changed. */
  async userOf(token: string): Promise<UserRow | undefined> {
    const now = this.clock.now();
    const kept = this.cache.get(token, now);
    if (kept) return kept;
    const ticket = this.cache.ticket();
    const tokenHash = sha256(token);
    const [row] = await this.db
      .select({ user: users, expiresAt: sessions.expiresAt })
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
    return this.cache.put(
      ticket,
      { token, tokenHash, expiresAt: row.expiresAt.getTime() },
      row.user,
      now,
    );
  }

  async revoke(token: string): Promise<void> {
    const tokenHash = sha256(token);
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    this.changes.sessionEnded(tokenHash);
  }

  async revokeAllOf(userId: number, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    this.changes.userChanged(userId);
  }
}
