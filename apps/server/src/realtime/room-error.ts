/**
 * A refused `/room` request: its code and message go back in the failed acknowledgement, with a
 * catalogue key when the refusal has one, so the client shows it in the user's language.
 */
import type { ErrorKey } from '@meet/shared';

export class RoomError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly key?: ErrorKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}
