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
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { MessageHub } from './message-hub.js';
import type { SocketGuard } from './socket-guard.js';
import { MESSAGE_BUDGETS } from './socket-rates.js';

interface SocketData {
  user: UserRow;
  deviceId: string;
  token: string;
}

function refuse(code: number, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

export function registerMessageNamespace(
  nsp: Namespace,
  services: FastifyInstance,
  hub: MessageHub,
  guard: SocketGuard,
  log: FastifyBaseLogger,
): void {
  hub.attach(nsp);
  const memberBudgets = guard.memberBudgets(MESSAGE_BUDGETS.perMember);
  nsp.use((socket, next) => {
    const flooding = guard.checkAddress('message', socket);
    if (flooding) return next(flooding);
    void (async () => {
      const auth = messageAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success || findUnsafeText(socket.handshake.auth) !== null)
        return next(refuse(ResultCode.failure, 'bad handshake'));
      const user = await services.sessions.userOf(auth.data.token);
      if (!user || user.id !== auth.data.userId)
        return next(refuse(ResultCode.authFailed, 'authentication failed'));
      const tooMany = guard.checkUser('message', user.id);
      if (tooMany) return next(tooMany);
      (socket.data as SocketData) = {
        user,
        deviceId: auth.data.deviceId,
        token: auth.data.token,
      };
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
    const { user, deviceId, token } = socket.data as SocketData;
    hub.add(user.id, deviceId, socket);
    // Its sign-in ending (a logout of this token, a password reset) closes it at once, saying why.
    const untrack = services.signedInSockets.track({ userId: user.id, token }, (key) => {
      hub.send(socket, { msgType: 'signed_out', code: ResultCode.authFailed, key });
      socket.disconnect(true);
    });
    socket.on('disconnect', () => {
      untrack();
      hub.remove(user.id, deviceId, socket);
    });
    const budget = guard.socketBudget(MESSAGE_BUDGETS, memberBudgets, String(user.id));
    /** A socket that keeps sending what is refused is hung up on (it has no answers to refuse). */
    const dropped = (cutOff: boolean) => {
      if (!cutOff || !socket.connected) return;
      log.warn({ userId: user.id }, 'message socket flooding');
      socket.disconnect(true);
    };
    socket.on(MESSAGE_EVENT, (raw: unknown) => {
      // The budget is checked before anything is parsed: a refusal costs next to nothing.
      const messageJson = (raw as { messageJson?: unknown } | null | undefined)?.messageJson;
      const type = budget.typeOf(messageJson, 'msgType');
      if (type === undefined) return dropped(budget.reject());
      const verdict = budget.admit(type);
      if (!verdict.ok) return dropped(verdict.cutOff);
      const parsed = clientMessageSchema.safeParse(raw);
      if (!parsed.success || findUnsafeText(raw) !== null) {
        log.warn({ issue: parsed.error?.issues[0]?.message }, 'ignored an invalid message');
        return dropped(budget.reject());
      }
      budget
        .run(() => handle(socket, user, parsed.data))
        .catch((error: unknown) => {
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
