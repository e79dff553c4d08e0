/**
 * A sign-in that ends closes the sockets it opened, at once (issue 27): a logout closes its
 * token's `/message` and `/room` sockets, a password reset every socket of the account (and its
 * Magic Cam), each told why (`signed_out` on `/message`, `fatal` 203 on `/room`); nothing more
 * reaches them, and the old token cannot open them again. With two nodes sharing the database
 * and Redis, a sign-out on one closes the sockets on the other.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ResultCode, errorMessagesEn, type RoomNotification } from '@meet/shared';
import {
  build,
  createPostgresDatabase,
  listen,
  mailedCode,
  randomIp,
  registerUser,
  type TestApp,
} from './helper.js';
import { inboxes, type Inbox } from './message-inbox.js';
import { magicSocket, type MagicClient } from './magic-fixture.js';
import {
  connect,
  createMeeting,
  enter,
  registered,
  type Account,
  type Member,
} from './room-members.js';

let serial = 0;
const uniqueEmail = () => `signout-${process.pid}-${++serial}@example.com`;

/** A registered account whose email and password the test knows. */
async function account(t: TestApp, password = 'oldpass1') {
  const email = uniqueEmail();
  const token = await registerUser(t, email, password);
  const userId = (await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId as number;
  return { email, token, userId };
}

/** Resets the account's password through the API, as the forgot-password screen does. */
async function resetPassword(t: TestApp, email: string) {
  // A second code may be asked for a minute after the first (the sign-up's).
  t.clock.advance(61_000);
  const sent = await t.post(
    '/api/user/generateEmailVerifyCode',
    { email, type: 'reset' },
    undefined,
    { remoteAddress: randomIp() },
  );
  expect(sent.json().code, sent.body).toBe(0);
  const code = await mailedCode(t, email);
  const res = await t.post('/api/user/resetEmailPassword', { email, code, password: 'newpass2' });
  expect(res.json().code, res.body).toBe(0);
  return res.json().payload.token as string;
}

/** Resolves with what the socket was told before the server hung up. */
function fatalOf(member: Member): Promise<{ code: number; error: string; key?: string }> {
  return new Promise((resolve) => member.socket.once('fatal', resolve));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('on one node', () => {
  let t: TestApp;
  let base: string;
  const sockets = inboxes(() => base);
  const members: Member[] = [];
  const magic: MagicClient[] = [];

  beforeAll(async () => {
    t = await build({ JANUS: 'on' });
    base = await listen(t);
  });
  afterEach(() => {
    sockets.closeAll();
    for (const m of members.splice(0)) m.socket.disconnect();
    for (const c of magic.splice(0)) c.socket.close();
  });
  afterAll(() => t.close());

  test('after a logout the /message socket is told signed_out, closed, and gets no more pushes', async () => {
    const user = await registered(t);
    const inbox = await sockets.open(user);
    const closed = new Promise((resolve) => inbox.socket.once('disconnect', resolve));
    expect((await t.post('/api/user/logout', {}, user.token)).json().code).toBe(0);
    expect(await inbox.next('signed_out')).toEqual({
      msgType: 'signed_out',
      code: ResultCode.authFailed,
      key: 'signedOut',
    });
    await closed;
    expect(inbox.socket.connected).toBe(false);
    const notice = {
      msgType: 'delete_vote',
      voteId: 1,
      conferenceUri: 'u',
      conferenceId: '1',
    } as const;
    expect(t.app.messages.sendToUsers([user.userId], notice)).toBe(0);
    await pause(200);
    expect(inbox.messages.map((m) => m.msgType)).toEqual(['signed_out']);
    // The old token cannot open it again.
    await expect(sockets.open(user)).rejects.toMatchObject({
      data: { code: ResultCode.authFailed },
    });
  });

  test('a logout leaves the sockets of the same account’s other sign-ins open', async () => {
    const me = await account(t, 'secret123');
    const other = (
      await t.post('/api/user/emailLogin', { email: me.email, password: 'secret123' })
    ).json().payload.token as string;
    const laptop = await sockets.open({ userId: me.userId, token: me.token }, 'laptop');
    const phone = await sockets.open({ userId: me.userId, token: other }, 'phone');
    await t.post('/api/user/logout', {}, me.token);
    await laptop.next('signed_out');
    phone.send({ msgType: 'ping' });
    await phone.next('pong');
    expect(phone.socket.connected).toBe(true);
    expect(phone.messages.map((m) => m.msgType)).toEqual(['pong']);
  });

  test('after a password reset a /room socket of the old token is closed with 203 and cannot chat', async () => {
    const meeting = await createMeeting(t);
    const host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
    members.push(host);
    const me = await account(t);
    const mine = (await enter(t, base, me, meeting.id, 'Me')).member;
    members.push(mine);
    const inbox = await sockets.open(me);
    const told = fatalOf(mine);

    await resetPassword(t, me.email);

    expect(await told).toEqual({
      code: ResultCode.authFailed,
      error: errorMessagesEn.passwordChanged,
      key: 'passwordChanged',
    });
    await mine.closed;
    expect(await inbox.next('signed_out')).toMatchObject({ key: 'passwordChanged' });
    // The old token opens no room socket again, so nothing it sends reaches the meeting.
    await expect(connect(base, me.token, meeting.id)).rejects.toMatchObject({
      data: { code: ResultCode.authFailed },
    });
    mine.socket.emit('request', { type: 'sendMessage', content: 'still here?' }, () => undefined);
    await pause(300);
    const chat = host.notes.filter(
      (n): n is Extract<RoomNotification, { type: 'messageReceived' }> =>
        n.type === 'messageReceived',
    );
    expect(chat).toEqual([]);
    expect(host.socket.connected).toBe(true);
  });

  test('a password reset ends the account’s Magic Cam session and its socket', async () => {
    const me = await account(t);
    const res = await t.post('/api/magic/getHomePageToken', {}, me.token);
    expect(res.json().code, res.body).toBe(0);
    const magicToken = res.json().payload.token as string;
    const client = await magicSocket(base, magicToken);
    magic.push(client);
    await resetPassword(t, me.email);
    await client.gone;
    expect(client.closed).toEqual([{ reason: 'stop' }]);
    await expect(magicSocket(base, magicToken)).rejects.toMatchObject({
      data: { code: ResultCode.authFailed },
    });
  });

  test('a new name closes nothing: only an ended sign-in does', async () => {
    const user: Account = await registered(t);
    const inbox = await sockets.open(user);
    await t.post('/api/user/updateUserInfo', { username: 'Renamed' }, user.token);
    inbox.send({ msgType: 'ping' });
    await inbox.next('pong');
    expect(inbox.socket.connected).toBe(true);
  });
});

describe('on two nodes sharing the database and Redis', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let db: { url: string; drop: () => Promise<void> };
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  const sockets = inboxes(() => baseB);

  beforeAll(async () => {
    db = await createPostgresDatabase();
    const env = { JANUS: 'off', DATABASE_URL: db.url, REDIS_URL };
    a = await build(env);
    b = await build(env);
    await listen(a);
    baseB = await listen(b);
    await a.app.accountChanges.whenShared();
    await b.app.accountChanges.whenShared();
  });
  afterAll(async () => {
    sockets.closeAll();
    await a.close();
    await b.close();
    await db.drop();
  });

  test('a logout on one node closes the /message socket on the other', async () => {
    const user = await registered(a);
    const inbox: Inbox = await sockets.open(user);
    expect((await a.post('/api/user/logout', {}, user.token)).json().code).toBe(0);
    expect(await inbox.next('signed_out')).toMatchObject({ key: 'signedOut' });
    await expect.poll(() => inbox.socket.connected).toBe(false);
  });

  test('a password reset on one node closes every socket of the account on the other', async () => {
    const me = await account(a);
    const second = (
      await a.post('/api/user/emailLogin', { email: me.email, password: 'oldpass1' })
    ).json().payload.token as string;
    const laptop = await sockets.open({ userId: me.userId, token: me.token }, 'laptop');
    const phone = await sockets.open({ userId: me.userId, token: second }, 'phone');
    await resetPassword(a, me.email);
    for (const inbox of [laptop, phone]) {
      expect(await inbox.next('signed_out')).toMatchObject({ key: 'passwordChanged' });
      await expect.poll(() => inbox.socket.connected).toBe(false);
    }
  });
});
