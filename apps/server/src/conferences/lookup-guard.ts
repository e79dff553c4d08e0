/**
 * Slows down scanning for meeting numbers: an IP that asks for too many numbers that do not
 * exist is refused for a while. With ~10^10 possible numbers, 30 misses per 10 minutes finds nothing.
 */
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/app-error.js';

export class LookupGuard {
  private readonly misses = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly maxMisses = 30,
    private readonly windowMs = 10 * 60 * 1000,
  ) {}

  private recent(ip: string): number[] {
    const since = this.clock.now() - this.windowMs;
    const list = (this.misses.get(ip) ?? []).filter((t) => t > since);
    if (list.length) this.misses.set(ip, list);
    else this.misses.delete(ip);
    return list;
  }

  /** Throws when this IP has used up its misses. */
  check(ip: string): void {
    if (this.recent(ip).length >= this.maxMisses) throw AppError.tooMany('tooManyOperations');
  }

  miss(ip: string): void {
    const list = this.recent(ip);
    list.push(this.clock.now());
    this.misses.set(ip, list);
  }
}
