/**
 * One member must not be able to stall a node for everyone: a member who floods any `/room`
 * request type is refused past what a real client
 * sends (key rateLimited) and, if they keep on, cut off — while another member's API calls and
 * room requests keep being answered at once and the media server stays up. Real Janus, real
 * database.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { io } from 'socket.io-client';
import {
  REACTION_EMOJIS,
  type RoomAck,
  type RoomRequest,
  type RoomRequestType,
} from '@meet/shared';
import { build, listen, type TestApp } from './helper.js';
import {
  connect,
  createMeeting,
  enter,
  fakeOffer,
  publishFakeCamera,
  joinApi,
  visitor,
  type Account,
  type Meeting,
  type Member,
} from './room-members.js';
import { ROOM_BUDGETS } from '../src/realtime/socket-rates.js';

let t: TestApp;
let base: string;
const open: { close(): void }[] = [];

beforeAll(async () => {
  // X-Forwarded-For from this machine names the client, as behind a reverse proxy on it.
  t = await build({ JANUS: 'on', TRUST_PROXY: 'loopback' });
  base = await listen(t);
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await t.close();
});

/** How long another member waited for answers while a flood went on. */
interface Responsiveness {
  /** Slowest `GET /api/getTimestamp` of an unrelated client, ms. */
  api: number;
  /** Slowest camera pause or resume of another member (a Janus round trip), ms. */
  room: number;
  /** Their requests that failed (none should: the probe must measure real work). */
  failed: number;
  /** Longest this process's event loop (server and clients) was blocked, ms. */
  loop: number;
}

/** Between the probes: the camera toggles stay within what a member may send (4 a second). */
const PROBE_EVERY_MS = 300;

/**
 * Runs `flood` while another member asks the API and pauses or resumes their camera every
 * PROBE_EVERY_MS; returns the slowest answers they got meanwhile.
 */
async function measured(victim: Member, flood: () => Promise<void>): Promise<Responsiveness> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const worst: Responsiveness = { api: 0, room: 0, failed: 0, loop: 0 };
  let flooding = true;
  let paused = false;
  const timed = async (ask: () => Promise<boolean>) => {
    const started = performance.now();
    if (!(await ask())) worst.failed += 1;
    return performance.now() - started;
  };
  const probe = (async () => {
    while (flooding) {
      paused = !paused;
      const [api, room] = await Promise.all([
        timed(() => fetch(`${base}/api/getTimestamp`).then((res) => res.ok)),
        timed(() =>
          victim
            .request({
              type: paused ? 'pauseProducer' : 'resumeProducer',
              source: 'camera',
              kind: 'video',
            })
            .then((ack) => ack.ok),
        ),
      ]);
      worst.api = Math.max(worst.api, api);
      worst.room = Math.max(worst.room, room);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  try {
    await flood();
  } finally {
    flooding = false;
    await probe;
    loop.disable();
  }
  worst.loop = loop.max / 1e6;
  return worst;
}

/** What a flood of one request type came to. */
interface FloodResult {
  /** Requests answered without a rate-limit refusal (done, or refused for another reason). */
  admitted: number;
  limited: number;
  /** Refused as malformed: none, or the flood would not test the request type's budget. */
  invalid: number;
  /** The server's last word before hanging up. */
  fatal: { code: number; key?: string } | undefined;
  cutOff: boolean;
}

/** Sends `count` copies of `request` at once and waits for the answers or the hang-up. */
function flood(member: Member, request: RoomRequest, count: number): Promise<FloodResult> {
  const result: FloodResult = {
    admitted: 0,
    limited: 0,
    invalid: 0,
    fatal: undefined,
    cutOff: false,
  };
  return new Promise((resolve) => {
    let answered = 0;
    const done = () => resolve(result);
    const timer = setTimeout(done, 15_000);
    member.socket.once('fatal', (fatal: FloodResult['fatal']) => (result.fatal = fatal));
    member.socket.once('disconnect', () => {
      result.cutOff = true;
      clearTimeout(timer);
      // Answers already on their way arrive before the hang-up.
      setTimeout(done, 50);
    });
    for (let i = 0; i < count; i++) {
      member.socket.emit('request', request, (ack: RoomAck) => {
        if (!ack.ok && ack.key === 'rateLimited') result.limited += 1;
        else result.admitted += 1;
        if (!ack.ok && ack.error.startsWith('invalid request')) result.invalid += 1;
        if (++answered === count) {
          clearTimeout(timer);
          done();
        }
      });
    }
  });
}

describe('/room flood control', () => {
  let meeting: Meeting;
  let host: Member;
  let bob: Member;
  let bobFeed: number;

  beforeAll(async () => {
    meeting = await createMeeting(t);
    host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
    const bobAccount = await visitor(t);
    bob = (await enter(t, base, bobAccount, meeting.id, 'Bob')).member;
    open.push(host.socket, bob.socket);
    const peer = t.app.rooms!.room(meeting.id)!.peers.get(String(bobAccount.userId))!;
    bobFeed = await publishFakeCamera(bob, peer);
  });

  /** A valid request of each type, as a flooder would send it. */
  const requestOf = (type: RoomRequestType): RoomRequest => {
    const requests: { [T in RoomRequestType]: Extract<RoomRequest, { type: T }> } = {
      join: { type: 'join', displayName: 'Eve', audioEnabled: false, videoEnabled: false },
      publish: {
        type: 'publish',
        source: 'screen',
        jsep: fakeOffer(false),
        audio: false,
        video: true,
      },
      subscribe: { type: 'subscribe', streams: [{ feed: bobFeed }] },
      unsubscribe: { type: 'unsubscribe', streams: [{ feed: bobFeed }] },
      subscriberAnswer: { type: 'subscriberAnswer', jsep: { type: 'answer', sdp: 'v=0\r\n' } },
      trickle: { type: 'trickle', target: 'camera', candidate: null },
      pauseProducer: { type: 'pauseProducer', source: 'camera', kind: 'audio' },
      resumeProducer: { type: 'resumeProducer', source: 'camera', kind: 'audio' },
      closeProducer: { type: 'closeProducer', source: 'screen' },
      setConsumerPreferredLayers: { type: 'setConsumerPreferredLayers', mid: '0', spatialLayer: 0 },
      restartIce: { type: 'restartIce', target: 'subscriber' },
      getProducerStats: { type: 'getProducerStats' },
      requestKeyFrame: { type: 'requestKeyFrame', feed: bobFeed },
      sendMessage: { type: 'sendMessage', content: 'spam' },
      chatHistory: { type: 'chatHistory' },
      sendReaction: { type: 'sendReaction', emoji: REACTION_EMOJIS[0] },
      breakoutSetup: { type: 'breakoutSetup', rooms: ['A'], assignments: [] },
      breakoutOpen: { type: 'breakoutOpen', minutes: 5 },
      breakoutMove: { type: 'breakoutMove', userId: 1, room: 1 },
      breakoutBroadcast: { type: 'breakoutBroadcast', text: 'spam' },
      breakoutClose: { type: 'breakoutClose' },
      breakoutHelp: { type: 'breakoutHelp' },
      leave: { type: 'leave' },
      pageClosing: { type: 'pageClosing' },
      localRecording: { type: 'localRecording', on: true },
    };
    return requests[type];
  };

  const types = Object.keys(ROOM_BUDGETS.perSocket) as RoomRequestType[];
  // A visitor account and the meeting number are enough to flood; three flooders share the
  // types, each reconnecting for the next type after being cut off.
  const shares = [0, 1, 2].map((i) => types.filter((_, n) => n % 3 === i));

  test.each(shares.map((share, i) => [i + 1, share] as const))(
    'flooder %i: each request type 1,000 times is refused past its budget and the socket cut off; the others are answered at once',
    async (_n, share) => {
      const eve: Account = await visitor(t);
      expect((await joinApi(t, eve.token, meeting.id, 'eve')).json().code).toBe(0);
      const newPeersBefore = host.notes.filter(
        (n) => n.type === 'newPeer' && n.peer.userId === eve.userId,
      ).length;
      let connections = 0;
      for (const type of share) {
        const member = await connect(base, eve.token, meeting.id, 'eve');
        open.push(member.socket);
        connections += 1;
        if (type !== 'join') {
          const joined = await member.request(requestOf('join'));
          expect(joined.ok, `join before flooding ${type}`).toBe(true);
        }
        const count = type === 'chatHistory' ? 2000 : 1000;
        let result!: FloodResult;
        const slowest = await measured(bob, async () => {
          result = await flood(member, requestOf(type), count);
        });
        const budget = ROOM_BUDGETS.perSocket[type];
        // Per connection; a join already spent before the flood, and what came back meanwhile.
        // Its burst, and what came back while the flood was answered.
        expect(result.admitted, `${type} admitted`).toBeLessThanOrEqual(budget.burst + 25);
        expect(result.invalid, `${type}: malformed floods`).toBe(0);
        expect(result.limited, `${type} refused`).toBeGreaterThan(0);
        expect(result.cutOff, `${type}: the flooding socket was cut off`).toBe(true);
        expect(result.fatal).toMatchObject({ key: 'rateLimited' });
        expect(slowest.api, `${type}: slowest getTimestamp (ms)`).toBeLessThan(1000);
        expect(slowest.room, `${type}: slowest camera toggle of another member (ms)`).toBeLessThan(
          1000,
        );
        expect(slowest.failed, `${type}: the other member's requests that failed`).toBe(0);
        expect(slowest.loop, `${type}: event loop blocked (ms)`).toBeLessThan(1000);
      }
      // Each connection told the others of Eve once, not once per join she sent.
      const newPeers = host.notes.filter(
        (n) => n.type === 'newPeer' && n.peer.userId === eve.userId,
      ).length;
      expect(newPeers - newPeersBefore).toBeLessThanOrEqual(connections);
      // The media server kept everyone's media: Bob's connection still answers for his camera.
      expect(
        await bob.request({ type: 'pauseProducer', source: 'camera', kind: 'video' }),
      ).toMatchObject({ ok: true });
    },
    120_000,
  );

  test('join is answered once per connection: a second join on it is refused, and the host hears of the member once', async () => {
    const zed = await visitor(t);
    expect((await joinApi(t, zed.token, meeting.id, 'zed')).json().code).toBe(0);
    const member = await connect(base, zed.token, meeting.id, 'zed');
    open.push(member.socket);
    expect(await member.request(requestOf('join'))).toMatchObject({ ok: true });
    expect(await member.request(requestOf('join'))).toMatchObject({
      ok: false,
      key: 'rateLimited',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      host.notes.filter((n) => n.type === 'newPeer' && n.peer.userId === zed.userId),
    ).toHaveLength(1);
    // What a connection may do again later says when: a chat history 5 times at once, then wait.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => member.request({ type: 'chatHistory' })),
    );
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({
      ok: false,
      key: 'rateLimited',
      params: { retryAfterMs: expect.any(Number) },
    });
    expect(member.socket.connected).toBe(true);
  });

  test('handshakes are limited per account and per client address; a refusal says when to try again', async () => {
    const yan = await visitor(t);
    expect((await joinApi(t, yan.token, meeting.id, 'yan')).json().code).toBe(0);
    const refusals: { key?: string; retryAfterMs?: number }[] = [];
    for (let i = 0; i < 14; i++) {
      try {
        const member = await connect(base, yan.token, meeting.id, 'yan');
        member.socket.close();
      } catch (error) {
        refusals.push((error as { data: { key?: string; retryAfterMs?: number } }).data);
      }
    }
    expect(refusals.length).toBeGreaterThanOrEqual(3);
    expect(refusals[0]).toMatchObject({ key: 'rateLimited', retryAfterMs: expect.any(Number) });

    // Bad tokens from one address: refused as such, until the address has tried too often
    // (then mostly refused for that: one comes back every half second).
    const keys: (string | number | undefined)[] = [];
    for (let i = 0; i < 80; i++) {
      const error = await handshake(`${base}/room`, { 'x-forwarded-for': '203.0.113.7' });
      keys.push(error?.key ?? error?.code);
    }
    expect(keys.slice(0, 60).every((k) => k === 203)).toBe(true);
    expect(keys.slice(60).filter((k) => k === 'rateLimited').length).toBeGreaterThanOrEqual(15);
    // Another address is not affected.
    expect((await handshake(`${base}/room`, { 'x-forwarded-for': '203.0.113.8' }))?.code).toBe(203);
  });

  /** A handshake with a bad token; what the refusal's data says. */
  function handshake(
    url: string,
    headers: Record<string, string>,
  ): Promise<{ code?: number; key?: string } | undefined> {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: 'bad-token', conferenceId: meeting.id, deviceId: 'x' },
      reconnection: false,
      forceNew: true,
      extraHeaders: headers,
    });
    return new Promise((resolve) => {
      socket.once('connect', () => {
        socket.close();
        resolve(undefined);
      });
      socket.once('connect_error', (error: Error & { data?: { code?: number; key?: string } }) => {
        socket.close();
        resolve(error.data);
      });
    });
  }
});
