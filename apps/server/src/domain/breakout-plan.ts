/**
 * The host's breakout rooms as the live room keeps them: the rooms, who goes where, and the
 * status with its deadlines. Plain data and pure functions; RoomBreakouts stores and applies them.
 */
import type { BreakoutAssignment, BreakoutStatus } from '@meet/shared';

export interface BreakoutPlan {
  status: BreakoutStatus;
  rooms: string[];
  /** userId → room (members absent here stay in the main room). */
  assignments: ReadonlyMap<number, number>;
  /** When the host's timer ends (server clock, ms). */
  endsAt: number | null;
  /** When the countdown back to the main room ends (server clock, ms). */
  closesAt: number | null;
  /** Members who asked for help and have not had the host in their room since. */
  help: ReadonlySet<number>;
}

export const NO_PLAN: BreakoutPlan = {
  status: 'idle',
  rooms: [],
  assignments: new Map(),
  endsAt: null,
  closesAt: null,
  help: new Set(),
};

/** Where a member belongs now: their room while rooms are open or closing, else the main room. */
export function roomOf(plan: BreakoutPlan, userId: number): number {
  if (plan.status === 'idle') return 0;
  return plan.assignments.get(userId) ?? 0;
}

/** Assignments kept only for rooms that exist, the last word for each member winning. */
export function assignmentsOf(
  rooms: number,
  list: readonly BreakoutAssignment[],
): Map<number, number> {
  const out = new Map<number, number>();
  for (const { userId, room } of list) {
    if (room === 0 || room > rooms) out.delete(userId);
    else out.set(userId, room);
  }
  return out;
}

export function withAssignment(plan: BreakoutPlan, userId: number, room: number): BreakoutPlan {
  const assignments = new Map(plan.assignments);
  if (room === 0) assignments.delete(userId);
  else assignments.set(userId, room);
  return { ...plan, assignments };
}

/** What became due at `now`: the timer's end starts the countdown; the countdown's end closes. */
export function dueAt(plan: BreakoutPlan, now: number): 'startClosing' | 'finish' | null {
  if (plan.status === 'open' && plan.endsAt !== null && plan.endsAt <= now) return 'startClosing';
  if (plan.status === 'closing' && plan.closesAt !== null && plan.closesAt <= now) return 'finish';
  return null;
}
