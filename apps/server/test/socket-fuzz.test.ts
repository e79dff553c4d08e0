/**
 * A fuzz pass over the socket.io namespaces (`/room`, `/message`, `/magic`), on an app with the
 * real media server: the handshake's auth fields and each message's fields in turn carry the bad
 * values route-fuzz.test.ts sends to the HTTP routes, and whole messages come in the wrong shape.
 * Each is refused cleanly: no "server error", no internal text, nothing the server logs as a
 * fault, and the socket keeps working afterwards.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  clientMessageSchema,
  magicAuthSchema,
  magicStartRequest,
  messageAuthSchema,
  roomAuthSchema,
  roomRequestSchema,
} from '@meet/shared';
import { build, listen, type TestApp } from './helper.js';
import { createMeeting, fakeOffer, joinApi, registered, type Account } from './room-members.js';
import { internalText, shorten } from './fuzz-replies.js';
import { sampleOf, type JsonSchema, type Samples } from './fuzz-schemas.js';
import { pool } from './route-fuzz-cases.js';
import {
  connectSocket,
  socketCases,
  toSchema,
  wrongShapes,
  type SocketCase,
} from './socket-fuzz-cases.js';

describe('socket.io namespaces', () => {
  let s: TestApp;
  let base: string;
  /** Failures the server logged with an error attached (caught, but still a fault). */
  const logged: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Hundreds of malformed requests on one socket test validation, which flood control would
    // cut off long before (that is socket-flood.test.ts's subject).
    s = await build({ JANUS: 'on' }, { floodControl: false });
    base = await listen(s);
    for (const level of ['warn', 'error'] as const) {
      vi.spyOn(s.app.log, level).mockImplementation(((obj: unknown) => {
        const err = (obj as { err?: unknown } | null)?.err;
        if (!err) return;
        // Driver errors come wrapped ("Failed query: …"); the cause says what went wrong.
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        logged.push(cause instanceof Error ? cause.message : String(cause));
      }) as never);
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    vi.restoreAllMocks();
    await s.close();
  });

  /** What the server logged since `mark`, as one problem. */
  const loggedSince = (mark: number) =>
    logged.length > mark ? [`server failed: ${shorten(logged.slice(mark).join(' / '), 120)}`] : [];

  /** A handshake must be refused cleanly: connect_error, not "server error", no internals. */
  async function handshakeProblems(url: string, c: SocketCase): Promise<string | undefined> {
    const mark = logged.length;
    const { socket, error } = await connectSocket(url, c.value);
    const problems: string[] = [];
    if (socket) {
      socket.close();
      if (c.mustFail) problems.push('connected');
    } else {
      const text = `${error.message} ${JSON.stringify(error.data ?? null)}`;
      if (/server error/i.test(error.message)) problems.push(`refused with "${error.message}"`);
      const leaked = internalText(text);
      if (leaked) problems.push(`internal text "${shorten(leaked, 90)}"`);
    }
    problems.push(...loggedSince(mark));
    return problems.length ? `${c.name} → ${problems.join('; ')}` : undefined;
  }

  describe('/room', () => {
    let meetingId: string;
    let hostToken: string;
    let serial = 0;
    // Generous: a loaded CI machine runs Janus and several test files at once.
    const ACK_MS = 10_000;

    /** The host's socket, joined through the API (and into the room unless `join` is false). */
    async function hostSocket(join = true): Promise<Socket> {
      const deviceId = `room-fuzz-${++serial}`;
      expect((await joinApi(s, hostToken, meetingId, deviceId)).json().code).toBe(0);
      const { socket, error } = await connectSocket(`${base}/room`, {
        token: hostToken,
        conferenceId: meetingId,
        deviceId,
      });
      if (!socket) throw error;
      sockets.push(socket);
      if (join) {
        const ack = await request(socket, {
          type: 'join',
          displayName: 'Host',
          audioEnabled: false,
          videoEnabled: false,
        });
        expect(ack).toMatchObject({ ok: true });
      }
      return socket;
    }

    function request(socket: Socket, payload: unknown): Promise<unknown> {
      return new Promise((resolve) => {
        const timer = setTimeout(
          () => resolve(`no acknowledgement within ${ACK_MS / 1000} s`),
          ACK_MS,
        );
        socket.emit('request', payload, (ack: unknown) => {
          clearTimeout(timer);
          resolve(ack);
        });
      });
    }

    beforeAll(async () => {
      const meeting = await createMeeting(s);
      meetingId = meeting.id;
      hostToken = meeting.hostToken;
    });

    test('a handshake with bad auth fields is refused with a clean message', async () => {
      const deviceId = 'room-handshake';
      expect((await joinApi(s, hostToken, meetingId, deviceId)).json().code).toBe(0);
      const auth = { token: hostToken, conferenceId: meetingId, deviceId };
      const failures: (string | undefined)[] = [];
      for (const c of socketCases(toSchema(roomAuthSchema), auth)) {
        failures.push(await handshakeProblems(`${base}/room`, c));
      }
      expect(failures.filter(Boolean)).toEqual([]);
    });

    test('requests with bad fields get an error acknowledgement without internal text, and the room keeps working', async () => {
      const schema = toSchema(roomRequestSchema);
      const samples: Samples = {
        displayName: 'Host',
        sdp: fakeOffer().sdp,
        candidate: {
          candidate: 'candidate:1 1 UDP 2122252543 192.168.1.2 54400 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
        mid: '0',
        content: 'hello',
      };
      const variants = (schema.oneOf ?? []).filter(
        (v) => Object.keys(v.properties ?? {}).length > 1,
      );
      const typeOf = (v: JsonSchema) => String(v.properties!.type!.const);
      const casesOf = (list: JsonSchema[]) =>
        list.flatMap((v) => socketCases(v, sampleOf(v, samples), `${typeOf(v)}: `));
      // Wrong shapes and `join` on a socket that has not joined yet; the rest inside the room.
      const phases: [boolean, SocketCase[]][] = [
        [false, [...wrongShapes('type'), ...casesOf(variants.filter((v) => typeOf(v) === 'join'))]],
        [true, casesOf(variants.filter((v) => typeOf(v) !== 'join'))],
      ];
      const failures: (string | undefined)[] = [];
      let socket!: Socket;
      for (const [joined, cases] of phases) {
        socket?.close();
        socket = await hostSocket(joined);
        const member = socket;
        // Joins one at a time (each answer carries the member as the last join left it); the
        // rest in parallel, as some are never answered and each waits out the ack timeout.
        const results = await pool(cases, joined ? 16 : 1, async (c) => {
          const ack = (await request(member, c.value)) as
            { ok?: boolean; error?: unknown } | string;
          const problems: string[] = [];
          if (typeof ack === 'string') problems.push(ack);
          else if (ack.ok) {
            if (c.mustFail) problems.push('accepted');
          } else {
            if (typeof ack.error !== 'string') problems.push('no error text');
            const leaked = internalText(JSON.stringify(ack));
            if (leaked) problems.push(`internal text "${shorten(leaked, 90)}"`);
          }
          return problems.length
            ? `${c.name} → ${problems.join('; ')} | ${shorten(JSON.stringify(ack) ?? '', 100)}`
            : undefined;
        });
        failures.push(...results);
        if (member.disconnected) {
          failures.push(
            `the server dropped the socket during the ${joined ? 'in-room' : 'join'} requests`,
          );
          socket = await hostSocket(true);
        }
      }
      expect(await request(socket, { type: 'chatHistory' })).toMatchObject({ ok: true });
      expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(failures.filter(Boolean)).toEqual([]);
    });
  });

  describe('/message', () => {
    let account: Account;
    let conferenceUri: string;

    beforeAll(async () => {
      account = await registered(s);
      conferenceUri = (await createMeeting(s)).uri;
    });

    test('a handshake with bad auth fields is refused with a clean message', async () => {
      const auth = { userId: account.userId, deviceId: 'message-fuzz', token: account.token };
      const failures: (string | undefined)[] = [];
      for (const c of socketCases(toSchema(messageAuthSchema), auth)) {
        failures.push(await handshakeProblems(`${base}/message`, c));
      }
      expect(failures.filter(Boolean)).toEqual([]);
    });

    test('messages with bad fields are refused without a fault, and the socket keeps answering pings', async () => {
      const { socket, error } = await connectSocket(`${base}/message`, {
        userId: account.userId,
        deviceId: 'message-fuzz',
        token: account.token,
      });
      if (!socket) throw error;
      sockets.push(socket);
      const received: { msgType?: string }[] = [];
      socket.on('message', (m: { messageJson?: { msgType?: string } }) =>
        received.push(m.messageJson ?? {}),
      );
      /** Whether a pong arrives after message number `from` (3 s at most). */
      const pong = async (from: number) => {
        for (let waited = 0; waited < 3000; waited += 20) {
          if (received.slice(from).some((m) => m.msgType === 'pong')) return true;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return false;
      };

      const schema = toSchema(clientMessageSchema);
      const envelope = (messageJson: unknown) => ({ msgId: 'm1', messageJson });
      const cases: SocketCase[] = [
        ...wrongShapes('msgId'),
        ...wrongShapes('msgType').map((c) => ({ ...c, value: envelope(c.value) })),
        ...socketCases(schema, envelope({ msgType: 'ping' })),
        ...(schema.properties!.messageJson!.oneOf ?? []).flatMap((branch) =>
          socketCases(
            branch,
            sampleOf(branch, { conferenceUri, isReconnect: 0 }),
            `${String(branch.properties!.msgType!.const)}: `,
          ).map((c) => ({ ...c, value: envelope(c.value) })),
        ),
      ];
      const failures: (string | undefined)[] = [];
      for (const c of cases) {
        const mark = logged.length;
        const from = received.length;
        socket.emit('message', c.value);
        socket.emit('message', { msgId: 'ping', messageJson: { msgType: 'ping' } });
        const problems: string[] = [];
        if (!(await pong(from))) problems.push('no pong after it');
        const replies = received.slice(from).filter((m) => m.msgType !== 'pong');
        const leaked = internalText(JSON.stringify(replies));
        if (leaked) problems.push(`internal text "${shorten(leaked, 90)}"`);
        const answered = replies.filter((m) => m.msgType !== 'waiting_room_error');
        if (c.mustFail && answered.length) problems.push(`answered ${JSON.stringify(answered)}`);
        problems.push(...loggedSince(mark));
        failures.push(problems.length ? `${c.name} → ${problems.join('; ')}` : undefined);
      }
      expect(socket.connected).toBe(true);
      expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(failures.filter(Boolean)).toEqual([]);
    });
  });
  describe('/magic', () => {
    let token: string;

    beforeAll(async () => {
      const account = await registered(s);
      const res = await s.post('/api/magic/getHomePageToken', {}, account.token);
      token = res.json().payload.token;
    });

    test('a handshake with bad auth fields is refused with a clean message', async () => {
      const failures: (string | undefined)[] = [];
      for (const c of socketCases(toSchema(magicAuthSchema), { token })) {
        failures.push(await handshakeProblems(`${base}/magic`, c));
      }
      expect(failures.filter(Boolean)).toEqual([]);
    });

    test('start and prompt with bad fields are answered sysError without a fault, and the session still starts', async () => {
      const { socket, error } = await connectSocket(`${base}/magic`, { token });
      if (!socket) throw error;
      sockets.push(socket);
      const ask = (event: string, value: unknown) =>
        new Promise<unknown>((resolve) => {
          const timer = setTimeout(() => resolve('no acknowledgement within 5 s'), 5000);
          socket.emit(event, value, (ack: unknown) => {
            clearTimeout(timer);
            resolve(ack);
          });
        });
      const shapes: SocketCase[] = [null, 'text', 42, [], {}].map((value) => ({
        name: JSON.stringify(value),
        value,
        mustFail: true,
      }));
      const cases: [string, SocketCase][] = [
        ...shapes.map((c) => ['start', c] as [string, SocketCase]),
        ...shapes.map((c) => ['prompt', c] as [string, SocketCase]),
        ...socketCases(toSchema(magicStartRequest), {
          prompt: 'comic',
          width: 320,
          height: 240,
        }).map((c) => ['start', c] as [string, SocketCase]),
        ...socketCases(toSchema(magicStartRequest.pick({ prompt: true })), { prompt: 'comic' }).map(
          (c) => ['prompt', c] as [string, SocketCase],
        ),
      ];
      const failures: (string | undefined)[] = [];
      for (const [event, c] of cases) {
        const mark = logged.length;
        const ack = await ask(event, c.value);
        const problems: string[] = [];
        if (typeof ack === 'string') problems.push(ack);
        else if ((ack as { ok?: boolean }).ok) problems.push('accepted');
        const leaked = internalText(JSON.stringify(ack));
        if (leaked) problems.push(`internal text "${shorten(leaked, 90)}"`);
        problems.push(...loggedSince(mark));
        failures.push(problems.length ? `${event} ${c.name} → ${problems.join('; ')}` : undefined);
      }
      for (const junk of ['text', { a: 1 }, null, 42]) socket.emit('frame', junk);
      expect(failures.filter(Boolean)).toEqual([]);
      expect(await ask('start', { prompt: 'comic' })).toMatchObject({ ok: true });
      expect(socket.connected).toBe(true);
    });
  });
});
