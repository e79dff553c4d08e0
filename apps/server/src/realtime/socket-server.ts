/** socket.io on the app's HTTP server: the `/room` namespace (the `/message` one comes later). */
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { ROOM_NAMESPACE } from '@meet/shared';
import type { RoomManager } from './room-manager.js';
import { registerRoomNamespace } from './room-namespace.js';

export function attachSockets(app: FastifyInstance, manager: RoomManager): Server {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    pingInterval: 10_000,
    pingTimeout: 8_000,
    maxHttpBufferSize: 1_000_000,
  });
  registerRoomNamespace(io.of(ROOM_NAMESPACE), app.services, manager, app.log);
  return io;
}
