/** Magic Cam: styles, publishing, and the metered sessions of the `/magic` socket. */
import fp from 'fastify-plugin';
import { createMagicModule } from '../magic/magic-module.js';
import { provide } from '../services.js';
import type { MagicModule } from '../magic/magic-module.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Magic Cam: styles, publishing, and the metered sessions of the `/magic` socket. */
    magic: MagicModule;
  }
}

export default fp(
  async (app) => {
    const { config, database, clock, blobs, credits, hostControl, conferences, jobs } = app;
    const magic = createMagicModule({
      database,
      clock,
      blobs,
      credits,
      hostControl,
      conferences,
      config: config.magic,
      jobs: () => jobs,
      log: app.log,
    });
    app.addHook('onClose', () => magic.cam.close());
    // A password reset (every sign-in of the user ended, on any node) ends their Magic Cam too.
    app.accountChanges.on('signedOut', ({ userId }) => {
      if (userId === undefined) return;
      magic.cam.endSessionsOf(userId).catch((error: unknown) => {
        app.log.warn({ err: error }, 'the Magic Cam sessions of a signed-out user did not end');
      });
    });
    provide(app, { magic });
  },
  { name: 'magic', dependencies: ['accounts', 'conferences', 'jobs'] },
);
