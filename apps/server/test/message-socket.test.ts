/**
 * The long-lived `/message` socket on its own: who may connect, ping/pong, one connection per
 * user and device, malformed messages ignored, pushing through the registry other features use,
 * and closing with the app. The app runs without the media server (JANUS=off), as here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import { inboxes, listen } from './message-inbox.js';
import { registered } from './room-members.js';

let t: TestApp;
let base: string;
const sockets = inboxes(() => base);
const messageSocket = sockets.open;

beforeAll(async () => {
  t = await build();
  base = await listen(t);
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

describe('connecting', () => {
  test('works without the media server and answers a ping with a pong envelope', async () => {
    expect(t.app.rooms).toBeUndefined();
    const inbox = await messageSocket(await registered(t));
    const envelope = new Promise<{ msgId: string }>((resolve) =>
      inbox.socket.once('message', resolve),
    );
    inbox.send({ msgType: 'ping' });
    expect(await inbox.next('pong')).toEqual({ msgType: 'pong' });
    expect((await envelope).msgId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a token of another user is refused with 203; no token at all is refused', async () => {
    const a = await registered(t);
    const b = await registered(t);
    await expect(messageSocket({ userId: a.userId, token: b.token })).rejects.toMatchObject({
      data: { code: 203 },
    });
    await expect(messageSocket({ userId: a.userId, token: 'not-a-token' })).rejects.toMatchObject({
      data: { code: 203 },
    });
    await expect(messageSocket({ userId: a.userId, token: '' })).rejects.toBeTruthy();
  });

  test('a second connection of the same user and device replaces the first', async () => {
    const user = await registered(t);
    const first = await messageSocket(user, 'laptop');
    const closed = new Promise((resolve) => first.socket.once('disconnect', resolve));
    const other = await messageSocket(user, 'phone');
    const second = await messageSocket(user, 'laptop');
    await first.next('new_connection_replace');
    await closed;
    expect(first.socket.connected).toBe(false);
    expect(other.socket.connected).toBe(true);
    // The newer connection is the one that is served now.
    second.send({ msgType: 'ping' });
    await second.next('pong');
    expect(t.app.messages.sendToUsers([user.userId], { msgType: 'pong' })).toBe(2);
  });
});

describe('messages', () => {
  test('a malformed message is ignored and the socket keeps working', async () => {
    const inbox = await messageSocket(await registered(t));
    inbox.socket.emit('message', { nonsense: true });
    inbox.socket.emit('message', 'text');
    inbox.send({ msgType: 'join_waiting_room' });
    inbox.send({ msgType: 'shout' });
    inbox.send({ msgType: 'ping' });
    await inbox.next('pong');
    expect(inbox.socket.connected).toBe(true);
    expect(inbox.messages.map((m) => m.msgType)).toEqual(['pong']);
  });

  test('other features push to a user through the registry, and only to that user', async () => {
    const a = await registered(t);
    const b = await registered(t);
    const inboxA = await messageSocket(a);
    const inboxB = await messageSocket(b);
    const notice = {
      msgType: 'delete_vote',
      voteId: 7,
      conferenceUri: 'uri',
      conferenceId: '123',
    } as const;
    expect(t.app.messages.sendToUsers([a.userId], notice)).toBe(1);
    expect(await inboxA.next('delete_vote')).toEqual(notice);
    inboxB.send({ msgType: 'ping' });
    await inboxB.next('pong');
    expect(inboxB.messages.map((m) => m.msgType)).toEqual(['pong']);
  });

  test('a disconnected socket leaves the registry', async () => {
    const user = await registered(t);
    const inbox = await messageSocket(user);
    expect(t.app.messages.isConnected(user.userId)).toBe(true);
    inbox.socket.disconnect();
    await expect.poll(() => t.app.messages.isConnected(user.userId)).toBe(false);
  });
});

test('closing the app closes the namespace and its sockets', async () => {
  const other = await build();
  const url = await listen(other);
  const inbox = await inboxes(() => url).open(await registered(other));
  const closed = new Promise((resolve) => inbox.socket.once('disconnect', resolve));
  await other.close();
  await closed;
  expect(inbox.socket.connected).toBe(false);
});
