/** Sign-in tokens: issued, looked up by hash, revoked. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '@meet/shared';
import type { Db } from '../db/database.js';
import { sessions, users, type UserRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { newToken, sha256 } from '../lib/crypto.js';

export class SessionsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
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

  async userOf(token: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sha256(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(this.clock.now())),
        ),
      );
    return row?.user;
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(userId: number, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
