/**
 * Who a sign-in token belongs to, kept in this process for a few seconds so that an API call
 * does not read the session and the user from the database each time. Never stale on purpose:
 * every change to a user row or a session (logout, password reset, profile, plan, credits) is
 * announced through `AccountChanges` after it commits and drops what is kept here, on every
 * node. The time limit only bounds what a change made behind the app's back could leave.
 *
 * A lookup that read the database before a change was announced could otherwise put the old row
 * back after it was dropped; each fill therefore carries the generation it started in and is
 * thrown away if anything was dropped meanwhile.
 *
 * Entries are found by the token itself, so a kept session costs no hashing; the hash (what the
 * database and other nodes know a session by) is kept beside it.
 */
import type { UserRow } from '../db/schema/index.js';

/** How long an entry is trusted without a change being announced. */
export const SESSION_CACHE_TTL_MS = 10_000;
/** Entries kept at most; the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  user: Readonly<UserRow>;
  tokenHash: string;
  /** The session's own end (ms). */
  expiresAt: number;
  /** When it was read from the database (ms). */
  keptAt: number;
}

export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly tokenOfHash = new Map<string, string>();
  private readonly tokensOf = new Map<number, Set<string>>();
  private generation = 0;
  private enabled = true;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number } = {
      ttlMs: SESSION_CACHE_TTL_MS,
      maxEntries: SESSION_CACHE_MAX_ENTRIES,
    },
  ) {}

  /** The user of a token, if kept, still fresh and the session not yet over. */
  get(token: string, now: number): Readonly<UserRow> | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    // A clock set back (the development clock) does not make an entry live longer.
    const age = now - entry.keptAt;
    if (age >= this.options.ttlMs || age < 0 || now >= entry.expiresAt) {
      this.drop(token);
      return undefined;
    }
    return entry.user;
  }

  /** Taken before reading the database; `put` keeps the result only if nothing changed since. */
  ticket(): number {
    return this.generation;
  }

  put(
    ticket: number,
    session: { token: string; tokenHash: string; expiresAt: number },
    user: UserRow,
    now: number,
  ): Readonly<UserRow> {
    const frozen = Object.freeze(user);
    if (!this.enabled || ticket !== this.generation) return frozen;
    this.drop(session.token);
    if (this.byToken.size >= this.options.maxEntries) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.byToken.set(session.token, {
      user: frozen,
      tokenHash: session.tokenHash,
      expiresAt: session.expiresAt,
      keptAt: now,
    });
    this.tokenOfHash.set(session.tokenHash, session.token);
    let tokens = this.tokensOf.get(user.id);
    if (!tokens) this.tokensOf.set(user.id, (tokens = new Set()));
    tokens.add(session.token);
    return frozen;
  }

  /** The user row changed, or all their sessions ended. */
  forgetUser(userId: number): void {
    this.generation++;
    for (const token of [...(this.tokensOf.get(userId) ?? [])]) this.drop(token);
  }

  /** One session ended. */
  forgetToken(tokenHash: string): void {
    this.generation++;
    const token = this.tokenOfHash.get(tokenHash);
    if (token !== undefined) this.drop(token);
  }

  /**
   * Drops everything; while off, nothing is kept (changes from other nodes could be missed, e.g.
   * while the connection that announces them is down).
   */
  reset(enabled: boolean): void {
    this.generation++;
    this.enabled = enabled;
    this.byToken.clear();
    this.tokenOfHash.clear();
    this.tokensOf.clear();
  }

  get size(): number {
    return this.byToken.size;
  }

  private drop(token: string): void {
    const entry = this.byToken.get(token);
    if (!entry) return;
    this.byToken.delete(token);
    this.tokenOfHash.delete(entry.tokenHash);
    const tokens = this.tokensOf.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensOf.delete(entry.user.id);
  }
}
