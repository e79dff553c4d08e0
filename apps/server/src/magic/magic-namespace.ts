/**
 * The `/magic` socket namespace (protocol/magic-stream.ts): opened with the token getToken gave;
 * passes `start`, `prompt`, `frame` and `stop` to the session and sends its `charged` and
 * `closed` events back. A request that does not fit the protocol is answered `sysError` and
 * changes nothing; the session ends only for what the protocol names.
 */
import type { Namespace, Socket } from 'socket.io';
import {
  ResultCode,
  findUnsafeText,
  magicAuthSchema,
  magicStartRequest,
  type MagicAck,
  type MagicCloseReason,
  type MagicClientEvents,
  type MagicServerEvents,
} from '@meet/shared';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Attachment, MagicCam } from './magic-cam.js';
import type { SocketGuard } from '../realtime/socket-guard.js';
import { MAGIC_BUDGETS, type MagicRequestType } from '../realtime/socket-rates.js';

const promptRequest = magicStartRequest.pick({ prompt: true });

function refuse(code: number, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

/** Whether `raw` fits `schema` and holds no NUL bytes or lone surrogates. */
function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> | undefined {
  if (findUnsafeText(raw) !== null) return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

type MagicSocket = Socket<MagicClientEvents, MagicServerEvents>;

export function registerMagicNamespace(
  nsp: Namespace<MagicClientEvents, MagicServerEvents>,
  magic: MagicCam,
  guard: SocketGuard,
  log: FastifyBaseLogger,
): void {
  const memberBudgets = guard.memberBudgets(MAGIC_BUDGETS.perMember);
  nsp.use((socket, next) => {
    const flooding = guard.checkAddress('magic', socket);
    if (flooding) return next(flooding);
    void (async () => {
      const auth = parse(magicAuthSchema, socket.handshake.auth);
      if (!auth) return next(refuse(ResultCode.failure, 'bad handshake'));
      const attachment = await magic.attach(auth.token);
      if (!attachment) return next(refuse(ResultCode.authFailed, 'this magic session has ended'));
      const tooMany = guard.checkUser('magic', attachment.session.userId);
      if (tooMany) {
        magic.detach(attachment);
        return next(tooMany);
      }
      (socket.data as Attachment) = attachment;
      next();
    })().catch((error: unknown) => {
      log.error({ err: error }, 'magic handshake failed');
      next(refuse(ResultCode.failure, 'server error'));
    });
  });

  nsp.on('connection', (socket: MagicSocket) => {
    const attachment = socket.data as Attachment;
    const { session } = attachment;
    const failed = (error: unknown): MagicAck => {
      log.warn({ err: error, session: session.id }, 'a magic request failed');
      return { ok: false, reason: 'sysError' };
    };
    const answer = (ack: unknown) =>
      typeof ack === 'function' ? (ack as (reply: MagicAck) => void) : () => undefined;
    const budget = guard.socketBudget(MAGIC_BUDGETS, memberBudgets, String(session.userId));
    /**
     * Whether a request of this type may go ahead; one over its budget changes nothing (and is
     * answered `sysError`, as a request that does not fit the protocol), and a socket that keeps
     * flooding is hung up on.
     */
    const admitted = (type: MagicRequestType): boolean => {
      const verdict = budget.admit(type);
      if (verdict.ok) return true;
      if (verdict.cutOff && socket.connected) {
        log.warn({ session: session.id }, 'magic socket flooding');
        socket.disconnect(true);
      }
      return false;
    };

    const listeners = {
      charged: (event: { minutes: number; balance: number }) => socket.emit('charged', event),
      closed: (reason: MagicCloseReason) => {
        socket.emit('closed', { reason });
        // After the acknowledgement of the request that closed it, if one is on its way.
        setImmediate(() => socket.disconnect(true));
      },
      replaced: () => {
        forget();
        socket.disconnect(true);
      },
    };
    const forget = () => {
      session.off('charged', listeners.charged);
      session.off('closed', listeners.closed);
      session.off('replaced', listeners.replaced);
    };
    session.on('charged', listeners.charged);
    session.on('closed', listeners.closed);
    session.on('replaced', listeners.replaced);

    socket.on('start', (raw: unknown, ack: unknown) => {
      const reply = answer(ack);
      if (!admitted('start')) return reply({ ok: false, reason: 'sysError' });
      const request = parse(magicStartRequest, raw);
      if (!request) return reply({ ok: false, reason: 'sysError' });
      session.handleStart(request).then(reply, (error: unknown) => reply(failed(error)));
    });
    socket.on('prompt', (raw: unknown, ack: unknown) => {
      const reply = answer(ack);
      if (!admitted('prompt')) return reply({ ok: false, reason: 'sysError' });
      const request = parse(promptRequest, raw);
      if (!request) return reply({ ok: false, reason: 'sysError' });
      session.handlePrompt(request.prompt).then(reply, (error: unknown) => reply(failed(error)));
    });
    socket.on('frame', (raw: unknown) => {
      if (!admitted('frame')) return;
      if (Buffer.isBuffer(raw)) session.handleFrame(raw);
      else if (raw instanceof ArrayBuffer) session.handleFrame(Buffer.from(raw));
      else if (raw instanceof Uint8Array) session.handleFrame(Buffer.from(raw));
    });
    socket.on('stop', (ack: unknown) => {
      const done = typeof ack === 'function' ? (ack as () => void) : () => undefined;
      if (!admitted('stop')) return done();
      session.handleStop().then(done, (error: unknown) => {
        failed(error);
        done();
      });
    });
    socket.on('disconnect', () => {
      forget();
      magic.detach(attachment);
    });
  });
}
