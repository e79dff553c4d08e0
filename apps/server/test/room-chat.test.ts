/**
 * Chat over the `/room` socket: messages reach everyone in the meeting, are stored, come back
 * as history on join and after a reconnect, and bad ones are refused with a clear message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CHAT_MAX_LENGTH, CHAT_RATE_BURST, CHAT_RATE_REFILL_MS, CHAT_UA } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import {
  connect,
  createMeeting,
  enter,
  listen,
  registered,
  visitor,
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

async function twoInside() {
  const meeting = await createMeeting(t);
  const host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
  const guest = await visitor(t);
  const g = (await enter(t, base, guest, meeting.id, 'Guest')).member;
  open.push(host, g);
  return { meeting, host, guest, g };
}

describe('sendMessage', () => {
  test('everyone gets the message, the sender too; it carries sender, time and ua 3', async () => {
    const { meeting, host, guest, g } = await twoInside();
    const ack = await g.request({ type: 'sendMessage', content: '  hello all  ' });
    expect(ack.ok).toBe(true);
    const message = ack.ok ? ack.data.message : undefined;
    expect(message).toMatchObject({
      scode: String(guest.userId),
      sname: 'Guest',
      ua: CHAT_UA,
      content: 'hello all',
    });
    expect(message!.time).toBe(t.clock.now());
    expect(message!.id).toBeGreaterThan(0);
    for (const m of [host, g]) {
      const got = await m.waitFor('messageReceived', (n) => n.message.id === message!.id);
      expect(got.message).toEqual(message);
    }
    const stored = await t.app.activity.chatHistory(
      (await t.app.conferences.byNumber(meeting.id))!.id,
    );
    expect(stored.map((r) => [r.senderId, r.text])).toEqual([[guest.userId, 'hello all']]);
  });

  test('text is kept as plain text, markup and all', async () => {
    const { host, g } = await twoInside();
    const content = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const ack = await g.request({ type: 'sendMessage', content });
    expect(ack).toMatchObject({ ok: true, data: { message: { content } } });
    await host.waitFor('messageReceived', (n) => n.message.content === content);
  });

  test('an empty message and one past the limit are refused and not stored', async () => {
    const { host } = await twoInside();
    expect(await host.request({ type: 'sendMessage', content: '   \n ' })).toMatchObject({
      ok: false,
      code: -1,
      error: 'The message is empty',
    });
    const long = await host.request({
      type: 'sendMessage',
      content: 'x'.repeat(CHAT_MAX_LENGTH + 1),
    });
    expect(long).toMatchObject({
      ok: false,
      error: expect.stringContaining(String(CHAT_MAX_LENGTH)),
    });
    const history = await host.request({ type: 'chatHistory' });
    expect(history).toMatchObject({ ok: true, data: { messages: [] } });
    expect(
      await host.request({ type: 'sendMessage', content: 'y'.repeat(CHAT_MAX_LENGTH) }),
    ).toMatchObject({ ok: true });
  });

  test('a member sending too fast is refused with chatTooFast, nothing is stored for it, and may send again a moment later', async () => {
    const { host, g } = await twoInside();
    const acks = [];
    for (let i = 0; i < CHAT_RATE_BURST + 1; i++)
      acks.push(await g.request({ type: 'sendMessage', content: `m${i}` }));
    expect(acks.slice(0, CHAT_RATE_BURST).every((a) => a.ok)).toBe(true);
    expect(acks.at(-1)).toMatchObject({ ok: false, code: -1, key: 'chatTooFast' });
    // Others are not held back by one member's flood.
    expect(await host.request({ type: 'sendMessage', content: 'host' })).toMatchObject({
      ok: true,
    });
    const history = await host.request({ type: 'chatHistory' });
    expect(history.ok && history.data.messages.map((m) => m.content)).not.toContain(
      `m${CHAT_RATE_BURST}`,
    );
    await new Promise((r) => setTimeout(r, CHAT_RATE_REFILL_MS + 100));
    expect(await g.request({ type: 'sendMessage', content: 'again' })).toMatchObject({
      ok: true,
    });
  });

  test('a renamed member’s messages carry the new name; others see the rename', async () => {
    const { meeting, host, guest, g } = await twoInside();
    const res = await t.post(
      '/api/conference/updateUserConferenceNickname',
      { conferenceId: meeting.id, userConferenceName: 'Guesty' },
      guest.token,
    );
    expect(res.json().code).toBe(0);
    await host.waitFor(
      'peerUpdated',
      (n) => n.peer.userId === guest.userId && n.peer.displayName === 'Guesty',
    );
    const ack = await g.request({ type: 'sendMessage', content: 'renamed' });
    expect(ack).toMatchObject({ ok: true, data: { message: { sname: 'Guesty' } } });
  });
});

describe('history', () => {
  test('comes with the join answer, to latecomers and after a reconnect, oldest first', async () => {
    const { meeting, host, guest, g } = await twoInside();
    for (const content of ['one', 'two']) await host.request({ type: 'sendMessage', content });
    await g.request({ type: 'sendMessage', content: 'three' });

    const late = await registered(t);
    const { member, joined } = await enter(t, base, late, meeting.id, 'Late');
    open.push(member);
    expect(joined.messages.map((m) => [m.content, m.sname])).toEqual([
      ['one', 'Host'],
      ['two', 'Host'],
      ['three', 'Guest'],
    ]);

    // The guest's connection drops and comes back within the grace time: still in, history whole.
    g.socket.disconnect();
    await host.waitFor('peerClosed', (n) => n.peerId === String(guest.userId));
    await host.request({ type: 'sendMessage', content: 'while away' });
    const back = await connect(base, guest.token, meeting.id);
    open.push(back);
    const rejoined = await back.request({
      type: 'join',
      displayName: 'Guest',
      audioEnabled: false,
      videoEnabled: false,
    });
    expect(rejoined.ok && rejoined.data.messages.map((m) => m.content)).toEqual([
      'one',
      'two',
      'three',
      'while away',
    ]);
    const asked = await back.request({ type: 'chatHistory' });
    expect(asked.ok && asked.data.messages).toHaveLength(4);
  });
});
