/**
 * What runs live beside the HTTP routes: socket.io (`/room`, `/message`, `/magic`), poll notices,
 * and this node's place in the cluster, or, alone, the grace that members of a restarted node
 * get to reconnect.
 */
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { clusterPrefix, joinCluster, type RecordingRelay } from '../cluster/cluster-setup.js';
import { wirePollNotices } from '../realtime/poll-notices.js';
import { attachSockets } from '../realtime/socket-server.js';
import { provide } from '../services.js';
import type { Server as SocketServer } from 'socket.io';
import type { Cluster } from '../cluster/cluster-setup.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io on this node (absent on a worker); the metrics count its connections. */
    sockets: SocketServer | undefined;
    /** This node's place among several (ROLE, README "Many machines"); absent when it is alone. */
    cluster: Cluster | undefined;
  }
}

export interface RealtimeOptions {
  /** Recording commands to and from the node holding a meeting's room (cluster only). */
  relay: RecordingRelay;
  /** Limits on what one socket may send (realtime/socket-rates.ts); on unless false. */
  floodControl?: boolean;
}

export default fp<RealtimeOptions>(
  async (app, options) => {
    const services = app;
    const { config } = services;
    if (config.role === 'worker') {
      // A worker holds no room and answers no socket: it leaves the members connected to other
      // nodes as they are.
      provide(app, { cluster: undefined, sockets: undefined });
      return;
    }
    if (config.cluster) {
      // A dead node's members get the grace when the cluster finds it gone (this node's own
      // previous life included).
      const port = () => (app.server.address() as AddressInfo | null)?.port ?? config.port;
      const cluster = await joinCluster(config, services, options.relay, port, app.log);
      provide(app, { cluster });
      app.addHook('onListen', () => cluster.nodes.start());
    } else {
      provide(app, { cluster: undefined });
      // No socket survives a restart: members get the connect grace to come back, then lose
      // the seat.
      const waiting = await services.conferenceService.resetRoomConnections();
      if (waiting > 0) {
        app.log.info({ members: waiting }, 'members have a grace period to reconnect');
      }
    }
    const sockets = await attachSockets(
      app,
      services.rooms,
      config.cluster && config.redisUrl
        ? { redisUrl: config.redisUrl, key: clusterPrefix(config.databaseUrl!) }
        : undefined,
      options.floodControl ?? true,
    );
    provide(app, { sockets: sockets.io });
    wirePollNotices(services.pollService, services.rooms, services.messages, app.log);
    app.addHook('preClose', async () => {
      // Out of the cluster first, so members who lose their socket here are sent elsewhere.
      await services.cluster?.close();
      await sockets.close();
    });
  },
  { name: 'realtime', dependencies: ['media', 'recording', 'records', 'magic'] },
);
