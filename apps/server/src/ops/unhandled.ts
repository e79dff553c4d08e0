/**
 * A promise that rejects with nobody to handle it ends a Node process by default, and with it
 * every meeting on this node. Such a task was started in the background (a departure's write, a
 * timer's query) and its failure concerns that task only: the server logs it with its stack,
 * counts it (meet_unhandled_rejections_total) and goes on. Thrown exceptions are not caught
 * here: after one the process's state is unknown, and a supervisor restarts it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { publishOps } from './ops-events.js';

interface ProcessEvents {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

export function keepServingOnUnhandled(target: ProcessEvents, log: FastifyBaseLogger): void {
  target.on('unhandledRejection', (reason: unknown) => {
    log.error(
      { err: reason },
      'a background task failed and nothing handled it; the server goes on',
    );
    publishOps('unhandledRejection', {});
  });
}
