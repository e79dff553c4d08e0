/**
 * This node's live sockets that were opened with a sign-in token (`/message`, `/room`), by user
 * and by the token's hash. A socket checks its token once, when it connects; when that sign-in
 * ends (a logout of the token, or a password reset ending every sign-in of the user, announced
 * on every node by `AccountChanges`) the sockets it opened are closed at once, each namespace
 * saying how one of its own is closed and told why. Sign-outs announced while this node could
 * not hear them (Redis was down) are caught up on when it hears again: every socket's token is
 * checked then.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SignOutKey } from '@meet/shared';
import { sha256 } from '../lib/crypto.js';
import type { AccountChanges, SignOut } from './account-changes.js';

/** Closes one socket, telling the client why (the reason's catalogue key). */
export type CloseSignedOut = (reason: SignOutKey) => void;

interface Entry {
  userId: number;
  token: string;
  tokenHash: string;
  close: CloseSignedOut;
  /** Until it is closed here or untracked. */
  live: boolean;
}

export class SignedInSockets {
  private readonly byToken = new Map<string, Set<Entry>>();
  private readonly byUser = new Map<number, Set<Entry>>();

  constructor(
    changes: AccountChanges,
    /** Whether the token still signs someone in (a fresh read when the sign-in just changed). */
    private readonly stillSignedIn: (token: string) => Promise<boolean>,
    private readonly log: FastifyBaseLogger,
  ) {
    changes.on('signedOut', (signOut) => this.signOut(signOut));
    changes.on('resubscribed', () => {
      this.recheck().catch((error: unknown) => {
        this.log.warn({ err: error }, 'open sockets’ sign-ins could not be checked');
      });
    });
  }

  /**
   * Keeps a socket until the returned function is called (when it disconnects). A sign-in that
   * ended between the socket's handshake and this call would have found nothing to close, so
   * the token is checked once more here.
   */
  track(who: { userId: number; token: string }, close: CloseSignedOut): () => void {
    const entry: Entry = {
      userId: who.userId,
      token: who.token,
      tokenHash: sha256(who.token),
      close,
      live: true,
    };
    add(this.byToken, entry.tokenHash, entry);
    add(this.byUser, entry.userId, entry);
    this.check(entry).catch((error: unknown) => {
      this.log.warn({ err: error }, 'a socket’s sign-in could not be checked');
    });
    return () => this.forget(entry);
  }

  /** Sockets kept now (tests). */
  get size(): number {
    let n = 0;
    for (const entries of this.byUser.values()) n += entries.size;
    return n;
  }

  /** Closes every kept socket whose token no longer signs anyone in, one token at a time. */
  async recheck(): Promise<void> {
    for (const entries of [...this.byToken.values()]) {
      const [first] = entries;
      if (first) await this.check(first);
    }
  }

  private async check(entry: Entry): Promise<void> {
    if (await this.stillSignedIn(entry.token)) return;
    this.close([...(this.byToken.get(entry.tokenHash) ?? [entry])], 'signedOut');
  }

  private signOut(signOut: SignOut): void {
    const entries =
      signOut.tokenHash !== undefined
        ? this.byToken.get(signOut.tokenHash)
        : this.byUser.get(signOut.userId);
    if (entries) this.close([...entries], signOut.reason);
  }

  private forget(entry: Entry): void {
    entry.live = false;
    remove(this.byToken, entry.tokenHash, entry);
    remove(this.byUser, entry.userId, entry);
  }

  private close(entries: Entry[], reason: SignOutKey): void {
    for (const entry of entries) {
      if (!entry.live) continue;
      this.forget(entry);
      try {
        entry.close(reason);
      } catch (error) {
        this.log.error({ err: error }, 'a signed-out socket could not be closed');
      }
    }
  }
}

function add<K>(map: Map<K, Set<Entry>>, key: K, entry: Entry): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(entry);
}

function remove<K>(map: Map<K, Set<Entry>>, key: K, entry: Entry): void {
  const set = map.get(key);
  set?.delete(entry);
  if (set?.size === 0) map.delete(key);
}
