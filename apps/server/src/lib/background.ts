/**
 * Work started and not awaited: a socket's departure, a recording's next stream, a speaker's
 * caption stream closing. If it fails, the failure is logged with what it was, never left as an
 * unhandled rejection, which stops the Node process and every meeting on it. A database restart
 * while members come and go must cost at most what those writes were, not the server.
 */
import type { FastifyBaseLogger } from 'fastify';

export function inBackground(
  task: Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  what: string,
  context: Record<string, unknown> = {},
): void {
  task.catch((error: unknown) => log.warn({ ...context, err: error }, `${what} failed`));
}
