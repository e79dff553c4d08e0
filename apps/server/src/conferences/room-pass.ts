/**
 * A room pass: what a join (`conference/joinConference`) hands the browser for its `/room`
 * handshake — which member it is (the meeting's row and number, the user, the device) and the
 * media node the join placed the meeting on — signed, so whichever node the socket reaches can
 * trust it without asking the database, for ROOM_PASS_TTL_MS. With a pass the handshake neither
 * reads the meeting nor places it again; holding the seat still checks, in the same write, that
 * the membership is there (someone removed since the join is refused all the same). Without one,
 * or with one past its time (a reconnect long after the join), the handshake checks it all.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import { purposeKey } from '../lib/signing-key.js';

/** Long enough for the socket that follows a join, even on a slow phone; not for later ones. */
export const ROOM_PASS_TTL_MS = 60_000;

const roomPassSchema = z.strictObject({
  /** The meeting's row id and its number (the handshake's conferenceId). */
  rowId: z.number().int().positive(),
  conferenceId: z.string(),
  userId: z.number().int().positive(),
  deviceId: z.string(),
  /** The node the join placed the meeting on ('local' when the server runs alone). */
  node: z.string(),
  /** Good until (ms). */
  exp: z.number(),
});
export type RoomPass = z.infer<typeof roomPassSchema>;

export class RoomPasses {
  private readonly key: Buffer;

  constructor(
    signingKey: Buffer,
    private readonly clock: Clock,
  ) {
    this.key = purposeKey(signingKey, 'room-pass');
  }

  issue(member: Omit<RoomPass, 'exp'>): string {
    const pass: RoomPass = { ...member, exp: this.clock.now() + ROOM_PASS_TTL_MS };
    const body = Buffer.from(JSON.stringify(pass)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The pass's member, when it is one this server signed and its time has not run out. */
  read(pass: string): RoomPass | undefined {
    const [body, signature, ...rest] = pass.split('.');
    if (!body || !signature || rest.length) return undefined;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const parsed = roomPassSchema.safeParse(fields);
    return parsed.success && parsed.data.exp > this.clock.now() ? parsed.data : undefined;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
