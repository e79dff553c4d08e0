/**
 * The long-lived `/message` namespace: authenticated by userId, deviceId and token; answers
 * pings; keeps people in the waiting room told what the host decided (SPEC.md section 4).
 * Every message both ways is a `{ msgId, messageJson }` envelope on the `message` event.
 */
import type { Namespace, Socket } from 'socket.io';
import {
  MESSAGE_EVENT,
  ResultCode,
  WAITING_ROOM_MESSAGES,
  clientMessageSchema,
  findUnsafeText,
  messageAuthSchema,
  type ClientMessage,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { MessageHub } from './message-hub.js';

interface SocketData {
  user: UserRow;
  deviceId: string;
}

function refuse(code: number, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

export function registerMessageNamespace(
  nsp: Namespace,
  services: Services,
  hub: MessageHub,
  log: FastifyBaseLogger,
): void {
  hub.attach(nsp);
  nsp.use((socket, next) => {
    void (async () => {
      const auth = messageAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success || findUnsafeText(socket.handshake.auth) !== null)
        return next(refuse(ResultCode.failure, 'bad handshake'));
      const user = await services.sessions.userOf(auth.data.token);
      if (!user || user.id !== auth.data.userId)
        return next(refuse(ResultCode.authFailed, 'authentication failed'));
      (socket.data as SocketData) = { user, deviceId: auth.data.deviceId };
      next();
    })().catch((error: unknown) => {
      log.error({ err: error }, 'message socket handshake failed');
      next(refuse(ResultCode.failure, 'server error'));
    });
  });

  services.conferenceService.on('waitingNotice', (conf, userIds, message) => {
    hub.sendToUsers(userIds, {
      msgType: message,
      code: WAITING_ROOM_MESSAGES[message],
      conferenceUri: conf.conferenceUri,
      conferenceId: conf.conferenceId,
    });
  });

  nsp.on('connection', (socket: Socket) => {
    const { user, deviceId } = socket.data as SocketData;
    hub.add(user.id, deviceId, socket);
    socket.on('disconnect', () => hub.remove(user.id, deviceId, socket));
    socket.on(MESSAGE_EVENT, (raw: unknown) => {
      const parsed = clientMessageSchema.safeParse(raw);
      if (!parsed.success || findUnsafeText(raw) !== null) {
        log.warn({ issue: parsed.error?.issues[0]?.message }, 'ignored an invalid message');
        return;
      }
      handle(socket, user, parsed.data).catch((error: unknown) => {
        log.warn({ err: error }, 'message socket request failed');
      });
    });
  });

  /** The meeting, or undefined when no meeting has this uri. */
  async function findMeeting(conferenceUri: string): Promise<ConferenceRow | undefined> {
    try {
      return await services.hostControl.find({ conferenceUri });
    } catch (error) {
      if (error instanceof AppError && error.key === 'meetingNoExist') return undefined;
      throw error;
    }
  }

  async function handle(socket: Socket, user: UserRow, message: ClientMessage): Promise<void> {
    const json = message.messageJson;
    switch (json.msgType) {
      case 'ping':
        hub.send(socket, { msgType: 'pong' });
        return;
      case 'join_waiting_room': {
        // Registering is implicit (the hub knows the user, and notices go to all of a user's
        // sockets); what is left is to catch up on a decision made while this socket was away,
        // which is why a reconnect (isReconnect 1) keeps the entry as it is.
        const conf = await findMeeting(json.conferenceUri);
        const state = conf
          ? await services.waitingRoom.stateFor(conf, user.id)
          : 'waiting_room_error';
        if (state === 'waiting') return;
        hub.send(socket, {
          msgType: state,
          code: WAITING_ROOM_MESSAGES[state],
          conferenceUri: json.conferenceUri,
          conferenceId: conf?.conferenceId ?? '',
        });
        return;
      }
      case 'leave_waiting_room': {
        const conf = await findMeeting(json.conferenceUri);
        if (conf) await services.waitingRoom.leave(conf, user.id);
        return;
      }
      default: {
        const never: never = json;
        throw new Error(`unexpected message ${JSON.stringify(never)}`);
      }
    }
  }
}
