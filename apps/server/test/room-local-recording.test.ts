/**
 * Recording to one's own computer is announced (issue 30): a member who starts it is shown to
 * everyone as recording (a `peerUpdated` with localRecording), a late joiner sees it in the join
 * answer, stopping it is told the same way, a repeat tells nobody, and a malformed request is
 * refused without changing anything. Real Janus, real database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import { enter, listen, registered, withMembers } from './room-members.js';
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

const settle = () => new Promise((r) => setTimeout(r, 300));
const updatesOf = (m: Member, peerId: string) =>
  m.notes.filter((n) => n.type === 'peerUpdated' && n.peer.peerId === peerId);

describe('localRecording', () => {
  test('everyone is told who records on their computer, a late joiner too, and when it stops', async () => {
    const { meeting, host, a, b, alice } = await withMembers(t, base, open);
    const aliceId = String(alice.userId);
    expect(await a.request({ type: 'localRecording', on: true })).toEqual({ ok: true, data: {} });
    for (const m of [host, b]) {
      const got = await m.waitFor(
        'peerUpdated',
        (n) => n.peer.peerId === aliceId && n.peer.localRecording === true,
      );
      expect(got.peer.displayName).toBe('Alice');
    }
    // Someone who comes in later sees it in the join answer.
    const carol = await registered(t);
    const late = await enter(t, base, carol, meeting.id, 'Carol');
    open.push(late.member);
    expect(late.joined.peers.find((p) => p.peerId === aliceId)?.localRecording).toBe(true);

    // A repeat changes nothing and tells nobody.
    const before = updatesOf(host, aliceId).length;
    expect(await a.request({ type: 'localRecording', on: true })).toMatchObject({ ok: true });
    await settle();
    expect(updatesOf(host, aliceId)).toHaveLength(before);

    expect(await a.request({ type: 'localRecording', on: false })).toMatchObject({ ok: true });
    for (const m of [host, b, late.member])
      await m.waitFor(
        'peerUpdated',
        (n) => n.peer.peerId === aliceId && n.peer.localRecording === false,
      );
  });

  test('a malformed request is refused and changes nothing', async () => {
    const { host, a, alice, peerOf } = await withMembers(t, base, open);
    const bad: unknown[] = [
      { type: 'localRecording' },
      { type: 'localRecording', on: 'yes' },
      { type: 'localRecording', on: true, peerId: '1' },
      { type: 'localRecording', on: '\u0000' },
    ];
    for (const request of bad) {
      const ack = await new Promise((resolve) => a.socket.emit('request', request, resolve));
      expect(ack, JSON.stringify(request)).toMatchObject({ ok: false, code: -1 });
    }
    await settle();
    expect(updatesOf(host, String(alice.userId))).toEqual([]);
    expect(peerOf(alice.userId).info.localRecording).toBeUndefined();
  });
});
