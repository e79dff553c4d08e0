/** Magic Cam: styles, publishing, and the metered sessions of the `/magic` socket. */
import fp from 'fastify-plugin';
import { createMagicModule } from '../magic/magic-module.js';
import { provide } from '../services.js';

export default fp(
  async (app) => {
    const { config, database, clock, blobs, credits, hostControl, conferences, jobs } =
      app.services;
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
    provide(app, { magic });
  },
  { name: 'magic', dependencies: ['accounts', 'conferences', 'jobs'] },
);
