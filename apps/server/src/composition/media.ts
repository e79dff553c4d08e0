/**
 * The live rooms: Janus and the room manager, with the caption relay that feeds rooms' audio to
 * the speech engines, the recorder of the rooms' media while their meeting records, and the
 * breakout rooms' timer. Only on a node with the media role, and not at all with JANUS=off
 * (API-only tests); then `janus` and `rooms` stay undefined.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import { JanusGateway } from '../janus/janus-gateway.js';
import { CaptionRelay } from '../captions/caption-relay.js';
import { RoomManager } from '../realtime/room-manager.js';
import { CaptureRepository } from '../recordings/capture/capture-repository.js';
import { RoomRecorder } from '../recordings/capture/room-recorder.js';
import { rawRecordingsDir } from '../recordings/recording-names.js';
import { BreakoutsRepository } from '../conferences/breakouts-repository.js';
import { provide } from '../services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent when the media server is turned off (JANUS=off, API-only tests). */
    janus: JanusGateway | undefined;
    rooms: RoomManager | undefined;
  }
}

const BREAKOUT_TICK_MS = 1000;

export default fp(
  async (app) => {
    const { config, database, clock, engines, captions, captionsStore, credits } = app;
    const mediaRole = config.role === 'all' || config.role === 'media';
    if (!config.janus.enabled || !mediaRole) {
      provide(app, { janus: undefined, rooms: undefined });
      return;
    }
    const janus = new JanusGateway(
      {
        dataDir: config.dataDir,
        // Per port: nodes on one machine may share the data folder.
        confDir: path.join(config.dataDir, 'janus', String(config.port)),
        iceInterface: config.janus.iceInterface,
        rtpPortRange: config.janus.rtpPortRange,
        nat1to1: config.janus.nat1to1,
      },
      app.log,
    );
    await janus.start();
    const relay = new CaptionRelay(
      { gateway: janus, engines, store: captionsStore, credits, service: captions, log: app.log },
      captionsStore,
      app.log,
    );
    const rooms = new RoomManager(
      janus,
      app.conferenceService,
      app.hostControl,
      app.activity,
      relay,
      new BreakoutsRepository(database.db),
      clock,
      app.log,
      new RoomRecorder(
        new CaptureRepository(database.db),
        rawRecordingsDir(config.dataDir),
        clock,
        app.log,
      ),
      config.turn,
    );
    provide(app, { janus, rooms });
    // Breakout rooms' timers and countdowns (read from the clock: a restart keeps them).
    const breakoutTick = setInterval(() => void rooms.tickBreakouts(), BREAKOUT_TICK_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(breakoutTick);
      await rooms.close();
      await janus.stop();
    });
  },
  { name: 'media', dependencies: ['conferences', 'captions'] },
);
