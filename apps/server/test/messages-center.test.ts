/**
 * The message center on a real database: pages of 10, newest first, the next page older than
 * the `messageTime` cursor (no message skipped or repeated, even several in one millisecond);
 * unread until marked read (some, or all); a user sees only their own; new messages are pushed
 * live over a real `/message` socket; a recording that finished processing leaves a message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES_PAGE_SIZE, messageContent, messagesReply, type MessageItem } from '@meet/shared';
import { notifyRecordingProcessed } from '../src/recordings/library/processed-notices.js';
import { build, type TestApp } from './helper.js';
import { inboxes, listen } from './message-inbox.js';
import { recordsApi } from './records-fixture.js';
import { registered, type Account } from './room-members.js';

let t: TestApp;
let base: string;
const sockets = inboxes(() => base);

beforeAll(async () => {
  t = await build();
  base = await listen(t);
});
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

/** Leaves `n` record messages for the user, named 1..n, `stepMs` apart (0: all at once). */
async function leave(user: Account, n: number, stepMs: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    await t.app.messageCenter.send(user.userId, {
      pushType: 'record',
      recordId: `rec-${i}`,
      status: 'ready',
      name: String(i),
    });
    t.clock.advance(stepMs);
  }
}

async function page(user: Account, body: Record<string, unknown> = {}) {
  const res = await recordsApi(t).messages(user.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return messagesReply.parse(res.json().payload);
}

const names = (list: MessageItem[]) =>
  list.map((m) => (messageContent.parse(JSON.parse(m.content)) as { name: string }).name);

describe('pages', () => {
  test('10 a page, newest first; messageTime (the oldest shown) gives the page after it, to the end', async () => {
    const user = await registered(t);
    await leave(user, 23, 1000);
    const first = await page(user);
    expect(first.list).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(names(first.list)).toEqual(['23', '22', '21', '20', '19', '18', '17', '16', '15', '14']);
    expect(first.unread).toBe(23);
    const second = await page(user, { messageTime: first.list.at(-1)!.ctime });
    expect(names(second.list)).toEqual(['13', '12', '11', '10', '9', '8', '7', '6', '5', '4']);
    const third = await page(user, { messageTime: String(second.list.at(-1)!.ctime) });
    expect(names(third.list)).toEqual(['3', '2', '1']);
    expect(await page(user, { messageTime: third.list.at(-1)!.ctime })).toMatchObject({ list: [] });
  });

  test('messages left in the same millisecond get distinct times, so the cursor skips and repeats none', async () => {
    const user = await registered(t);
    await leave(user, 25, 0);
    const seen: MessageItem[] = [];
    let cursor: number | undefined;
    for (;;) {
      const { list } = await page(user, cursor === undefined ? {} : { messageTime: cursor });
      if (list.length === 0) break;
      seen.push(...list);
      cursor = list.at(-1)!.ctime;
    }
    expect(names(seen)).toEqual(Array.from({ length: 25 }, (_, i) => String(25 - i)));
    expect(new Set(seen.map((m) => m.ctime)).size).toBe(25);
  });

  test('messages left at the same moment from two places both arrive, with distinct times', async () => {
    const user = await registered(t);
    const send = (name: string) =>
      t.app.messageCenter.send(user.userId, {
        pushType: 'record',
        recordId: name,
        status: 'failed',
        name,
      });
    const sent = await Promise.all(['a', 'b', 'c', 'd'].map(send));
    expect(new Set(sent.map((m) => m.ctime)).size).toBe(4);
    expect((await page(user)).list).toHaveLength(4);
  });

  test('pageSize may ask for fewer; a user sees only their own messages', async () => {
    const a = await registered(t);
    const b = await registered(t);
    await leave(a, 3, 10);
    expect(names((await page(a, { pageSize: 2 })).list)).toEqual(['3', '2']);
    expect(await page(b)).toEqual({ list: [], unread: 0 });
    expect((await recordsApi(t).messages(b.token, { pageSize: 0 })).statusCode).toBe(400);
  });

  test('getMessages needs a token', async () => {
    const res = await t.post('/api/message/getMessages', {});
    expect(res.json().code).toBe(203);
  });
});

describe('read and unread', () => {
  test('markRead of some ids marks those only (not other users’), and answers the unread left', async () => {
    const user = await registered(t);
    const other = await registered(t);
    await leave(user, 4, 10);
    await leave(other, 1, 10);
    const { list } = await page(user);
    const theirId = (await page(other)).list[0]!.messageId;
    const res = await t.post(
      '/api/message/markRead',
      { messageIds: [list[0]!.messageId, list[2]!.messageId, theirId] },
      user.token,
    );
    expect(res.json()).toMatchObject({ code: 0, payload: { unread: 2 } });
    const after = await page(user);
    expect(after.list.map((m) => m.isUnread)).toEqual([false, true, false, true]);
    expect(after.unread).toBe(2);
    expect((await page(other)).unread).toBe(1);
  });

  test('markRead without ids reads them all', async () => {
    const user = await registered(t);
    await leave(user, 12, 10);
    const res = await t.post('/api/message/markRead', {}, user.token);
    expect(res.json()).toMatchObject({ code: 0, payload: { unread: 0 } });
    const first = await page(user);
    expect(first.unread).toBe(0);
    expect(first.list.every((m) => !m.isUnread)).toBe(true);
  });
});

describe('live', () => {
  test('a new message is pushed to every connected device of its user only, with the unread count', async () => {
    const user = await registered(t);
    const other = await registered(t);
    const laptop = await sockets.open(user, 'laptop');
    const phone = await sockets.open(user, 'phone');
    const elsewhere = await sockets.open(other);
    await leave(user, 1, 10);
    for (const inbox of [laptop, phone]) {
      const note = await inbox.next('new_message');
      expect(note).toMatchObject({
        msgType: 'new_message',
        unread: 1,
        message: { pushType: 'record', isUnread: true },
      });
    }
    elsewhere.send({ msgType: 'ping' });
    await elsewhere.next('pong');
    expect(elsewhere.messages.map((m) => m.msgType)).toEqual(['pong']);
  });

  test('a recording that finished processing tells its owner: ready or failed, with its name', async () => {
    const owner = await registered(t);
    const inbox = await sockets.open(owner);
    const row = { ownerId: owner.userId, recordId: 'r-1', name: 'All hands' };
    await notifyRecordingProcessed(t.app.messageCenter, { ...row, status: 'ready' });
    await notifyRecordingProcessed(t.app.messageCenter, { ...row, status: 'processing' });
    await notifyRecordingProcessed(t.app.messageCenter, {
      ...row,
      recordId: 'r-2',
      status: 'failed',
    });
    const { list } = await page(owner);
    expect(list.map((m) => JSON.parse(m.content))).toEqual([
      { pushType: 'record', recordId: 'r-2', status: 'failed', name: 'All hands' },
      { pushType: 'record', recordId: 'r-1', status: 'ready', name: 'All hands' },
    ]);
    await inbox.next('new_message');
  });
});
