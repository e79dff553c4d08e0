/**
 * Breakout rooms over the `/room` socket with a real Janus: the host plans rooms and opens them,
 * members are moved into rooms with their own media server room and chat and do not see each
 * other, the host broadcasts, moves people and answers calls for help, and the timer and the
 * countdown bring everyone back. Only the host may run them; the plan is stored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { BREAKOUT_COUNTDOWN_SECONDS, BREAKOUT_MAX_ROOMS } from '@meet/shared';
import { BreakoutsRepository } from '../src/conferences/breakouts-repository.js';
import { build, type TestApp } from './helper.js';
import {
  connect,
  enter,
  fakeOffer,
  listen,
  registered,
  withMembers,
  type Member,
} from './room-members.js';

let t: TestApp;
let base: string;
const open: Member[] = [];

beforeAll(async () => {
  t = await build({ JANUS: 'on' });
  base = await listen(t);
});
afterEach(() => {
  for (const m of open.splice(0)) m.socket.disconnect();
});
afterAll(() => t.close());

const settle = () => new Promise((r) => setTimeout(r, 300));

/** Host, Alice and Bob inside; Alice planned for room 1, Bob for room 2, then opened. */
async function opened(minutes = 0) {
  const m = await withMembers(t, base, open);
  const setup = await m.host.request({
    type: 'breakoutSetup',
    rooms: ['Red', 'Blue'],
    assignments: [
      { userId: m.alice.userId, room: 1 },
      { userId: m.bob.userId, room: 2 },
    ],
  });
  expect(setup.ok).toBe(true);
  const ack = await m.host.request({ type: 'breakoutOpen', minutes });
  expect(ack).toMatchObject({ ok: true, data: { breakout: { status: 'open', myRoom: 0 } } });
  await m.a.waitFor('breakoutMoved');
  await m.b.waitFor('breakoutMoved');
  return m;
}

describe('planning', () => {
  test('only the host plans; the host sees everyone and the plan', async () => {
    const { host, a, alice, bob } = await withMembers(t, base, open);
    const refused = await a.request({ type: 'breakoutSetup', rooms: ['X'], assignments: [] });
    expect(refused).toMatchObject({ ok: false, key: 'hostOnly' });
    const ack = await host.request({
      type: 'breakoutSetup',
      rooms: [' Red ', 'Blue'],
      assignments: [
        { userId: alice.userId, room: 2 },
        { userId: bob.userId, room: 9 },
      ],
    });
    if (!ack.ok) throw new Error(ack.error);
    expect(ack.data.breakout).toMatchObject({ status: 'idle', rooms: ['Red', 'Blue'], myRoom: 0 });
    const places = Object.fromEntries(ack.data.breakout.members.map((m) => [m.userId, m.room]));
    // A room that does not exist leaves the member in the main room.
    expect(places).toMatchObject({ [alice.userId]: 2, [bob.userId]: 0 });
    // Nobody moved: planning is not opening.
    await settle();
    expect(a.notes.some((n) => n.type === 'breakoutMoved')).toBe(false);
  });

  test('bad plans are refused by the schema', async () => {
    const { host } = await withMembers(t, base, open);
    for (const rooms of [[], Array(BREAKOUT_MAX_ROOMS + 1).fill('R'), [''], ['x'.repeat(31)]]) {
      expect(await host.request({ type: 'breakoutSetup', rooms, assignments: [] })).toMatchObject({
        ok: false,
      });
    }
    expect(await host.request({ type: 'breakoutOpen', minutes: -1 } as never)).toMatchObject({
      ok: false,
    });
  });

  test('opening needs rooms', async () => {
    const { host } = await withMembers(t, base, open);
    expect(await host.request({ type: 'breakoutOpen', minutes: 0 })).toMatchObject({
      ok: false,
      key: 'breakoutNone',
    });
  });
});

describe('open rooms', () => {
  test('members go to their rooms, each with its own media server room; nobody sees the others', async () => {
    const { meeting, host, a, b, alice, bob, peerOf } = await opened();
    const movedA = await a.waitFor('breakoutMoved');
    expect(movedA).toMatchObject({ room: 1, peers: [], messages: [] });
    expect((await b.waitFor('breakoutMoved')).room).toBe(2);
    // The host saw both leave the main room.
    await host.waitFor('peerClosed', (n) => n.peerId === String(alice.userId));
    await host.waitFor('peerClosed', (n) => n.peerId === String(bob.userId));
    const room = t.app.rooms!.room(meeting.id)!;
    expect(room.list(0).map((p) => p.userId)).toEqual([meeting.hostId]);
    const janusRooms = new Set([0, 1, 2].map((g) => room.janusRoomOf(g)));
    expect(janusRooms.size).toBe(3);
    expect(peerOf(alice.userId).group).toBe(1);
    // Each member knows their room.
    const stateA = await a.waitFor('breakoutState', (n) => n.breakout.status === 'open');
    expect(stateA.breakout).toMatchObject({ myRoom: 1, rooms: ['Red', 'Blue'], members: [] });

    // Chat stays in its room, and so do reactions.
    const sent = await a.request({ type: 'sendMessage', content: 'red only' });
    expect(sent.ok).toBe(true);
    await a.waitFor('messageReceived');
    await a.request({ type: 'sendReaction', emoji: '🎉' });
    await settle();
    for (const other of [host, b]) {
      expect(other.notes.some((n) => n.type === 'messageReceived')).toBe(false);
      expect(other.notes.some((n) => n.type === 'reaction')).toBe(false);
    }
    const history = await b.request({ type: 'chatHistory' });
    expect(history).toEqual({ ok: true, data: { messages: [] } });

    // A feed of Alice's (published in room 1's media server room) cannot be taken from outside.
    const pub = await a.request({
      type: 'publish',
      source: 'camera',
      jsep: fakeOffer(),
      audio: true,
      video: true,
    });
    if (!pub.ok) throw new Error(pub.error);
    peerOf(alice.userId).setFeed('camera', pub.data.feedId, { audio: '0', video: '1' });
    const sub = await host.request({ type: 'subscribe', streams: [{ feed: pub.data.feedId }] });
    expect(sub).toEqual({ ok: true, data: { jsep: null, streams: [] } });
  });

  test('someone joining later goes straight to the room planned for them', async () => {
    const { meeting, host, a } = await opened();
    const carol = await registered(t);
    await host.request({ type: 'breakoutMove', userId: carol.userId, room: 1 });
    const { member, joined } = await enter(t, base, carol, meeting.id, 'Carol');
    open.push(member);
    expect(joined.breakout.myRoom).toBe(1);
    expect(joined.peers.map((p) => p.displayName)).toEqual(['Alice']);
    await a.waitFor('newPeer', (n) => n.peer.userId === carol.userId);
    await settle();
    expect(host.notes.some((n) => n.type === 'newPeer' && n.peer.userId === carol.userId)).toBe(
      false,
    );
  });

  test('a member who reconnects comes back to their breakout room', async () => {
    const { meeting, a, alice } = await opened();
    a.socket.disconnect();
    await settle();
    const again = await connect(base, alice.token, meeting.id);
    open.push(again);
    const ack = await again.request({
      type: 'join',
      displayName: 'Alice',
      audioEnabled: false,
      videoEnabled: false,
    });
    if (!ack.ok) throw new Error(ack.error);
    expect(ack.data.breakout.myRoom).toBe(1);
  });

  test('the plan is stored', async () => {
    const { meeting } = await opened(5);
    const row = (await t.app.conferences.byNumber(meeting.id))!;
    const stored = await new BreakoutsRepository(t.database.db).of(row.id);
    expect(stored).toMatchObject({ status: 'open', rooms: ['Red', 'Blue'] });
    expect(stored.endsAt).toBe(t.clock.now() + 5 * 60_000);
  });
});

describe('the host in open rooms', () => {
  test('a broadcast reaches every room; only the host may send one', async () => {
    const { host, a, b } = await opened();
    expect(await a.request({ type: 'breakoutBroadcast', text: 'hi' })).toMatchObject({
      ok: false,
      key: 'hostOnly',
    });
    expect(await host.request({ type: 'breakoutBroadcast', text: ' Two minutes left ' })).toEqual({
      ok: true,
      data: {},
    });
    for (const m of [host, a, b]) {
      expect(await m.waitFor('breakoutBroadcast')).toEqual({
        type: 'breakoutBroadcast',
        text: 'Two minutes left',
        from: 'Host',
      });
    }
  });

  test('a call for help reaches the host, who joins the room and is seen there', async () => {
    const { meeting, host, a, alice } = await opened();
    expect(await host.request({ type: 'breakoutHelp' })).toMatchObject({
      ok: false,
      key: 'breakoutClosed',
    });
    expect(await a.request({ type: 'breakoutHelp' })).toEqual({ ok: true, data: {} });
    expect(await host.waitFor('breakoutHelp')).toMatchObject({
      userId: alice.userId,
      displayName: 'Alice',
      room: 1,
    });
    const flagged = await host.waitFor('breakoutState', (n) =>
      n.breakout.members.some((m) => m.askedForHelp),
    );
    expect(flagged.breakout.members.find((m) => m.userId === alice.userId)?.askedForHelp).toBe(
      true,
    );
    const moved = await host.request({ type: 'breakoutMove', userId: meeting.hostId, room: 1 });
    if (!moved.ok) throw new Error(moved.error);
    expect(moved.data.breakout.members.find((m) => m.userId === alice.userId)?.askedForHelp).toBe(
      false,
    );
    const hostMoved = await host.waitFor('breakoutMoved');
    expect(hostMoved.peers.map((p) => p.displayName)).toEqual(['Alice']);
    await a.waitFor('newPeer', (n) => n.peer.displayName === 'Host');
  });

  test('the host moves a member between rooms; a member may only go back to the main room', async () => {
    const { host, a, b, alice, bob } = await opened();
    expect(await b.request({ type: 'breakoutMove', userId: alice.userId, room: 0 })).toMatchObject({
      ok: false,
      key: 'hostOnly',
    });
    expect(await b.request({ type: 'breakoutMove', userId: bob.userId, room: 1 })).toMatchObject({
      ok: false,
      key: 'hostOnly',
    });
    expect(await host.request({ type: 'breakoutMove', userId: bob.userId, room: 3 })).toMatchObject(
      { ok: false, key: 'breakoutNone' },
    );
    expect(await host.request({ type: 'breakoutMove', userId: bob.userId, room: 1 })).toMatchObject(
      { ok: true },
    );
    const toRed = await b.waitFor('breakoutMoved', (n) => n.room === 1);
    expect(toRed.peers.map((p) => p.displayName)).toEqual(['Alice']);
    await a.waitFor('newPeer', (n) => n.peer.userId === bob.userId);
    expect(await b.request({ type: 'breakoutMove', userId: bob.userId, room: 0 })).toMatchObject({
      ok: true,
    });
    const back = await b.waitFor('breakoutMoved', (n) => n.room === 0);
    expect(back.peers.map((p) => p.displayName)).toEqual(['Host']);
    await a.waitFor('peerClosed', (n) => n.peerId === String(bob.userId));
  });
});

describe('closing', () => {
  test('the timer starts the countdown, and the countdown brings everyone back', async () => {
    const { host, a, b } = await opened(1);
    const rooms = t.app.rooms!;
    t.clock.advance(59_000);
    await rooms.tickBreakouts();
    await settle();
    expect(a.notes.some((n) => n.type === 'breakoutState' && n.breakout.status === 'closing')).toBe(
      false,
    );
    t.clock.advance(1_000);
    await rooms.tickBreakouts();
    const closing = await a.waitFor('breakoutState', (n) => n.breakout.status === 'closing');
    expect(closing.breakout.closesInMs).toBe(BREAKOUT_COUNTDOWN_SECONDS * 1000);
    // Still in their rooms during the countdown.
    t.clock.advance(BREAKOUT_COUNTDOWN_SECONDS * 1000 - 1);
    await rooms.tickBreakouts();
    await settle();
    expect(a.notes.some((n) => n.type === 'breakoutMoved' && n.room === 0)).toBe(false);
    t.clock.advance(1);
    await rooms.tickBreakouts();
    for (const m of [a, b]) {
      const back = await m.waitFor('breakoutMoved', (n) => n.room === 0);
      expect(back.peers.map((p) => p.displayName).sort()).toContain('Host');
      await m.waitFor(
        'breakoutState',
        (n) => n.breakout.status === 'idle' && n.breakout.myRoom === 0,
      );
    }
    await host.waitFor('newPeer', (n) => n.peer.displayName === 'Alice');
    await host.waitFor('newPeer', (n) => n.peer.displayName === 'Bob');
  });

  test('the host closes the rooms: a 60 s countdown, then everyone is back', async () => {
    const { host, a } = await opened();
    expect(await a.request({ type: 'breakoutClose' })).toMatchObject({
      ok: false,
      key: 'hostOnly',
    });
    const ack = await host.request({ type: 'breakoutClose' });
    expect(ack).toMatchObject({ ok: true, data: { breakout: { status: 'closing' } } });
    t.clock.advance(BREAKOUT_COUNTDOWN_SECONDS * 1000);
    await t.app.rooms!.tickBreakouts();
    await a.waitFor('breakoutMoved', (n) => n.room === 0);
    // Planned again for another round: the rooms and places are kept.
    const state = await host.waitFor('breakoutState', (n) => n.breakout.status === 'idle');
    expect(state.breakout.rooms).toEqual(['Red', 'Blue']);
  });
});
