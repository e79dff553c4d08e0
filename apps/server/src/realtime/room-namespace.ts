/**
 * The `/room` socket namespace: authenticates a socket by the token and the meeting join made
 * through the API, then passes each validated request to the room manager and answers it
 * through the acknowledgement.
 */
import type { Namespace, Socket } from 'socket.io';
import {
  ROOM_REQUEST_EVENT,
  ResultCode,
  roomAuthSchema,
  roomRequestSchema,
  type RoomAck,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import { RoomError, type RoomManager } from './room-manager.js';

interface SocketData {
  user: UserRow;
  conference: ConferenceRow;
  deviceId: string;
}

function refuse(code: number, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

export function registerRoomNamespace(
  nsp: Namespace,
  services: Services,
  manager: RoomManager,
  log: FastifyBaseLogger,
): void {
  nsp.use((socket, next) => {
    void (async () => {
      const auth = roomAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(refuse(ResultCode.failure, 'bad handshake'));
      const user = await services.sessions.userOf(auth.data.token);
      if (!user) return next(refuse(ResultCode.authFailed, 'authentication failed'));
      const conference = await services.conferences.byNumber(auth.data.conferenceId);
      if (!conference)
        return next(refuse(ResultCode.failure, 'The current meeting does not exist'));
      if (!(await services.conferenceService.isActive(conference, user.id, auth.data.deviceId))) {
        return next(refuse(ResultCode.failure, 'join the meeting first'));
      }
      (socket.data as SocketData) = { user, conference, deviceId: auth.data.deviceId };
      next();
    })().catch((error: unknown) => {
      log.error({ err: error }, 'room handshake failed');
      next(refuse(ResultCode.failure, 'server error'));
    });
  });

  nsp.on('connection', (socket: Socket) => {
    const { user, conference, deviceId } = socket.data as SocketData;
    const ready = manager.handleConnect(socket, user, conference, deviceId);
    ready.catch((error: unknown) => {
      const code = error instanceof RoomError ? error.code : ResultCode.failure;
      socket.emit('fatal', { code, error: error instanceof Error ? error.message : 'error' });
      socket.disconnect(true);
    });

    socket.on(ROOM_REQUEST_EVENT, (raw: unknown, ack?: (reply: RoomAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = roomRequestSchema.safeParse(raw);
      if (!parsed.success) {
        reply({
          ok: false,
          code: ResultCode.failure,
          error: `invalid request: ${parsed.error.issues[0]?.message ?? ''}`,
        });
        return;
      }
      void (async () => {
        const peer = await ready;
        const room = manager.room(conference.conferenceId);
        if (!room || (parsed.data.type !== 'join' && room.peers.get(peer.peerId) !== peer)) {
          throw new RoomError(ResultCode.failure, 'not in the room');
        }
        const data = await manager.handleRequest(room, peer, parsed.data);
        reply({ ok: true, data } as RoomAck);
      })().catch((error: unknown) => {
        const code = error instanceof RoomError ? error.code : ResultCode.failure;
        const message = error instanceof Error ? error.message : String(error);
        if (!(error instanceof RoomError))
          log.warn({ err: error, type: parsed.data.type }, 'room request failed');
        reply({ ok: false, code, error: message });
      });
    });

    socket.on('disconnect', () => {
      void ready.then(
        (peer) => {
          const room = manager.room(conference.conferenceId);
          if (room) return manager.handleDisconnect(room, peer);
        },
        () => undefined,
      );
    });
  });
}
