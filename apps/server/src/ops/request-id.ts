/**
 * Request ids (README "Access logs"): a caller's `X-Request-Id` is kept when it is short and
 * plain (a proxy's or a client's trace id), otherwise one is made; every log line of the request
 * carries it (pino's `reqId`) and the reply echoes it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, at most 64: nothing that could forge a log line or a header. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
