/**
 * The speech engines chosen by the settings, and captions, translation and interpretation over
 * them: rules, stored lines and each member's speech settings.
 */
import fp from 'fastify-plugin';
import { CaptionsService } from '../captions/captions-service.js';
import { createEngines } from '../engines/registry.js';
import { CaptionsRepository } from '../captions/captions-repository.js';
import { provide } from '../services.js';
import type { Engines } from '../engines/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Speech recognition, translation and synthesis engines chosen by config. */
    engines: Engines;
    /** Captions, translation and interpretation: rules, and events for the live room. */
    captions: CaptionsService;
    /** The transcript lines and each member's speech settings. */
    captionsStore: CaptionsRepository;
  }
}

export default fp(
  async (app) => {
    const { config, database, clock, conferences, conferenceService, hostControl, credits } = app;
    const engines = await createEngines(config, app.log);
    app.addHook('onClose', () => engines.close());
    const captionsStore = new CaptionsRepository(database.db, clock);
    const captions = new CaptionsService(conferences, hostControl, captionsStore, credits, engines);
    conferenceService.on('ended', (conferenceId) => captions.forget(conferenceId));
    provide(app, { engines, captionsStore, captions });
  },
  { name: 'captions', dependencies: ['accounts', 'conferences'] },
);
