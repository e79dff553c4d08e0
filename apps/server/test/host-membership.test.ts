/**
 * Host controls over who is in a live meeting: lock, kick, end, host transfer and reclaim, and
 * the waiting list reaching hosts, seen through the API and the members' `/room` sockets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import {
  about,
  accepted,
  command,
  connect,
  info,
  joinApi,
  listen,
  visitor,
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

const meetingWithMembers = () => withMembers(t, base, open);
const set = (token: string, uri: string, ext: Record<string, unknown>) =>
  accepted(t, token, uri, ext);

describe('lock_room, kick_member, conf_dismiss', () => {
  test('a locked meeting answers 3000 to a new joiner; unlocked, they get in', async () => {
    const { meeting, a } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, { ext_type: 'lock_room', ext_value: '1' });
    expect((await info(t, meeting.id)).lockRoom).toBe(1);
    await a.waitFor('roomUpdated', (n) => n.properties?.lockRoom === true);
    const late = await visitor(t);
    expect((await joinApi(t, late.token, meeting.id)).json().code).toBe(3000);
    await set(meeting.hostToken, meeting.uri, { ext_type: 'lock_room', ext_value: '0' });
    await a.waitFor('roomUpdated', (n) => n.properties?.lockRoom === false);
    expect((await joinApi(t, late.token, meeting.id)).json().code).toBe(0);
  });

  test('a kicked member is told, dropped from the room and cannot rejoin (3017)', async () => {
    const { meeting, alice, a, host } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'kick_member',
      code_list: String(alice.userId),
    });
    await a.waitFor('roomClosed', (n) => n.reason === 'kicked');
    await a.closed;
    await host.waitFor('peerClosed', (n) => n.peerId === String(alice.userId));
    expect(t.app.rooms!.room(meeting.id)!.peers.has(String(alice.userId))).toBe(false);
    expect((await joinApi(t, alice.token, meeting.id)).json().code).toBe(3017);
    expect((await info(t, meeting.id)).num).toBe(2);
  });

  test('a member whose socket is connected but not joined yet is dropped by a kick too', async () => {
    const { meeting, host } = await meetingWithMembers();
    const dave = await visitor(t);
    expect((await joinApi(t, dave.token, meeting.id)).json().code).toBe(0);
    const d = await connect(base, dave.token, meeting.id);
    open.push(d);
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'kick_member',
      code_list: String(dave.userId),
    });
    await d.waitFor('roomClosed', (n) => n.reason === 'kicked');
    await d.closed;
    expect(t.app.rooms!.room(meeting.id)!.lobby.size).toBe(0);
    expect(host.notes.some((n) => n.type === 'newPeer' && n.peer.userId === dave.userId)).toBe(
      false,
    );
  });

  test('ending the meeting closes it for everyone; later joiners get 3008', async () => {
    const { meeting, alice, a, b, host } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, { ext_type: 'conf_dismiss' });
    for (const m of [host, a, b]) {
      await m.waitFor('roomClosed', (n) => n.reason === 'ended');
      await m.closed;
    }
    expect(t.app.rooms!.room(meeting.id)).toBeUndefined();
    expect((await info(t, meeting.id)).status).toBe(3);
    expect((await joinApi(t, alice.token, meeting.id)).json().code).toBe(3008);
  });
});

describe('change_host', () => {
  test('after a transfer the old host’s mute-all is refused and the new host’s works; the creator reclaims', async () => {
    const { meeting, alice, a, host, b } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'change_host',
      new_host_code: String(alice.userId),
    });
    await b.waitFor(
      'roomUpdated',
      (n) => n.host?.hostId === alice.userId && n.host.hostName === 'Alice',
    );
    await a.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.isHost),
    );
    await a.waitFor('waitingList');
    expect((await info(t, meeting.id)).hostId).toBe(alice.userId);

    const old = await command(t, meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '1',
      scope: 'all',
    });
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: -1, msg: 'Only the host can do this' });
    expect((await info(t, meeting.id)).confMute).toBe(0);

    await set(alice.token, meeting.uri, { ext_type: 'conf_mute', ext_value: '1', scope: 'all' });
    await host.waitFor('roomUpdated', (n) => n.actions.includes('muteAudio'));
    expect(a.notes.some((n) => n.type === 'roomUpdated' && n.actions.length > 0)).toBe(false);

    const reclaim = await t.post(
      '/api/conference/changeHost',
      { conferenceUri: meeting.uri, newHostCode: String(meeting.hostId) },
      meeting.hostToken,
    );
    expect(reclaim.json()).toMatchObject({ code: 0 });
    await b.waitFor('roomUpdated', (n) => n.host?.hostId === meeting.hostId);
    expect((await info(t, meeting.id)).hostId).toBe(meeting.hostId);
  });
});

describe('waiting list', () => {
  test('hosts get the list when they join and whenever it changes; members never do', async () => {
    const { meeting, host, a } = await meetingWithMembers();
    await host.waitFor('waitingList', (n) => n.entries.length === 0);
    const row = await t.app.conferenceService.get(meeting.id);
    await t.app.conferenceService.setProperties(row, { waitingRoom: true });
    await a.waitFor('roomUpdated', (n) => n.properties?.waitingRoom === true);

    const knocking = await visitor(t);
    expect((await joinApi(t, knocking.token, meeting.id)).json().code).toBe(3018);
    const list = await host.waitFor('waitingList', (n) => n.entries.length === 1);
    expect(list.entries[0]).toMatchObject({
      userId: knocking.userId,
      status: 2,
      userConferenceName: 'M',
    });
    expect(a.notes.some((n) => n.type === 'waitingList')).toBe(false);
  });
});
