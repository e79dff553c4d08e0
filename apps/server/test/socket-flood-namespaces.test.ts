/**
 * One user must not be able to stall a node for everyone through the `/message` or `/magic`
 * socket: past what a real client sends they are refused, and if they keep on, cut off, while
 * another user is answered at once. (The `/room` namespace: socket-flood.test.ts.) Real server,
 * real database.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { build, listen, type TestApp } from './helper.js';
import { createMeeting, registered } from './room-members.js';
import { MAGIC_BUDGETS } from '../src/realtime/socket-rates.js';
import { MagicSession } from '../src/magic/magic-session.js';

let t: TestApp;
let base: string;
const open: { close(): void }[] = [];

beforeAll(async () => {
  t = await build({ JANUS: 'on', TRUST_PROXY: 'loopback' });
  base = await listen(t);
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await t.close();
});

describe('/message and /magic flood control', () => {
  function socketOf(namespace: string, auth: Record<string, unknown>): Promise<Socket> {
    const socket = io(`${base}${namespace}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  const ping = { msgId: 'p', messageJson: { msgType: 'ping' } };

  test('a /message socket flooding pings and waiting-room requests is cut off; another user still gets a pong at once', async () => {
    const flooder = await registered(t);
    const other = await registered(t);
    const meeting = await createMeeting(t);
    const spam = await socketOf('/message', {
      userId: flooder.userId,
      deviceId: 'd',
      token: flooder.token,
    });
    const calm = await socketOf('/message', {
      userId: other.userId,
      deviceId: 'd',
      token: other.token,
    });
    let pongs = 0;
    spam.on('message', (m: { messageJson: { msgType: string } }) => {
      if (m.messageJson.msgType === 'pong') pongs += 1;
    });
    const cut = new Promise<void>((resolve) => spam.once('disconnect', () => resolve()));
    const before = performance.now();
    for (let i = 0; i < 2000; i++) {
      spam.emit('message', ping);
      spam.emit('message', {
        msgId: 'w',
        messageJson: { msgType: 'join_waiting_room', conferenceUri: meeting.uri },
      });
    }
    const calmPong = new Promise<number>((resolve) =>
      calm.once('message', () => resolve(performance.now() - before)),
    );
    calm.emit('message', ping);
    await cut;
    expect(await calmPong).toBeLessThan(1000);
    expect(pongs).toBeLessThanOrEqual(10);
  });

  test('a /magic socket flooding prompts is refused past its budget and cut off; the session works on only what was admitted', async () => {
    const user = await registered(t);
    const token = (await t.post('/api/magic/getHomePageToken', {}, user.token)).json().payload
      .token as string;
    const socket = await socketOf('/magic', { token });
    const ask = (event: string, value: unknown) =>
      new Promise<{ ok: boolean }>((resolve) => socket.emit(event, value, resolve));
    expect(await ask('start', { prompt: 'comic', width: 320, height: 240 })).toMatchObject({
      ok: true,
    });
    const worked = vi.spyOn(MagicSession.prototype, 'handlePrompt');
    let refused = 0;
    const cut = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    for (let i = 0; i < 1000; i++) {
      socket.emit('prompt', { prompt: `style ${i}` }, (ack: { ok: boolean }) => {
        if (!ack.ok) refused += 1;
      });
    }
    await cut;
    expect(refused).toBeGreaterThan(0);
    expect(worked.mock.calls.length).toBeGreaterThan(0);
    expect(worked.mock.calls.length).toBeLessThanOrEqual(MAGIC_BUDGETS.perSocket.prompt.burst + 5);
    worked.mockRestore();
  });
});
