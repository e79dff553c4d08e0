/**
 * Stopping on a signal: the node drains first (drain.ts), then closes the app as it always did;
 * a second signal while draining cuts the drain short. The process entry (server.ts) wires it
 * to SIGTERM and SIGINT.
 */
import type { FastifyInstance } from 'fastify';

/** How long closing (after the drain) may take before the process is ended anyway. */
const CLOSE_TIMEOUT_MS = 10_000;

export function stopOnSignal(
  app: FastifyInstance,
  exit: (code: number) => void = (code) => process.exit(code),
): (signal: string) => void {
  let stopping = false;
  return (signal) => {
    const { drain, config, rooms, cluster } = app;
    if (stopping) {
      if (drain.draining) app.log.info(`${signal} received again, ending the drain`);
      drain.stop();
      return;
    }
    stopping = true;
    app.log.info(`${signal} received, draining for up to ${config.drainSeconds} s`);
    const close = () => {
      const force = setTimeout(() => exit(1), CLOSE_TIMEOUT_MS);
      force.unref();
      app.close().then(
        () => {
          clearTimeout(force);
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(force);
          app.log.error({ err: error }, 'shutdown failed');
          exit(1);
        },
      );
    };
    drain
      .run({
        seconds: config.drainSeconds,
        liveMeetings: () => rooms?.roomCount ?? 0,
        onStart: async () => {
          await cluster?.nodes.drain().catch((error: unknown) => {
            app.log.warn({ err: error }, 'could not tell the cluster this node is draining');
          });
        },
      })
      .then(
        (why) => {
          app.log.info({ reason: why, meetings: rooms?.roomCount ?? 0 }, 'drain over, closing');
          close();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'drain failed, closing');
          close();
        },
      );
  };
}
