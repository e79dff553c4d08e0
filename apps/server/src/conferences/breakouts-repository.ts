/** A meeting's breakout rooms, stored so they survive a restart. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { breakouts } from '../db/schema/index.js';
import { NO_PLAN, type BreakoutPlan } from '../domain/breakout-plan.js';

export class BreakoutsRepository {
  constructor(private readonly db: Db) {}

  async of(conferenceRowId: number): Promise<BreakoutPlan> {
    const [row] = await this.db
      .select()
      .from(breakouts)
      .where(eq(breakouts.conferenceId, conferenceRowId));
    if (!row) return NO_PLAN;
    return {
      status: row.status === 'open' || row.status === 'closing' ? row.status : 'idle',
      rooms: row.rooms,
      assignments: new Map(row.assignments.map((a) => [a.userId, a.room])),
      endsAt: row.endsAt,
      closesAt: row.closesAt,
      help: new Set(),
    };
  }

  async save(conferenceRowId: number, plan: BreakoutPlan): Promise<void> {
    const fields = {
      rooms: plan.rooms,
      assignments: [...plan.assignments].map(([userId, room]) => ({ userId, room })),
      status: plan.status,
      endsAt: plan.endsAt,
      closesAt: plan.closesAt,
      updatedAt: new Date(),
    };
    await this.db
      .insert(breakouts)
      .values({ conferenceId: conferenceRowId, ...fields })
      .onConflictDoUpdate({ target: breakouts.conferenceId, set: fields });
  }
}
