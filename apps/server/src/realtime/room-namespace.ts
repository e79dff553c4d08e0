/**
 * The `/room` socket namespace: authenticates a socket by the token and the meeting join made
 * through the API, then passes each validated request to the room manager and answers it
 * through the acknowledgement.
 */
import type { Namespace, Socket } from 'socket.io';
import {
  ROOM_REQUEST_EVENT,
  ResultCode,
  errorMessagesEn,
  findUnsafeText,
  roomAuthSchema,
  roomRequestSchema,
  type ErrorKey,
  type RoomAck,
} from '@meet/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import { RoomError, type RoomManager } from './room-manager.js';
import { nodeUrl } from '../cluster/cluster-nodes.js';
import { refusesNewMeeting } from '../ops/drain.js';
import { RATE_LIMITED_TEXT, type SocketGuard } from './socket-guard.js';
import { ROOM_BUDGETS } from './socket-rates.js';
import { inBackground } from '../lib/background.js';

interface SocketData {
  user: UserRow;
  /** The meeting's row id and number. */
  conference: Pick<ConferenceRow, 'id' | 'conferenceId'>;
  deviceId: string;
  token: string;
}

/**
 * What a failed request tells the client: a RoomError's own words, and for anything else (a
 * database or media-server fault) a plain "server error" — its text stays in the log.
 */
function replyOf(error: unknown): {
  code: number;
  text: string;
  key?: ErrorKey;
  params?: Record<string, string | number>;
} {
  if (error instanceof RoomError)
    return { code: error.code, text: error.message, key: error.key, params: error.params };
  return { code: ResultCode.failure, text: 'server error, please try again', key: 'serverError' };
}

function refuse(
  code: number,
  message: string,
  extra?: { mediaServer: string } | { key: ErrorKey },
): Error {
  return Object.assign(new Error(message), { data: { code, ...extra } });
}

/**
 * A seat given up (away past the reconnect grace, or never taken): the client joins again
 * through the API, or shows why it cannot (issue 29).
 */
const notInMeeting = () =>
  refuse(ResultCode.failure, 'join the meeting first', { key: 'notInMeeting' });

/** How the member reached this node, for the address of another node on the same host. */
function handshakeOrigin(socket: Socket): { protocol: string; hostname: string } {
  const host = socket.handshake.headers.host ?? 'localhost';
  return {
    protocol: socket.handshake.secure ? 'https' : 'http',
    hostname: new URL(`http://${host}`).hostname,
  };
}

export function registerRoomNamespace(
  nsp: Namespace,
  services: FastifyInstance,
  manager: RoomManager,
  guard: SocketGuard,
  log: FastifyBaseLogger,
): void {
  const memberBudgets = guard.memberBudgets(ROOM_BUDGETS.perMember);
  nsp.use((socket, next) => {
    const flooding = guard.checkAddress('room', socket);
    if (flooding) return next(flooding);
    void (async () => {
      const auth = roomAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success || findUnsafeText(socket.handshake.auth) !== null)
        return next(refuse(ResultCode.failure, 'bad handshake'));
      const { token, conferenceId, deviceId } = auth.data;
      const user = await services.sessions.userOf(token);
      if (!user) return next(refuse(ResultCode.authFailed, 'authentication failed'));
      // Each connection takes the member's place from their previous one (the others are told).
      const tooMany = guard.checkUser('room', user.id);
      if (tooMany) return next(tooMany);
      // The join's pass, when it is this member's: the meeting need not be read or placed again.
      const pass = auth.data.pass ? services.roomPasses.read(auth.data.pass) : undefined;
      const member =
        pass?.userId === user.id && pass.deviceId === deviceId && pass.conferenceId === conferenceId
          ? pass
          : undefined;
      let rowId = member?.rowId;
      if (rowId === undefined) {
        const conference = await services.conferences.byNumber(conferenceId);
        if (!conference)
          return next(refuse(ResultCode.failure, 'The current meeting does not exist'));
        if (!(await services.conferenceService.isActive(conference, user.id, deviceId)))
          return next(notInMeeting());
        rowId = conference.id;
      }
      // Stopping soon (ops/drain.ts): only meetings already running here go on.
      if (refusesNewMeeting(services, conferenceId))
        return next(
          refuse(ResultCode.failure, 'this server is stopping: try again in a moment', {
            key: 'noMediaNode',
          }),
        );
      // With several nodes, a meeting's members all meet on the node holding it; one whose node
      // died comes here, where its member already is. A pass naming this node: the join just
      // placed the meeting here.
      const cluster = services.cluster;
      if (cluster && member?.node !== cluster.nodes.nodeId) {
        const node = await cluster.nodes.place(rowId, { here: true });
        if (node.id !== cluster.nodes.nodeId) {
          return next(
            refuse(ResultCode.failure, 'the meeting is on another media node', {
              mediaServer: nodeUrl(node, handshakeOrigin(socket)),
            }),
          );
        }
      }
      // The seat is held from here on, before the 'connection' handler runs — if it is still
      // there: the same write checks the membership (removed, or away past the grace, since).
      if (!(await services.conferenceService.roomConnected(rowId, user.id, deviceId)))
        return next(notInMeeting());
      (socket.data as SocketData) = {
        user,
        conference: { id: rowId, conferenceId },
        deviceId,
        token,
      };
      next();
    })().catch((error: unknown) => {
      log.error({ err: error }, 'room handshake failed');
      next(refuse(ResultCode.failure, 'server error'));
    });
  });

  nsp.on('connection', (socket: Socket) => {
    const { user, conference, deviceId, token } = socket.data as SocketData;
    const ready = manager.handleConnect(socket, user, conference.conferenceId, deviceId);
    // Its sign-in ending (a logout of this token, a password reset) ends it at once, saying why.
    const untrack = services.signedInSockets.track({ userId: user.id, token }, (key) => {
      socket.emit('fatal', { code: ResultCode.authFailed, error: errorMessagesEn[key], key });
      socket.disconnect(true);
    });
    ready.catch((error: unknown) => {
      void services.conferenceService
        .roomDisconnected(conference.id, user.id, deviceId)
        .catch(() => undefined);
      const { code, text } = replyOf(error);
      if (!(error instanceof RoomError)) log.error({ err: error }, 'room connect failed');
      socket.emit('fatal', { code, error: text });
      socket.disconnect(true);
    });

    const budget = guard.socketBudget(ROOM_BUDGETS, memberBudgets, `${conference.id}:${user.id}`);
    let cut = false;
    /** A socket that keeps sending what is refused is told why and hung up on. */
    const cutOff = () => {
      if (cut) return;
      cut = true;
      log.warn({ userId: user.id, conferenceId: conference.conferenceId }, 'room socket flooding');
      socket.emit('fatal', {
        code: ResultCode.failure,
        error: RATE_LIMITED_TEXT,
        key: 'rateLimited',
      });
      socket.disconnect(true);
    };
    const invalid = (reply: (ack: RoomAck) => void, error: string) => {
      if (budget.reject()) return cutOff();
      reply({ ok: false, code: ResultCode.failure, error });
    };

    socket.on(ROOM_REQUEST_EVENT, (raw: unknown, ack?: (reply: RoomAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (cut) return;
      const unsafe = findUnsafeText(raw);
      if (unsafe !== null) {
        return invalid(
          reply,
          `invalid request: ${unsafe || 'the request'} contains characters that are not allowed`,
        );
      }
      const parsed = roomRequestSchema.safeParse(raw);
      if (!parsed.success)
        return invalid(reply, `invalid request: ${parsed.error.issues[0]?.message ?? ''}`);
      // Checked once the request is known to be one (a malformed join must not spend the one a
      // connection has) and before it does any work.
      const verdict = budget.admit(parsed.data.type);
      if (!verdict.ok) {
        reply({
          ok: false,
          code: ResultCode.failure,
          error: RATE_LIMITED_TEXT,
          key: 'rateLimited',
          // None for what a connection may do only once (join, leave): asking again won't help.
          params: Number.isFinite(verdict.retryAfterMs)
            ? { retryAfterMs: verdict.retryAfterMs }
            : undefined,
        });
        if (verdict.cutOff) cutOff();
        return;
      }
      void budget
        .run(async () => {
          const peer = await ready;
          const room = manager.room(conference.conferenceId);
          if (!room || (parsed.data.type !== 'join' && room.peers.get(peer.peerId) !== peer)) {
            throw new RoomError(ResultCode.failure, 'notInRoom');
          }
          const data = await manager.handleRequest(room, peer, parsed.data);
          reply({ ok: true, data } as RoomAck);
        })
        .catch((error: unknown) => {
          if (!(error instanceof RoomError))
            log.warn({ err: error, type: parsed.data.type }, 'room request failed');
          const { code, text, key, params } = replyOf(error);
          reply({ ok: false, code, error: text, key, params });
        });
    });

    socket.on('disconnect', () => {
      untrack();
      inBackground(
        ready.then(
          (peer) => {
            const room = manager.room(conference.conferenceId);
            if (room) return manager.handleDisconnect(room, peer);
          },
          () => undefined,
        ),
        log,
        'a room departure',
        { conferenceId: conference.conferenceId },
      );
    });
  });
}
