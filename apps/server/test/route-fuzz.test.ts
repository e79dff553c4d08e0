/**
 * An authorization and fuzz pass over every route: the routes are read from the running app
 * (route tree + OpenAPI document), so a new route is covered without touching this file.
 *
 * 1. Authorization: every route not listed as public on purpose answers 203 with HTTP 401
 *    without a token, with a made-up one and with a revoked one; real-account routes refuse
 *    visitors.
 * 2. Fuzz: each field of each route's body in turn carries NUL bytes, lone surrogates, huge
 *    strings, wrong types and out-of-range numbers, as JSON and as a form; bodies are also sent
 *    empty, as the wrong JSON type, malformed, and as broken multipart. Every reply is below
 *    500, a `{code,msg}` envelope, free of internal error text; NUL bytes and lone surrogates
 *    are a 400.
 * 3. The `/room` and `/message` sockets get the same kind of input, and refuse it cleanly.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import {
  clientMessageSchema,
  magicAuthSchema,
  magicStartRequest,
  messageAuthSchema,
  roomAuthSchema,
  roomRequestSchema,
} from '@meet/shared';
import { build, listen, registerUser, type TestApp } from './helper.js';
import {
  createMeeting,
  fakeOffer,
  joinApi,
  registered,
  visitor,
  type Account,
} from './room-members.js';
import {
  badValuesFor,
  fieldCases,
  fieldName,
  getCases,
  internalText,
  leavesOf,
  listRoutes,
  multipartCases,
  pool,
  replyProblems,
  routeName,
  sampleOf,
  send,
  shorten,
  wholeBodyCases,
  withValue,
  type FuzzCase,
  type JsonSchema,
  type Route,
  type Samples,
} from './route-fuzz-cases.js';

/** Routes anyone may call without signing in. Anything else must answer 203 without a token. */
const PUBLIC = new Set([
  'GET /healthz',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /calendar/:file', // a calendar subscription address: the token is the key
  'GET /calendar/meeting/:file', // "Add to calendar" for a meeting anyone with its number may join
  'GET /files/*',
  'GET /dev/mail', // the development mailbox (MAIL_OUTBOX_HTTP=1), answered to this machine only
  'GET /api/getTimestamp',
  'GET /api/getServerConfig',
  'POST /api/getServerConfig',
  'POST /api/tool/checkLimitRegion',
  'POST /api/user/generateEmailVerifyCode',
  'POST /api/user/verifyEmailCode',
  'POST /api/user/emailRegister',
  'POST /api/user/emailLogin',
  'POST /api/user/resetEmailPassword',
  'POST /api/user/visitorLogin',
  'POST /api/conference/conferenceInfo',
  'POST /api/conference/v2/conferenceInfo',
  // Other ways to sign in, and what Pro costs.
  'GET /dev/sms', // the development SMS outbox (MAIL_OUTBOX_HTTP=1), this machine only
  'POST /api/tool/send-sms',
  'POST /api/user/phone-login',
  'POST /api/user/signInMethods',
  'POST /api/user/google/start', // purpose "bind" needs a signed-in account (checked inside)
  'GET /api/user/google/callback',
  'POST /api/user/firebaseLogin',
  'POST /api/user/bindGoogle', // signed out: with the account's password
  'POST /api/user/upload-scan-info',
  'POST /api/user/get-scan-result',
  'POST /api/benefit/getBenefitByUserType',
  'POST /api/benefit/getBenefitByBenefitId',
  'POST /api/payment/stripe/webhook', // the payment provider's; its signature is the check
  // A recording's page opens without signing in (link scope; otherwise the teaser); its files
  // load by signed links.
  'POST /api/record/getRecordInfoByUUID',
  'GET /files/rec/:recordId/:kind',
]);

/** Routes a visitor account may not use. */
const REAL_ACCOUNT_ONLY = new Set([
  'POST /api/conference/createConference',
  'POST /api/conference/reserve/create',
  'POST /api/conference/reserve/update',
  'POST /api/conference/reserve/delete',
  'POST /api/conference/reserve/list',
  'POST /api/user/getCalendarFeed',
  'POST /api/user/resetCalendarFeed',
  'POST /api/payment/stripe/createSubscribeSession',
  'POST /api/payment/stripe/paymentStatus',
  'POST /api/payment/stripe/customerPortal',
  'POST /api/user/scan-info',
  'POST /api/user/approve-scan',
  'POST /api/record/permission/apply', // the answer arrives in the message center, on Home
  'POST /api/user/report', // feedback comes from Home's avatar menu
  // Magic Cam: visitors use styles; only accounts publish, favourite and subscribe.
  'POST /api/magic/favoriteById',
  'POST /api/magic/freeStyle/publish',
  'POST /api/magic/freeStyle/favorite',
  'POST /api/magic/freeStyle/republish',
  'POST /api/magic/freeStyle/publish/retry',
  'POST /api/magic/freeStyle/cancel',
  'POST /api/magic/freeStyle/delete',
  'POST /api/magic/freeStyle/subscribe',
  'POST /api/magic/freeStyle/subscribe/cancel',
  'POST /api/magic/freeStyle/favorite/cancel',
]);

/** Routes whose success is not the JSON envelope (files, documents, the xlsx export). */
const RAW_FILES = new Set(['POST /api/vote/export', 'POST /api/audio/downloadTranscript']);
const rawOnSuccess = (r: Route) => r.method === 'GET' || RAW_FILES.has(routeName(r));

/** Routes that end the session of the token they are called with. */
const REVOKES_ITS_TOKEN = new Set(['POST /api/user/logout']);

/**
 * The operator's routes (`/admin/*`) take ADMIN_TOKEN instead of a sign-in token: they refuse
 * every user's token like a missing one, and are fuzzed with the operator's.
 */
const ADMIN_TOKEN = 'fuzz-operator-token-0123456789abcdef';
const isOperatorRoute = (name: string) => name.includes(' /admin/');

// This pass is about what inputs get back, not about how many: limits are out of its way.
const t = await build({
  ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
  AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  ADMIN_TOKEN,
});
const routes = await listRoutes(t.app);
afterAll(() => t.close());

const HOUR = 3600_000;
const POLL = {
  title: 'Fuzz poll',
  anonymous: 0,
  questions: [{ title: 'Which?', type: 0, options: [{ optionDesc: 'A' }, { optionDesc: 'B' }] }],
};

interface Fixture {
  fuzzer: Account;
  member: Account;
  visitorToken: string;
  revokedToken: string;
  /** Sample values for body fields, for calls that change nothing. */
  samples: Samples;
}

let fx: Fixture;

/**
 * A meeting of its own for a route: hosted by the fuzzer, with the fuzzer and a member in it, a
 * launched poll and a reservation; sample values for every body field point at it. Each route
 * gets its own, so a call that succeeds (quit, delete, stop…) does not change what others see.
 */
async function scene(): Promise<Samples> {
  const { fuzzer, member } = fx;
  const meeting = await createMeeting(t, fuzzer);
  expect((await joinApi(t, fuzzer.token, meeting.id, 'fuzz-dev')).json().code).toBe(0);
  expect((await joinApi(t, member.token, meeting.id, 'member-dev')).json().code).toBe(0);
  const newPoll = async () => {
    const poll = await t.post(
      '/api/vote/create',
      { conferenceUri: meeting.uri, voteList: POLL },
      fuzzer.token,
    );
    return poll.json().payload.voteId as number;
  };
  const voteId = await newPoll();
  expect((await t.post('/api/vote/launch', { voteId }, fuzzer.token)).json().code).toBe(0);
  const now = t.clock.now();
  const reservation = await t.post(
    '/api/conference/reserve/create',
    { topic: 'Later', timezone: 'UTC', startTime: now + HOUR, endTime: now + 2 * HOUR },
    fuzzer.token,
  );
  return {
    email: 'fuzz@example.com',
    password: 'abc12345',
    code: '123456',
    uuid: 'fuzz-device-0001',
    accountId: 'fuzz-account',
    username: 'Fuzzer',
    topic: 'Fuzz topic',
    conferenceId: meeting.id,
    conferenceUri: meeting.uri,
    /** reserve/update and reserve/delete take the reservation. */
    'reserve.conferenceId': reservation.json().payload.conferenceId,
    /** vote/update and vote/launch take a poll not launched yet. */
    'draft.voteId': await newPoll(),
    deviceId: 'fuzz-dev',
    userConferenceName: 'Fuzzer',
    nickname: 'Fuzzer',
    voiceLanguage: 'en',
    timezone: 'UTC',
    startTime: now + HOUR,
    endTime: now + 2 * HOUR,
    voteId,
    score: 5,
    comment: 'fine',
    setContent: JSON.stringify({
      room: meeting.uri,
      ext: { ext_type: 'lock_room', ext_value: '0' },
    }),
    newHostCode: String(fuzzer.userId),
    userId: fuzzer.userId,
    userIdList: String(member.userId),
    codeList: String(member.userId),
    status: 0,
    memberAction: 0,
    addToBlackList: 0,
    page: 1,
    pageSize: 20,
    voteList: POLL,
    questions: [{ questionId: 1, select: [1] }],
    phone: '+15550100000',
    productId: 'pro-monthly',
    redirectUrl: 'http://localhost/home/meetings?payment=1',
    errorUrl: 'http://localhost/home/meetings?payment=1',
    returnUrl: 'http://localhost/home/meetings',
    benefitId: 'pro',
    /** client-log/report: a JSON string of entries (SPEC.md section 7). */
    log: JSON.stringify([{ logTime: now, eventType: 'fuzz', agent: 'web/3.10.3' }]),
  };
}

beforeAll(async () => {
  const token = await registerUser(t, 'fuzz@example.com', 'abc12345');
  const userId = (await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId;
  const revoked = await registered(t);
  expect((await t.post('/api/user/logout', {}, revoked.token)).json().code).toBe(0);
  fx = {
    fuzzer: { token, userId },
    member: await registered(t),
    visitorToken: (await visitor(t)).token,
    revokedToken: revoked.token,
    samples: {},
  };
  fx.samples = await scene();
});

/** A valid body for a route, built from its schema and the sample values. */
function sampleBody(route: Route, samples = fx.samples): unknown {
  if (!route.body) return undefined;
  const own = {
    ...(route.url.includes('/reserve/') ? { conferenceId: samples['reserve.conferenceId'] } : {}),
    ...(/\/vote\/(update|launch)$/.test(route.url) ? { voteId: samples['draft.voteId'] } : {}),
  };
  return sampleOf(route.body, { ...samples, ...own });
}

/** The valid sample body of a route as inject options (nothing for body-less routes). */
const validRequest = (route: Route): FuzzCase['request'] =>
  route.method === 'GET'
    ? {}
    : {
        payload: JSON.stringify(sampleBody(route) ?? {}),
        headers: { 'content-type': 'application/json' },
      };

const protectedRoutes = routes.filter((r) => !PUBLIC.has(routeName(r))).map(routeName);
const publicRoutes = routes.filter((r) => PUBLIC.has(routeName(r))).map(routeName);
const byName = (name: string) => routes.find((r) => routeName(r) === name)!;

describe('authorization', () => {
  test('the route list is read from the app and the lists here name only routes that exist', () => {
    expect(routes.length).toBeGreaterThan(40);
    const names = new Set(routes.map(routeName));
    const conditional = new Set(['GET /dev/mail']);
    expect(
      [...PUBLIC, ...REAL_ACCOUNT_ONLY].filter((n) => !names.has(n) && !conditional.has(n)),
    ).toEqual([]);
  });

  test.each(protectedRoutes)(
    '%s refuses no token, a made-up token and a revoked token with 203 and HTTP 401',
    async (name) => {
      const route = byName(name);
      const tokens: [string, string | undefined][] = [
        ['no token', undefined],
        ['a made-up token', 'x'.repeat(43)],
        ['a token longer than any real one', 'y'.repeat(300)],
        ['a revoked token', fx.revokedToken],
      ];
      const replies = await Promise.all(
        tokens.map(async ([label, token]) => {
          const res = await send(t.app, route, token, validRequest(route));
          return { label, status: res.statusCode, code: res.json().code };
        }),
      );
      expect(replies).toEqual(tokens.map(([label]) => ({ label, status: 401, code: 203 })));
    },
  );

  test.each(protectedRoutes)(
    '%s refuses a caller without a token before it looks at the body',
    async (name) => {
      const route = byName(name);
      const replies = await Promise.all(
        [
          ['no body', {}],
          [
            'an empty JSON object',
            { payload: '{}', headers: { 'content-type': 'application/json' } },
          ],
        ].map(async ([label, request]) => {
          const res = await send(t.app, route, undefined, request as FuzzCase['request']);
          return { label, status: res.statusCode, body: shorten(res.body, 100) };
        }),
      );
      expect(replies.filter((r) => r.status !== 401)).toEqual([]);
    },
  );

  test.each([...REAL_ACCOUNT_ONLY])('%s refuses a visitor with a 4xx', async (name) => {
    const route = byName(name);
    const res = await send(t.app, route, fx.visitorToken, validRequest(route));
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().code).not.toBe(0);
  });

  test.each(publicRoutes)('%s answers without a token', async (name) => {
    const route = byName(name);
    const res = await send(t.app, route, undefined, validRequest(route));
    expect(res.statusCode, res.body).not.toBe(401);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('fuzz', () => {
  /** Every malformed input for one route. */
  async function casesFor(route: Route): Promise<FuzzCase[]> {
    if (route.method === 'GET') return getCases(route);
    const sample = sampleBody(route, route.body ? await scene() : fx.samples);
    return [
      ...wholeBodyCases(sample ?? {}),
      ...multipartCases(),
      ...(route.body ? fieldCases(route.body, sample) : []),
    ];
  }

  test.concurrent.each(routes.map(routeName))(
    '%s answers every malformed input below 500, as {code,msg}, without internal text (NUL and lone surrogates: 400)',
    async (name) => {
      const route = byName(name);
      const token = PUBLIC.has(name)
        ? undefined
        : isOperatorRoute(name)
          ? ADMIN_TOKEN
          : await t.app.services.sessions.issue(fx.fuzzer.userId);
      const failures = await pool(await casesFor(route), 8, async (c) => {
        const caseToken =
          token && REVOKES_ITS_TOKEN.has(name)
            ? await t.app.services.sessions.issue(fx.fuzzer.userId)
            : token;
        const res = await send(t.app, route, caseToken, c.request);
        const problems = replyProblems(res, { ...c.rules, rawOnSuccess: rawOnSuccess(route) });
        return problems.length
          ? `${c.name} → ${problems.join('; ')} | ${res.statusCode} ${shorten(res.body)}`
          : undefined;
      });
      expect(failures.filter(Boolean)).toEqual([]);
    },
  );
});

// -----------------------------------------------------------------------------------------------
// The socket.io namespaces, on an app with the real media server.

const toSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as unknown as JsonSchema;

interface SocketCase {
  name: string;
  value: unknown;
  mustFail: boolean;
}

/** Every field of a sample in turn with every bad value (nothing about numbers must fail). */
function socketCases(schema: JsonSchema, sample: unknown, prefix = ''): SocketCase[] {
  return leavesOf(schema, sample).flatMap((leaf) =>
    badValuesFor(leaf).map((bad) => ({
      name: `${prefix}${fieldName(leaf.path)} = ${bad.name}`,
      value: withValue(sample, leaf.path, bad.value),
      mustFail: bad.mustFail ?? false,
    })),
  );
}

/** Whole messages of the wrong shape. */
const wrongShapes = (discriminator: string): SocketCase[] =>
  [
    ['null', null],
    ['a string', 'text'],
    ['a number', 42],
    ['an array', []],
    ['an empty object', {}],
    [`an unknown ${discriminator}`, { [discriminator]: 'nope' }],
    [`a ${discriminator} with a NUL byte`, { [discriminator]: 'a\u0000b' }],
    [`a ${discriminator} with a lone surrogate`, { [discriminator]: '\uD800x' }],
  ].map(([name, value]) => ({ name: `${name}`, value, mustFail: true }));

function connectSocket(
  url: string,
  auth: unknown,
): Promise<
  { socket: Socket; error?: undefined } | { socket?: undefined; error: Error & { data?: unknown } }
> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: auth as Record<string, unknown>,
    reconnection: false,
    forceNew: true,
    timeout: 8000,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ error });
    });
  });
}

describe('socket.io namespaces', () => {
  let s: TestApp;
  let base: string;
  /** Failures the server logged with an error attached (caught, but still a fault). */
  const logged: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    s = await build({ JANUS: 'on' });
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
