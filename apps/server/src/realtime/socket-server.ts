/**
 * socket.io on the app's HTTP server: the long-lived `/message` namespace always, and the
 * `/room` namespace when the media server runs.
 */
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { MESSAGE_NAMESPACE, ROOM_NAMESPACE } from '@meet/shared';
import type { RoomManager } from './room-manager.js';
import { registerMessageNamespace } from './message-namespace.js';
import { registerRoomNamespace } from './room-namespace.js';

export function attachSockets(app: FastifyInstance, manager: RoomManager | undefined): Server {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    pingInterval: 10_000,
    pingTimeout: 8_000,
    maxHttpBufferSize: 1_000_000,
  });
  registerMessageNamespace(io.of(MESSAGE_NAMESPACE), app.services, app.services.messages, app.log);
  if (manager) registerRoomNamespace(io.of(ROOM_NAMESPACE), app.services, manager, app.log);
  return io;
}
