/**
 * AI-credit balances and their ledger. Every change is one transaction that writes a ledger row
 * and moves the balance on the user row together; a charge never takes a balance below zero and
 * a charge key is charged at most once (its ledger row is unique), whoever asks and however often.
 */
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { conferences, creditLedger, users, type CreditLedgerRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import type { AccountChanges } from '../sessions/account-changes.js';
import { publishOps } from '../ops/ops-events.js';

export type ChargeOutcome = 'charged' | 'alreadyCharged' | 'insufficient';

export interface Charge {
  userId: number;
  credits: number;
  /** What it pays for: translate, interpret, magicCam… */
  reason: string;
  conferenceId?: number;
  minutes?: number;
  /** Unique for the unit charged; the same key twice charges once. */
  chargeKey: string;
}

class Insufficient extends Error {}

export class CreditsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: AccountChanges,
  ) {}

  async balance(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ balance: users.creditBalance })
      .from(users)
      .where(eq(users.id, userId));
    return row?.balance ?? 0;
  }

  /** Adds credits (sign-up gift, Pro grant, refund). With a key, at most once. */
  async grant(
    userId: number,
    credits: number,
    reason: string,
    options: { chargeKey?: string; tx?: Db } = {},
  ): Promise<boolean> {
    const run = async (tx: Db) => {
      const inserted = await tx
        .insert(creditLedger)
        .values({
          userId,
          delta: credits,
          reason,
          chargeKey: options.chargeKey ?? null,
          createdAt: new Date(this.clock.now()),
        })
        .onConflictDoNothing()
        .returning({ id: creditLedger.id });
      if (inserted.length === 0) return false;
      await tx
        .update(users)
        .set({ creditBalance: sql`${users.creditBalance} + ${credits}` })
        .where(eq(users.id, userId));
      this.changes.userChanged(userId);
      return true;
    };
    return options.tx ? run(options.tx) : this.db.transaction(run);
  }

  /**
   * Takes credits for a unit of a feature. The ledger row is written first (a key seen before
   * means this unit was paid: nothing more happens), then the balance moves only if it covers
   * the charge; otherwise both are undone.
   */
  async charge(charge: Charge): Promise<ChargeOutcome> {
    try {
      const outcome = await this.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(creditLedger)
          .values({
            userId: charge.userId,
            delta: -charge.credits,
            reason: charge.reason,
            conferenceId: charge.conferenceId ?? null,
            minutes: charge.minutes ?? 0,
            chargeKey: charge.chargeKey,
            createdAt: new Date(this.clock.now()),
          })
          .onConflictDoNothing()
          .returning({ id: creditLedger.id });
        if (inserted.length === 0) return 'alreadyCharged';
        const moved = await tx
          .update(users)
          .set({ creditBalance: sql`${users.creditBalance} - ${charge.credits}` })
          .where(and(eq(users.id, charge.userId), sql`${users.creditBalance} >= ${charge.credits}`))
          .returning({ id: users.id });
        if (moved.length === 0) throw new Insufficient();
        this.changes.userChanged(charge.userId);
        return 'charged' as const;
      });
      if (outcome === 'charged')
        publishOps('creditsCharged', { credits: charge.credits, reason: charge.reason });
      return outcome;
    } catch (error) {
      if (error instanceof Insufficient) return 'insufficient';
      throw error;
    }
  }

  /** What a user spent, newest first, a page at a time (pages from 1), with the meeting. */
  async spending(
    userId: number,
    page: number,
    pageSize: number,
  ): Promise<(CreditLedgerRow & { meetingNumber: string | null; meetingTopic: string | null })[]> {
    const rows = await this.db
      .select({
        row: creditLedger,
        meetingNumber: conferences.conferenceId,
        meetingTopic: conferences.topic,
      })
      .from(creditLedger)
      .leftJoin(conferences, eq(conferences.id, creditLedger.conferenceId))
      .where(and(eq(creditLedger.userId, userId), lt(creditLedger.delta, 0)))
      .orderBy(desc(creditLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return rows.map((r) => ({
      ...r.row,
      meetingNumber: r.meetingNumber,
      meetingTopic: r.meetingTopic,
    }));
  }

  /** Minutes and credits a user has spent on each feature, ever. */
  async usageOf(userId: number): Promise<Map<string, { minutes: number; credits: number }>> {
    return this.usage(and(eq(creditLedger.userId, userId), lt(creditLedger.delta, 0)));
  }

  /** Minutes and credits spent on each feature of one meeting. */
  async meetingUsage(
    conferenceRowId: number,
  ): Promise<Map<string, { minutes: number; credits: number }>> {
    return this.usage(
      and(eq(creditLedger.conferenceId, conferenceRowId), lt(creditLedger.delta, 0)),
    );
  }

  private async usage(
    where: SQL | undefined,
  ): Promise<Map<string, { minutes: number; credits: number }>> {
    const rows = await this.db
      .select({
        reason: creditLedger.reason,
        minutes: sql<string>`coalesce(sum(${creditLedger.minutes}), 0)`,
        credits: sql<string>`coalesce(sum(-${creditLedger.delta}), 0)`,
      })
      .from(creditLedger)
      .where(where)
      .groupBy(creditLedger.reason);
    return new Map(
      rows.map((r) => [r.reason, { minutes: Number(r.minutes), credits: Number(r.credits) }]),
    );
  }
}
