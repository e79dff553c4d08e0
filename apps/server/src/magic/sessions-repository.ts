/**
 * Magic Cam sessions in the database: opened by getToken with a random token kept only as its
 * hash, metered time and minutes paid written as they grow, paused while the socket is away,
 * ended once with a reason.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { MagicCloseReason, MagicEngine } from '@meet/shared';
import type { Db } from '../db/database.js';
import { magicSessions, type MagicSessionRow } from '../db/schema/index.js';
import { newToken, sha256 } from '../lib/crypto.js';
import type { Clock } from '../lib/clock.js';

export class SessionsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** A new session and the token that opens it (given out once, never stored). */
  async open(values: {
    userId: number;
    conferenceId: number | null;
    engine: MagicEngine;
  }): Promise<{ row: MagicSessionRow; token: string }> {
    const token = newToken();
    const [row] = await this.db
      .insert(magicSessions)
      .values({ ...values, tokenHash: sha256(token), createdAt: this.now() })
      .returning();
    return { row: row!, token };
  }

  async byToken(token: string): Promise<MagicSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(magicSessions)
      .where(eq(magicSessions.tokenHash, sha256(token)));
    return row;
  }

  async byId(id: number): Promise<MagicSessionRow | undefined> {
    const [row] = await this.db.select().from(magicSessions).where(eq(magicSessions.id, id));
    return row;
  }

  /** Running: started (the first time only), not paused, with the prompt now used. */
  async running(id: number, prompt: string): Promise<void> {
    const [row] = await this.db
      .select({ startedAt: magicSessions.startedAt })
      .from(magicSessions)
      .where(eq(magicSessions.id, id));
    await this.db
      .update(magicSessions)
      .set({ startedAt: row?.startedAt ?? this.now(), pausedAt: null, prompt })
      .where(and(eq(magicSessions.id, id), isNull(magicSessions.endedAt)));
  }

  async setPrompt(id: number, prompt: string): Promise<void> {
    await this.db.update(magicSessions).set({ prompt }).where(eq(magicSessions.id, id));
  }

  async saveMeter(id: number, meteredMs: number, minutesPaid: number): Promise<void> {
    await this.db
      .update(magicSessions)
      .set({ meteredMs, minutesPaid })
      .where(eq(magicSessions.id, id));
  }

  async pause(id: number): Promise<void> {
    await this.db
      .update(magicSessions)
      .set({ pausedAt: this.now() })
      .where(and(eq(magicSessions.id, id), isNull(magicSessions.endedAt)));
  }

  /** Ends every open session of the user (their sign-ins ended); their ids. */
  async endAllOf(userId: number, reason: MagicCloseReason): Promise<number[]> {
    const ended = await this.db
      .update(magicSessions)
      .set({ endedAt: this.now(), closeReason: reason })
      .where(and(eq(magicSessions.userId, userId), isNull(magicSessions.endedAt)))
      .returning({ id: magicSessions.id });
    return ended.map((row) => row.id);
  }

  /** Ends it once; false when it had already ended. */
  async end(id: number, reason: MagicCloseReason): Promise<boolean> {
    const ended = await this.db
      .update(magicSessions)
      .set({ endedAt: this.now(), closeReason: reason })
      .where(and(eq(magicSessions.id, id), isNull(magicSessions.endedAt)))
      .returning({ id: magicSessions.id });
    return ended.length > 0;
  }
}
