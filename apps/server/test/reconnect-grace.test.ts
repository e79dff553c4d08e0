/**
 * A member whose `/room` socket drops (issue 29): the others are told they are reconnecting, with
 * the server's grace (RECONNECT_GRACE_SECONDS); a member back within it — a new socket, no new
 * join through the API — returns as they were (host role, raised hand), and past it the seat is
 * given up. A host who is gone past the grace hands the role on; the creator takes it back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, listen, type TestApp } from './helper.js';
import {
  about,
  accepted,
  connect,
  createMeeting,
  joinApi,
  registered,
  visitor,
  type Member,
} from './room-members.js';

const GRACE_S = 90;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await build({ JANUS: 'on', RECONNECT_GRACE_SECONDS: String(GRACE_S) });
  base = await listen(t);
});
afterAll(() => t.close());

const status = async (token: string, conferenceId: string, deviceId: string) =>
  (await t.post('/api/conference/getConferenceStatus', { conferenceId, deviceId }, token)).json()
    .payload as { myState: string; hostId: number };

async function enter(token: string, conferenceId: string, deviceId: string, name: string) {
  const member = await connect(base, token, conferenceId, deviceId);
  const joined = await member.request({
    type: 'join',
    displayName: name,
    audioEnabled: false,
    videoEnabled: false,
  });
  if (!joined.ok) throw new Error(joined.error);
  return { member, joined: joined.data };
}

/** Whether the server has this member's room connection on record. */
async function connected(userId: number, conferenceId: string) {
  const conf = await t.app.conferences.byNumber(conferenceId);
  const [row] = await t.app.conferences.membersOfUser(conf!.id, userId);
  return row?.roomConnected;
}

/** The socket goes, and the server has noted it (the grace runs from then). */
async function dropped(m: Member, userId: number, conferenceId: string) {
  m.socket.disconnect();
  await m.closed;
  await expect.poll(() => connected(userId, conferenceId)).toBe(false);
}

/** The host and a signed-in guest in the room, the guest's hand up (the host has seen it). */
async function hostAndGuestWithHandUp() {
  const meeting = await createMeeting(t);
  const guest = await registered(t);
  expect((await joinApi(t, meeting.hostToken, meeting.id, 'h')).json().code).toBe(0);
  expect((await joinApi(t, guest.token, meeting.id, 'g')).json().code).toBe(0);
  const host = await enter(meeting.hostToken, meeting.id, 'h', 'Host');
  const g = await enter(guest.token, meeting.id, 'g', 'Guest');
  await accepted(t, guest.token, meeting.uri, { ext_type: 'hand_up', ext_value: '1' });
  await host.member.waitFor(
    'roomUpdated',
    about((p) => p.userId === guest.userId && p.handUp === 1),
  );
  return { meeting, guest, host, g };
}

describe('the reconnect grace', () => {
  test('others see a dropped member as reconnecting; back within the grace they are as they were, host role and hand included', async () => {
    const { meeting, guest, host, g } = await hostAndGuestWithHandUp();

    // The guest's network goes: the host is told they are reconnecting, and for how long.
    await dropped(g.member, guest.userId, meeting.id);
    const closed = await host.member.waitFor(
      'peerClosed',
      (n) => n.peerId === String(guest.userId),
    );
    expect(closed).toMatchObject({ reconnecting: true, graceMs: GRACE_S * 1000 });

    // The host's too: the guest, back first, still sees them as the host.
    await dropped(host.member, meeting.hostId, meeting.id);
    t.clock.advance((GRACE_S - 10) * 1000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(guest.token, meeting.id, 'g')).myState).toBe('joined');
    const back = await enter(guest.token, meeting.id, 'g', 'Guest');
    expect(back.joined.me).toMatchObject({ handUp: 1, isHost: false });
    expect(back.joined.hostId).toBe(meeting.hostId);
    const hostBack = await enter(meeting.hostToken, meeting.id, 'h', 'Host');
    expect(hostBack.joined.me).toMatchObject({ isHost: true });
    expect(hostBack.joined.peers).toEqual([
      expect.objectContaining({ peerId: String(guest.userId), handUp: 1 }),
    ]);
    await back.member.waitFor('newPeer', (n) => n.peer.peerId === String(meeting.hostId));
    for (const m of [back.member, hostBack.member]) m.socket.disconnect();
  });

  test('a page that says it is closing is seen to leave, not to reconnect; its seat still waits for a reload', async () => {
    const { meeting, guest, host, g } = await hostAndGuestWithHandUp();

    expect(await g.member.request({ type: 'pageClosing' })).toEqual({ ok: true, data: {} });
    await dropped(g.member, guest.userId, meeting.id);
    const closed = await host.member.waitFor(
      'peerClosed',
      (n) => n.peerId === String(guest.userId),
    );
    expect(closed.reconnecting).toBeUndefined();

    // The reload comes back within the grace: as they were, and the host sees them come.
    t.clock.advance(5000);
    await t.app.conferenceService.sweepSeats();
    const back = await enter(guest.token, meeting.id, 'g', 'Guest');
    expect(back.joined.me).toMatchObject({ handUp: 1 });
    await host.member.waitFor('newPeer', (n) => n.peer.peerId === String(guest.userId));
    for (const m of [back.member, host.member]) m.socket.disconnect();
  });

  test('past the grace the seat is given up', async () => {
    const meeting = await createMeeting(t);
    const guest = await registered(t);
    expect((await joinApi(t, meeting.hostToken, meeting.id, 'h')).json().code).toBe(0);
    expect((await joinApi(t, guest.token, meeting.id, 'g')).json().code).toBe(0);
    const host = await enter(meeting.hostToken, meeting.id, 'h', 'Host');
    const g = await enter(guest.token, meeting.id, 'g', 'Guest');
    await dropped(g.member, guest.userId, meeting.id);
    t.clock.advance((GRACE_S - 1) * 1000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(guest.token, meeting.id, 'g')).myState).toBe('joined');
    t.clock.advance(2000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(guest.token, meeting.id, 'g')).myState).toBe('left');
    await expect(connect(base, guest.token, meeting.id, 'g')).rejects.toThrow(
      /join the meeting first/,
    );
    host.member.socket.disconnect();
  });
});

describe('a host who is gone', () => {
  const hostOf = async (conferenceId: string) =>
    (await t.post('/api/conference/conferenceInfo', { conferenceId })).json().payload
      .hostId as number;

  test('a host who left: the role passes after the grace to the longest-present signed-in member, and the creator takes it back on returning', async () => {
    const meeting = await createMeeting(t);
    const early = await visitor(t);
    const alice = await registered(t);
    const late = await registered(t);
    for (const [who, device] of [
      [meeting.hostToken, 'h'],
      [early.token, 'v'],
      [alice.token, 'a'],
      [late.token, 'l'],
    ] as const)
      expect((await joinApi(t, who, meeting.id, device)).json().code).toBe(0);
    const host = await enter(meeting.hostToken, meeting.id, 'h', 'Host');
    const v = await enter(early.token, meeting.id, 'v', 'Visitor');
    const a = await enter(alice.token, meeting.id, 'a', 'Alice');
    const l = await enter(late.token, meeting.id, 'l', 'Late');

    expect(await host.member.request({ type: 'leave' })).toMatchObject({ ok: true });
    await a.member.waitFor('roomUpdated', (n) => n.host?.hostId === 0);
    t.clock.advance((GRACE_S - 1) * 1000);
    await t.app.conferenceService.sweepSeats();
    expect(await hostOf(meeting.id)).toBe(0);
    t.clock.advance(2000);
    await t.app.conferenceService.sweepSeats();
    // Alice: signed in, before Late; the visitor was there first but cannot be the host.
    expect(await hostOf(meeting.id)).toBe(alice.userId);
    for (const m of [v.member, a.member, l.member])
      await m.waitFor('roomUpdated', (n) => n.host?.hostId === alice.userId);

    // The creator comes back and is the host again.
    expect((await joinApi(t, meeting.hostToken, meeting.id, 'h')).json().code).toBe(0);
    const back = await enter(meeting.hostToken, meeting.id, 'h', 'Host');
    expect(back.joined.me).toMatchObject({ isHost: true });
    expect(await hostOf(meeting.id)).toBe(meeting.hostId);
    await a.member.waitFor('roomUpdated', (n) => n.host?.hostId === meeting.hostId);
    for (const m of [back.member, v.member, a.member, l.member]) m.socket.disconnect();
  });

  test('a host whose connection dropped and did not come back: the role passes when the seat goes', async () => {
    const meeting = await createMeeting(t);
    const alice = await registered(t);
    for (const [who, device] of [
      [meeting.hostToken, 'h'],
      [alice.token, 'a'],
    ] as const)
      expect((await joinApi(t, who, meeting.id, device)).json().code).toBe(0);
    const host = await enter(meeting.hostToken, meeting.id, 'h', 'Host');
    const a = await enter(alice.token, meeting.id, 'a', 'Alice');
    await dropped(host.member, meeting.hostId, meeting.id);
    expect(await hostOf(meeting.id)).toBe(meeting.hostId);
    t.clock.advance((GRACE_S + 1) * 1000);
    await t.app.conferenceService.sweepSeats();
    expect(await hostOf(meeting.id)).toBe(alice.userId);
    await a.member.waitFor('roomUpdated', (n) => n.host?.hostId === alice.userId);
    a.member.socket.disconnect();
  });
});
