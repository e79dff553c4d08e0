/**
 * Test helpers for meetings with people in them: meetings made through the API, members who
 * join through the API and then the `/room` socket, and host commands sent as a client would.
 */
import { io, type Socket } from 'socket.io-client';
import type { PeerInfo, RoomAck, RoomNotification, RoomRequest, RoomResponses } from '@meet/shared';
import { expect } from 'vitest';
import { randomIp, registerUser, type TestApp } from './helper.js';
import type { Peer } from '../src/realtime/peer.js';

export interface Meeting {
  id: string;
  uri: string;
  hostToken: string;
  hostId: number;
}

export interface Account {
  token: string;
  userId: number;
}

let serial = 0;
const unique = (prefix: string) =>
  `${prefix}-${process.pid}-${++serial}-${Math.random().toString(36).slice(2, 8)}`;

export async function visitor(t: TestApp): Promise<Account> {
  const res = await t.post('/api/user/visitorLogin', { uuid: unique('v'), visitors: true });
  return { token: res.json().payload.token, userId: res.json().payload.userInfo.userId };
}

export async function registered(t: TestApp): Promise<Account> {
  const token = await registerUser(t, `${unique('u')}@example.com`);
  const userId = (await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId;
  return { token, userId };
}

export async function createMeeting(t: TestApp, host?: Account): Promise<Meeting> {
  const owner = host ?? (await registered(t));
  const info = (
    await t.post('/api/conference/createConference', { topic: 'Room' }, owner.token)
  ).json().payload;
  return {
    id: info.conferenceId,
    uri: info.conferenceUri,
    hostToken: owner.token,
    hostId: owner.userId,
  };
}

export const joinApi = (t: TestApp, token: string, conferenceId: string, deviceId = 'dev') =>
  t.post(
    '/api/conference/joinConference',
    { conferenceId, deviceId, userConferenceName: 'M' },
    token,
    { remoteAddress: randomIp() },
  );

/**
 * A new meeting with its host and the given new accounts joined through the API (each on a
 * device of its own), in that order.
 */
export async function joinedMeeting<const K extends readonly ('visitor' | 'registered')[]>(
  t: TestApp,
  kinds: K,
): Promise<{ meeting: Meeting; members: { [I in keyof K]: Account } }> {
  const meeting = await createMeeting(t);
  const members: Account[] = [];
  for (const kind of kinds) members.push(await (kind === 'visitor' ? visitor : registered)(t));
  const tokens = [meeting.hostToken, ...members.map((m) => m.token)];
  for (const [i, token] of tokens.entries()) {
    const code = (await joinApi(t, token, meeting.id, `device-${i}`)).json().code;
    if (code !== 0) throw new Error(`join ${i} refused with code ${code}`);
  }
  return { meeting, members: members as { [I in keyof K]: Account } };
}

/** `conference/set` as the web sends it: setContent is a JSON string. */
export const command = (t: TestApp, token: string, uri: string, ext: Record<string, unknown>) =>
  t.post(
    '/api/conference/set',
    { conferenceUri: uri, setContent: JSON.stringify({ room: uri, ext }) },
    token,
  );

/** A command the server must accept. */
export const accepted = async (
  t: TestApp,
  token: string,
  uri: string,
  ext: Record<string, unknown>,
) => {
  const res = await command(t, token, uri, ext);
  expect(res.json()).toMatchObject({ code: 0 });
  return res;
};

export const info = async (t: TestApp, conferenceId: string) =>
  (await t.post('/api/conference/conferenceInfo', { conferenceId })).json().payload;

type RoomUpdated = Extract<RoomNotification, { type: 'roomUpdated' }>;

/** Matches a `roomUpdated` that tells of a member in this state. */
export const about =
  (match: (peer: PeerInfo) => boolean) =>
  (n: RoomUpdated): boolean =>
    n.peers.some(match);

export interface Member {
  socket: Socket;
  notes: RoomNotification[];
  request<T extends RoomRequest['type']>(r: Extract<RoomRequest, { type: T }>): Promise<RoomAck<T>>;
  waitFor<T extends RoomNotification['type']>(
    type: T,
    match?: (n: Extract<RoomNotification, { type: T }>) => boolean,
  ): Promise<Extract<RoomNotification, { type: T }>>;
  /** The socket's connection ends (the server drops it). */
  closed: Promise<void>;
}

export function connect(
  base: string,
  token: string,
  conferenceId: string,
  deviceId = 'dev',
  /** The join's room pass (its reply's `roomPass`). */
  pass?: string,
): Promise<Member> {
  const socket = io(`${base}/room`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token, conferenceId, deviceId, ...(pass === undefined ? {} : { pass }) },
    reconnection: false,
  });
  const notes: RoomNotification[] = [];
  const waiters: (() => void)[] = [];
  socket.on('notification', (n: RoomNotification) => {
    notes.push(n);
    waiters.splice(0).forEach((w) => w());
  });
  const member: Member = {
    socket,
    notes,
    closed: new Promise((resolve) => socket.once('disconnect', () => resolve())),
    request: (r) => new Promise((resolve) => socket.emit('request', r, resolve)),
    waitFor: <T extends RoomNotification['type']>(
      type: T,
      match: (n: Extract<RoomNotification, { type: T }>) => boolean = () => true,
    ) =>
      new Promise<Extract<RoomNotification, { type: T }>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} notification`)), 5000);
        const check = () => {
          const found = notes.find(
            (n): n is Extract<RoomNotification, { type: T }> =>
              n.type === type && match(n as Extract<RoomNotification, { type: T }>),
          );
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

/** Joins through the API, connects the socket and sends `join`; returns the member and answer. */
export async function enter(
  t: TestApp,
  base: string,
  account: { token: string },
  conferenceId: string,
  name: string,
  options: { deviceId?: string; audio?: boolean; video?: boolean } = {},
): Promise<{ member: Member; joined: RoomResponses['join'] }> {
  const deviceId = options.deviceId ?? 'dev';
  const res = await joinApi(t, account.token, conferenceId, deviceId);
  if (res.json().code !== 0) throw new Error(`join failed: ${res.body}`);
  const member = await connect(base, account.token, conferenceId, deviceId);
  const ack = await member.request({
    type: 'join',
    displayName: name,
    audioEnabled: options.audio ?? true,
    videoEnabled: options.video ?? true,
  });
  if (!ack.ok) throw new Error(`room join failed: ${ack.error}`);
  return { member, joined: ack.data };
}

/** A meeting with its host and two members (Alice registered, Bob a visitor) in the room. */
export async function withMembers(t: TestApp, base: string, open: Member[]) {
  const meeting = await createMeeting(t);
  const host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
  const alice = await registered(t);
  const bob = await visitor(t);
  const a = (await enter(t, base, alice, meeting.id, 'Alice')).member;
  const b = (await enter(t, base, bob, meeting.id, 'Bob')).member;
  open.push(host, a, b);
  const peerOf = (userId: number) => t.app.rooms!.room(meeting.id)!.peers.get(String(userId))!;
  return { meeting, host, alice, bob, a, b, peerOf };
}

export { listen } from './helper.js';

/**
 * The member publishes a camera from a fake offer, announced to the room as if its media had
 * come up (none flows); returns its feed id.
 */
export async function publishFakeCamera(member: Member, peer: Peer): Promise<number> {
  const published = await member.request({
    type: 'publish',
    source: 'camera',
    jsep: fakeOffer(),
    audio: true,
    video: true,
  });
  expect(published.ok).toBe(true);
  peer.media.emit('webrtcUp', 'camera');
  expect(peer.info.feeds.camera).toBeGreaterThan(0);
  return peer.info.feeds.camera!;
}

/**
 * An SDP offer Janus accepts for a publisher (one opus audio and one VP8 video m-line). No
 * media ever flows; tests use it to have real feeds and mids in the Janus room.
 */
export function fakeOffer(withAudio = true): { type: 'offer'; sdp: string } {
  const fingerprint = Array.from({ length: 32 }, (_, i) =>
    (i + 16).toString(16).toUpperCase(),
  ).join(':');
  const common = [
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:test',
    'a=ice-pwd:abcdefghijklmnopqrstuvwx',
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
  ];
  const lines = [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    `a=group:BUNDLE ${withAudio ? '0 1' : '1'}`,
    'a=msid-semantic: WMS stream',
  ];
  if (withAudio) {
    lines.push(
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      ...common,
      'a=mid:0',
      'a=sendonly',
      'a=rtcp-mux',
      'a=rtpmap:111 opus/48000/2',
      'a=fmtp:111 minptime=10;useinbandfec=1',
      'a=ssrc:11111111 cname:test',
      'a=ssrc:11111111 msid:stream audio0',
    );
  }
  lines.push(
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    ...common,
    'a=mid:1',
    'a=sendonly',
    'a=rtcp-mux',
    'a=rtpmap:96 VP8/90000',
    'a=rtcp-fb:96 nack',
    'a=rtcp-fb:96 nack pli',
    'a=ssrc:22222222 cname:test',
    'a=ssrc:22222222 msid:stream video0',
  );
  return { type: 'offer', sdp: `${lines.join('\r\n')}\r\n` };
}
