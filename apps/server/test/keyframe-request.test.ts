/**
 * A receiver whose picture stands still (a key frame lost on a narrow link) asks the picture's
 * publisher for a key frame (`requestKeyFrame`): asked of the publisher's Janus handle only for
 * a feed of the asker's own room that they receive, and at most once a second per publisher
 * whoever asks. Real Janus, real database.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { build, listen, type TestApp } from './helper.js';
import { createMeeting, enter, publishFakeCamera, visitor, type Member } from './room-members.js';
import type { Peer } from '../src/realtime/peer.js';

let t: TestApp;
let base: string;
const open: Member[] = [];
let bob: Member;
let carol: Member;
let bobPeer: Peer;
let carolPeer: Peer;

beforeAll(async () => {
  t = await build({ JANUS: 'on' });
  base = await listen(t);
  const meeting = await createMeeting(t);
  const host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
  const bobAccount = await visitor(t);
  const carolAccount = await visitor(t);
  bob = (await enter(t, base, bobAccount, meeting.id, 'Bob')).member;
  carol = (await enter(t, base, carolAccount, meeting.id, 'Carol')).member;
  open.push(host, bob, carol);
  const room = t.app.rooms!.room(meeting.id)!;
  bobPeer = room.peers.get(String(bobAccount.userId))!;
  carolPeer = room.peers.get(String(carolAccount.userId))!;
  await publishFakeCamera(bob, bobPeer);
});
afterAll(async () => {
  for (const member of open) member.socket.close();
  await t.close();
});

test('a receiver of the feed has its publisher asked for a key frame, at most once a second', async () => {
  const feed = bobPeer.info.feeds.camera!;
  const asked = vi.spyOn(bobPeer.media, 'requestKeyFrame');
  const sentToJanus = vi.spyOn(
    (
      bobPeer.media as unknown as { publishers: Map<string, { message: () => Promise<unknown> }> }
    ).publishers.get('camera')!,
    'message',
  );

  // Carol does not receive Bob's camera (yet): nothing is asked, and nothing is refused.
  expect(await carol.request({ type: 'requestKeyFrame', feed })).toEqual({ ok: true, data: {} });
  expect(asked).not.toHaveBeenCalled();
  // Nor of her own feed, or a feed that does not exist.
  expect((await bob.request({ type: 'requestKeyFrame', feed })).ok).toBe(true);
  expect((await carol.request({ type: 'requestKeyFrame', feed: feed + 987_654 })).ok).toBe(true);
  expect(asked).not.toHaveBeenCalled();

  // Receiving it (a subscription needs media to flow, which the browser tests have: the key is
  // what a subscription leaves), she asks: Janus is asked for a key frame, once.
  carolPeer.subscribed.add(`${feed}/1`);
  expect((await carol.request({ type: 'requestKeyFrame', feed })).ok).toBe(true);
  expect(asked).toHaveBeenCalledWith('camera');
  expect(sentToJanus).toHaveBeenCalledTimes(1);
  expect(sentToJanus).toHaveBeenCalledWith({ request: 'configure', keyframe: true });
  // Asked again at once: the browser would drop it, so it is not sent.
  expect((await carol.request({ type: 'requestKeyFrame', feed })).ok).toBe(true);
  expect(sentToJanus).toHaveBeenCalledTimes(1);
  // A second later it is.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect((await carol.request({ type: 'requestKeyFrame', feed })).ok).toBe(true);
  expect(sentToJanus).toHaveBeenCalledTimes(2);
});

test('a malformed request is refused as such', async () => {
  for (const bad of [{ feed: 0 }, { feed: 'x' }, { feed: 1, extra: true }, {}]) {
    const ack = await carol.request({ type: 'requestKeyFrame', ...bad } as never);
    expect(ack.ok).toBe(false);
  }
});
