/**
 * A refused `/room` request: its code and catalogue key go back in the failed acknowledgement,
 * so the client shows it in the user's language; the message is the catalogue's English text
 * (for logs and old clients).
 */
import { formatMessage, type ErrorKey } from '@meet/shared';

export class RoomError extends Error {
  constructor(
    readonly code: number,
    readonly key: ErrorKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(formatMessage(key, 'en', params));
  }
}
