/**
 * The `/room` namespace with a real Janus: who may connect, the peers list, newcomers and
 * leavers, the host cleared when the host leaves, a second device taking over, and the 26th
 * member refused (3004).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RoomRequest } from '@meet/shared';
import { build, listen, type TestApp } from './helper.js';
import {
  connect as connectTo,
  createMeeting as newMeeting,
  joinApi,
  visitor as newVisitor,
} from './room-members.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await build({ JANUS: 'on' });
  base = await listen(t);
});
afterAll(() => t.close());

const visitor = () => newVisitor(t);
const join = (token: string, conferenceId: string, deviceId: string) =>
  joinApi(t, token, conferenceId, deviceId);
const connect = (token: string, conferenceId: string, deviceId: string) =>
  connectTo(base, token, conferenceId, deviceId);
const createMeeting = () => newMeeting(t);

describe('/room namespace', () => {
  test('a socket without a join through the API is refused', async () => {
    const { id } = await createMeeting();
    const { token } = await visitor();
    await expect(connect(token, id, 'dev')).rejects.toThrow(/join the meeting first/);
    await expect(connect('bad-token', id, 'dev')).rejects.toThrow(/authentication failed/);
  });

  test('members get the peers list, see newcomers, and see a leaver go; the host leaving clears the host', async () => {
    const { id, hostToken, hostId } = await createMeeting();
    await join(hostToken, id, 'host-dev');
    const host = await connect(hostToken, id, 'host-dev');
    const first = await host.request({
      type: 'join',
      displayName: 'Host',
      audioEnabled: true,
      videoEnabled: true,
    });
    expect(first).toMatchObject({
      ok: true,
      data: { peers: [], me: { isHost: true, peerId: String(hostId) } },
    });

    const guest = await visitor();
    await join(guest.token, id, 'guest-dev');
    const member = await connect(guest.token, id, 'guest-dev');
    const second = await member.request({
      type: 'join',
      displayName: 'Guest',
      audioEnabled: false,
      videoEnabled: false,
    });
    expect(second.ok && second.data.peers.map((p) => p.peerId)).toEqual([String(hostId)]);
    await host.waitFor('newPeer', (n) => n.type === 'newPeer' && n.peer.displayName === 'Guest');

    expect(await host.request({ type: 'leave' })).toMatchObject({ ok: true });
    await member.waitFor(
      'peerClosed',
      (n) => n.type === 'peerClosed' && n.peerId === String(hostId),
    );
    await member.waitFor('roomUpdated', (n) => n.type === 'roomUpdated' && n.host?.hostId === 0);
    const info = (await t.post('/api/conference/conferenceInfo', { conferenceId: id })).json()
      .payload;
    expect(info).toMatchObject({ hostId: 0, hostName: '' });
  });

  test('a second device of the same user takes over and the first is told', async () => {
    const { id, hostToken } = await createMeeting();
    await join(hostToken, id, 'laptop');
    const laptop = await connect(hostToken, id, 'laptop');
    await laptop.request({
      type: 'join',
      displayName: 'H',
      audioEnabled: false,
      videoEnabled: false,
    });
    await join(hostToken, id, 'desktop');
    await laptop.waitFor('replaced');
  });

  test('invalid requests are refused with a message, never crash the room', async () => {
    const { id, hostToken } = await createMeeting();
    await join(hostToken, id, 'd');
    const host = await connect(hostToken, id, 'd');
    const bad = await host.request({ type: 'publish', source: 'camera' } as unknown as RoomRequest);
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/invalid request/) });
    // A name others would see reversed or broken is refused (as through the API).
    for (const displayName of ['\u202Egnp.exe', 'Ann\rSpoof', 'Bo\u0085'])
      expect(
        await host.request({ type: 'join', displayName, audioEnabled: false, videoEnabled: false }),
      ).toMatchObject({ ok: false, error: expect.stringMatching(/invalid request/) });
    const early = await host.request({ type: 'subscribe', streams: [{ feed: 1 }] });
    expect(early).toMatchObject({
      ok: false,
      error: 'You are not in the meeting room',
      key: 'notInRoom',
    });
    expect(
      await host.request({
        type: 'join',
        displayName: 'H',
        audioEnabled: false,
        videoEnabled: false,
      }),
    ).toMatchObject({ ok: true });
  });

  test('25 members fit besides the host; the 26th is refused with 3004', async () => {
    const { id, hostToken } = await createMeeting();
    await join(hostToken, id, 'h');
    const members = [await connect(hostToken, id, 'h')];
    await members[0]!.request({
      type: 'join',
      displayName: 'H',
      audioEnabled: false,
      videoEnabled: false,
    });
    for (let i = 1; i <= 25; i++) {
      const v = await visitor();
      expect((await join(v.token, id, `d${i}`)).json().code).toBe(0);
      const m = await connect(v.token, id, `d${i}`);
      expect(
        await m.request({
          type: 'join',
          displayName: `M${i}`,
          audioEnabled: false,
          videoEnabled: false,
        }),
      ).toMatchObject({ ok: true });
      members.push(m);
    }
    expect(t.app.rooms!.room(id)!.peers.size).toBe(26);
    const late = await visitor();
    const res = await join(late.token, id, 'late');
    expect(res.json()).toMatchObject({ code: 3004, msg: 'Reach to the maximum participants' });
  });
});
