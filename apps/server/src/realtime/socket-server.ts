/**
 * socket.io on the app's HTTP server: the long-lived `/message` namespace and Magic Cam's
 * `/magic` always, and the `/room` namespace when the media server runs. With several nodes, the Redis adapter carries
 * what is sent to a socket.io room (a user's devices) to the nodes those sockets are on.
 */
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { MAGIC_NAMESPACE, MESSAGE_NAMESPACE, ROOM_NAMESPACE } from '@meet/shared';
import { registerMagicNamespace } from '../magic/magic-namespace.js';
import type { RoomManager } from './room-manager.js';
import { registerMessageNamespace } from './message-namespace.js';
import { registerRoomNamespace } from './room-namespace.js';
import { SocketGuard } from './socket-guard.js';

export interface SocketCluster {
  redisUrl: string;
  /** Keeps this cluster's socket.io traffic apart from others on the same Redis. */
  key: string;
}

export async function attachSockets(
  app: FastifyInstance,
  manager: RoomManager | undefined,
  cluster?: SocketCluster,
  floodControl = true,
): Promise<{ io: Server; close: () => Promise<void> }> {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    pingInterval: 10_000,
    pingTimeout: 8_000,
    maxHttpBufferSize: 1_000_000,
  });
  let redis: { disconnect(): void }[] = [];
  if (cluster) {
    const [{ Redis }, { createAdapter }] = await Promise.all([
      import('ioredis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pub = new Redis(cluster.redisUrl, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      let down = false;
      client.on('error', (error: Error) => {
        if (!down) app.log.warn({ err: error }, 'Redis for sockets is unreachable');
        down = true;
      });
      client.on('ready', () => (down = false));
    }
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${cluster.key}:socket.io` }));
  }
  const guard = new SocketGuard(app.config.trustProxy, floodControl);
  registerMessageNamespace(io.of(MESSAGE_NAMESPACE), app, app.messages, guard, app.log);
  if (manager) registerRoomNamespace(io.of(ROOM_NAMESPACE), app, manager, guard, app.log);
  registerMagicNamespace(io.of(MAGIC_NAMESPACE), app.magic.cam, guard, app.log);
  return {
    io,
    close: async () => {
      guard.close();
      await io.close();
      for (const client of redis) client.disconnect();
    },
  };
}
