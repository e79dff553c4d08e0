/**
 * A member whose `/room` socket drops (issue 29): the others are told they are reconnecting, with
 * the server's grace (RECONNECT_GRACE_SECONDS); a member back within it — a new socket, no new
 * join through the API — returns as they were (host role, raised hand), and past it the seat is
 * given up.
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
  const conf = await t.app.services.conferences.byNumber(conferenceId);
  const [row] = await t.app.services.conferences.membersOfUser(conf!.id, userId);
  return row?.roomConnected;
}

/** The socket goes, and the server has noted it (the grace runs from then). */
async function dropped(m: Member, userId: number, conferenceId: string) {
  m.socket.disconnect();
  await m.closed;
  await expect.poll(() => connected(userId, conferenceId)).toBe(false);
}

describe('the reconnect grace', () => {
  test('others see a dropped member as reconnecting; back within the grace they are as they were, host role and hand included', async () => {
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
    await t.app.services.conferenceService.sweepSeats();
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

  test('past the grace the seat is given up', async () => {
    const meeting = await createMeeting(t);
    const guest = await registered(t);
    expect((await joinApi(t, meeting.hostToken, meeting.id, 'h')).json().code).toBe(0);
    expect((await joinApi(t, guest.token, meeting.id, 'g')).json().code).toBe(0);
    const host = await enter(meeting.hostToken, meeting.id, 'h', 'Host');
    const g = await enter(guest.token, meeting.id, 'g', 'Guest');
    await dropped(g.member, guest.userId, meeting.id);
    t.clock.advance((GRACE_S - 1) * 1000);
    await t.app.services.conferenceService.sweepSeats();
    expect((await status(guest.token, meeting.id, 'g')).myState).toBe('joined');
    t.clock.advance(2000);
    await t.app.services.conferenceService.sweepSeats();
    expect((await status(guest.token, meeting.id, 'g')).myState).toBe('left');
    await expect(connect(base, guest.token, meeting.id, 'g')).rejects.toThrow(
      /join the meeting first/,
    );
    host.member.socket.disconnect();
  });
});
