/**
 * Time-limited TURN credentials by the TURN REST API scheme (what coturn checks with
 * `use-auth-secret`): the username is `<expiry in unix seconds>:<user id>` and the password is
 * base64(HMAC-SHA1(shared secret, username)). Nothing is stored or sent to the TURN server: it
 * recomputes the password from the same secret and refuses the username once its time is past.
 */
import { createHmac } from 'node:crypto';
import type { RTCIceServerLike } from '@meet/shared';
import type { TurnConfig } from '../config/config.js';

export interface TurnCredentials {
  username: string;
  credential: string;
}

/** The credentials of one user, good until `expiresAt` (unix seconds). */
export function turnCredentials(
  secret: string,
  userId: number | string,
  expiresAt: number,
): TurnCredentials {
  const username = `${expiresAt}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/**
 * The ICE servers a member's join answer carries: none without TURN configured. `nowMs` is the
 * wall clock, the one the TURN server compares the expiry with.
 */
export function turnIceServers(
  turn: TurnConfig | undefined,
  userId: number,
  nowMs: number,
): RTCIceServerLike[] {
  if (!turn) return [];
  const expiresAt = Math.floor(nowMs / 1000) + turn.ttlSeconds;
  return [{ urls: turn.urls, ...turnCredentials(turn.secret, userId, expiresAt) }];
}
