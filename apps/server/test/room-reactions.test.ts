/**
 * Reactions over the `/room` socket with a real Janus: an emoji from the bar reaches everyone in
 * the meeting with the sender's peer id, anything but a bar emoji is refused, and a member who
 * reacts too fast is refused with reactionTooFast while nobody else is held back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { REACTION_EMOJIS, REACTION_RATE_BURST, REACTION_RATE_REFILL_MS } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { connect, createMeeting, joinApi, listen, visitor, withMembers } from './room-members.js';
import type { Member } from './room-members.js';

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

const reactionsIn = (m: Member) => m.notes.filter((n) => n.type === 'reaction');
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('sendReaction', () => {
  test('every member gets the reaction with the sender’s peer id, the sender too', async () => {
    const { host, a, b, alice } = await withMembers(t, base, open);
    expect(await a.request({ type: 'sendReaction', emoji: '🎉' })).toEqual({ ok: true, data: {} });
    for (const m of [host, a, b]) {
      const got = await m.waitFor('reaction');
      expect(got).toEqual({ type: 'reaction', peerId: String(alice.userId), emoji: '🎉' });
    }
  });

  test.each(REACTION_EMOJIS)('the bar’s %s is accepted', async (emoji) => {
    const { host, b, bob } = await withMembers(t, base, open);
    expect(await b.request({ type: 'sendReaction', emoji })).toMatchObject({ ok: true });
    await host.waitFor('reaction', (n) => n.peerId === String(bob.userId) && n.emoji === emoji);
  });

  test('an emoji not on the bar, a missing emoji and an unknown field are refused and nobody gets anything', async () => {
    const { host, a } = await withMembers(t, base, open);
    const bad: unknown[] = [
      { type: 'sendReaction', emoji: '💩' },
      { type: 'sendReaction', emoji: '<b>hi</b>' },
      { type: 'sendReaction', emoji: '👍👍' },
      { type: 'sendReaction' },
      { type: 'sendReaction', emoji: '👍', peerId: '1' },
      { type: 'sendReaction', emoji: '👍', sticky: true },
    ];
    for (const request of bad) {
      const ack = await new Promise((resolve) => a.socket.emit('request', request, resolve));
      expect(ack, JSON.stringify(request)).toMatchObject({
        ok: false,
        code: -1,
        error: expect.stringMatching(/^invalid request/),
      });
    }
    await settle();
    expect(reactionsIn(host)).toEqual([]);
    expect(reactionsIn(a)).toEqual([]);
  });

  test('a member reacting too fast is refused with reactionTooFast, the others are not held back, and a moment later may react again', async () => {
    const { host, a, b, alice } = await withMembers(t, base, open);
    const acks = [];
    for (let i = 0; i <= REACTION_RATE_BURST; i++)
      acks.push(await a.request({ type: 'sendReaction', emoji: '👏' }));
    expect(acks.slice(0, REACTION_RATE_BURST).every((ack) => ack.ok)).toBe(true);
    expect(acks.at(-1)).toMatchObject({
      ok: false,
      code: -1,
      key: 'reactionTooFast',
      error: 'You are sending reactions too quickly. Wait a moment, then react again',
    });
    // One member's flood holds back nobody else.
    expect(await b.request({ type: 'sendReaction', emoji: '❤️' })).toMatchObject({ ok: true });
    await host.waitFor('reaction', (n) => n.emoji === '❤️');
    await settle();
    const fromAlice = reactionsIn(host).filter((n) => n.peerId === String(alice.userId));
    expect(fromAlice).toHaveLength(REACTION_RATE_BURST);
    // Nothing else is lost: chat still goes through for the member who was refused.
    expect(await a.request({ type: 'sendMessage', content: 'still here' })).toMatchObject({
      ok: true,
    });

    await new Promise((r) => setTimeout(r, REACTION_RATE_REFILL_MS + 100));
    expect(await a.request({ type: 'sendReaction', emoji: '😮' })).toMatchObject({ ok: true });
    await host.waitFor('reaction', (n) => n.emoji === '😮' && n.peerId === String(alice.userId));
  });

  test('a socket that has not joined the room yet cannot react', async () => {
    const meeting = await createMeeting(t);
    const guest = await visitor(t);
    await joinApi(t, guest.token, meeting.id, 'lobby');
    const lobby = await connect(base, guest.token, meeting.id, 'lobby');
    open.push(lobby);
    expect(await lobby.request({ type: 'sendReaction', emoji: '👍' })).toMatchObject({
      ok: false,
      error: 'You are not in the meeting room',
    });
  });
});
