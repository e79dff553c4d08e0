/**
 * Slows down scanning for meeting numbers: a caller that asks for too many numbers that do not
 * exist is refused for a while. With ~10^10 possible numbers, 30 misses per 10 minutes finds
 * nothing. Every lookup of a meeting by its number goes through `find`.
 *
 * Misses count per caller, not per address: a real account's against that account at that
 * address, so one person scanning from a shared address (an office, a school) does not lock
 * everyone else there out; visitors' and anonymous callers' against the address, as a visitor
 * account costs nothing to make. And a member of a meeting (`meetingAccess`) always finds it:
 * the guard stops scanning, not people going back to their own meeting.
 */
import type { FastifyRequest } from 'fastify';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { ConferencesRepository } from './conferences-repository.js';
import { meetingAccess } from './meeting-access.js';

/** Who is looking: the client address, and the account when signed in. */
export interface LookupCaller {
  ip: string;
  user?: Pick<UserRow, 'id' | 'isVisitor'> | null;
}

export class LookupGuard {
  private readonly misses = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly conferences: ConferencesRepository,
    private readonly maxMisses = 30,
    private readonly windowMs = 10 * 60 * 1000,
  ) {}

  /** Whose misses these are (see the module's comment). */
  private keyOf(caller: LookupCaller): string {
    const { user } = caller;
    return user && !user.isVisitor ? `${caller.ip}#${user.id}` : caller.ip;
  }

  private recent(key: string): number[] {
    const since = this.clock.now() - this.windowMs;
    const list = (this.misses.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.misses.set(key, list);
    else this.misses.delete(key);
    return list;
  }

  private blocked(key: string): boolean {
    return this.recent(key).length >= this.maxMisses;
  }

  private miss(key: string): void {
    const list = this.recent(key);
    list.push(this.clock.now());
    this.misses.set(key, list);
  }

  /**
   * The meeting with this number. A number that does not exist is a miss (meetingNoExist);
   * once the caller has used up its misses every answer is tooManyOperations — the same for a
   * meeting that exists and one that does not, so nothing is learnt — except for a meeting the
   * caller is a member of.
   */
  async find(caller: LookupCaller, conferenceId: string): Promise<ConferenceRow> {
    const key = this.keyOf(caller);
    const blocked = this.blocked(key);
    const row = await this.conferences.byNumber(conferenceId);
    if (row && !blocked) return row;
    if (row && caller.user && (await meetingAccess(this.conferences, row, caller.user.id)).mayRead)
      return row;
    if (blocked) throw AppError.tooMany('tooManyOperations');
    this.miss(key);
    throw AppError.meetingNoExist();
  }
}

/** The caller of a request: its client address, and its account when it has signed in. */
export function lookupCaller(request: FastifyRequest): LookupCaller {
  return { ip: request.ip, user: request.user };
}
