import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RoomAck, RoomNotification, RoomRequest } from '@meet/shared';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await build({ JANUS: 'on' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function visitor(uuid: string): Promise<{ token: string; userId: number }> {
  const res = await t.post('/api/user/visitorLogin', { uuid, visitors: true });
  return { token: res.json().payload.token, userId: res.json().payload.userInfo.userId };
}

const join = (token: string, conferenceId: string, deviceId: string) =>
  t.post(
    '/api/conference/joinConference',
    { conferenceId, deviceId, userConferenceName: 'M' },
    token,
    {
      remoteAddress: randomIp(),
    },
  );

interface Member {
  socket: Socket;
  notes: RoomNotification[];
  request<T = unknown>(r: RoomRequest): Promise<RoomAck & { data?: T }>;
  waitFor(
    type: RoomNotification['type'],
    match?: (n: RoomNotification) => boolean,
  ): Promise<RoomNotification>;
}

function connect(token: string, conferenceId: string, deviceId: string): Promise<Member> {
  const socket = io(`${base}/room`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token, conferenceId, deviceId },
    reconnection: false,
  });
  sockets.push(socket);
  const notes: RoomNotification[] = [];
  const waiters: (() => void)[] = [];
  socket.on('notification', (n: RoomNotification) => {
    notes.push(n);
    waiters.splice(0).forEach((w) => w());
  });
  const member: Member = {
    socket,
    notes,
    request: (r) => new Promise((resolve) => socket.emit('request', r, resolve)),
    waitFor: (type, match = () => true) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} notification`)), 5000);
        const check = () => {
          const found = notes.find((n) => n.type === type && match(n));
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(member));
    socket.once('connect_error', (error) => reject(error));
  });
}

async function createMeeting(): Promise<{ id: string; hostToken: string; hostId: number }> {
  const hostToken = await registerUser(
    t,
    `host-${Math.random().toString(36).slice(2)}@example.com`,
  );
  const id = (await t.post('/api/conference/createConference', { topic: 'Room' }, hostToken)).json()
    .payload.conferenceId;
  const hostId = (await t.post('/api/user/getUserInfo', {}, hostToken)).json().payload.userId;
  return { id, hostToken, hostId };
}

describe('/room namespace', () => {
  test('a socket without a join through the API is refused', async () => {
    const { id } = await createMeeting();
    const { token } = await visitor('room-nojoin-0001');
    await expect(connect(token, id, 'dev')).rejects.toThrow(/join the meeting first/);
    await expect(connect('bad-token', id, 'dev')).rejects.toThrow(/authentication failed/);
  });

  test('members get the peers list, see newcomers, and see a leaver go; the host leaving clears the host', async () => {
    const { id, hostToken, hostId } = await createMeeting();
    await join(hostToken, id, 'host-dev');
    const host = await connect(hostToken, id, 'host-dev');
    const first = await host.request<{ peers: unknown[]; me: { isHost: boolean } }>({
      type: 'join',
      displayName: 'Host',
      audioEnabled: true,
      videoEnabled: true,
    });
    expect(first).toMatchObject({
      ok: true,
      data: { peers: [], me: { isHost: true, peerId: String(hostId) } },
    });

    const guest = await visitor('room-guest-0001');
    await join(guest.token, id, 'guest-dev');
    const member = await connect(guest.token, id, 'guest-dev');
    const second = await member.request<{ peers: { peerId: string }[] }>({
      type: 'join',
      displayName: 'Guest',
      audioEnabled: false,
      videoEnabled: false,
    });
    expect(second.data?.peers.map((p) => p.peerId)).toEqual([String(hostId)]);
    await host.waitFor('newPeer', (n) => n.type === 'newPeer' && n.peer.displayName === 'Guest');

    expect(await host.request({ type: 'leave' })).toMatchObject({ ok: true });
    await member.waitFor(
      'peerClosed',
      (n) => n.type === 'peerClosed' && n.peerId === String(hostId),
    );
    await member.waitFor('hostChanged', (n) => n.type === 'hostChanged' && n.hostId === 0);
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
    const early = await host.request({ type: 'subscribe', streams: [{ feed: 1 }] });
    expect(early).toMatchObject({ ok: false, error: 'not in the room' });
    expect(
      await host.request({
        type: 'join',
        displayName: 'H',
        audioEnabled: false,
        videoEnabled: false,
      }),
    ).toMatchObject({ ok: true });
  });

  test('25 members fit; the 26th is refused with 3004', async () => {
    const { id, hostToken } = await createMeeting();
    await join(hostToken, id, 'h');
    const members = [await connect(hostToken, id, 'h')];
    await members[0]!.request({
      type: 'join',
      displayName: 'H',
      audioEnabled: false,
      videoEnabled: false,
    });
    for (let i = 1; i < 25; i++) {
      const v = await visitor(`crowd-room-${id}-${i}`);
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
    expect(t.app.services.rooms!.room(id)!.peers.size).toBe(25);
    const late = await visitor(`crowd-room-${id}-late`);
    const res = await join(late.token, id, 'late');
    expect(res.json()).toMatchObject({ code: 3004, msg: 'Reach to the maximum participants' });
  });
});
