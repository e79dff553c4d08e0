/**
 * The host's per-member controls are stored with the meeting: a server restart does not lift a
 * forced mute, turn a disabled camera back on, or lower a raised hand.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, listen, type TestApp } from './helper.js';
import { about, accepted, enter, withMembers, type Member } from './room-members.js';

let t: TestApp;
let base: string;
const open: Member[] = [];

beforeAll(async () => {
  t = await build({ JANUS: 'on' });
  base = await listen(t);
});
afterAll(async () => {
  for (const m of open) m.socket.disconnect();
  await t.close();
});

test('after a restart a force-muted member cannot unmute, a disabled camera stays off and a raised hand stays up', async () => {
  const { meeting, alice, bob, a } = await withMembers(t, base, open);
  await accepted(t, meeting.hostToken, meeting.uri, {
    ext_type: 'conf_mute',
    ext_value: '2',
    code_list: String(alice.userId),
  });
  await accepted(t, meeting.hostToken, meeting.uri, {
    ext_type: 'video_enable',
    ext_value: '0',
    code_list: String(alice.userId),
  });
  await accepted(t, bob.token, meeting.uri, { ext_type: 'hand_up', ext_value: '1' });
  await a.waitFor(
    'roomUpdated',
    about((p) => p.userId === alice.userId && p.forceMuted),
  );

  for (const m of open.splice(0)) m.socket.disconnect();
  await t.restart();
  base = await listen(t);

  // Everyone comes back, as their clients do after the server returns.
  await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host');
  const back = await enter(t, base, alice, meeting.id, 'Alice', { audio: true, video: true });
  const bobBack = await enter(t, base, bob, meeting.id, 'Bob');
  open.push(back.member, bobBack.member);
  expect(back.joined.me).toMatchObject({
    forceMuted: true,
    videoDisabled: true,
    audioEnabled: false,
    videoEnabled: false,
  });
  expect(bobBack.joined.me.handUp).toBe(1);
  const unmute = await back.member.request({
    type: 'resumeProducer',
    source: 'camera',
    kind: 'audio',
  });
  expect(unmute).toMatchObject({ ok: false });
  const camera = await back.member.request({
    type: 'resumeProducer',
    source: 'camera',
    kind: 'video',
  });
  expect(camera).toMatchObject({ ok: false });
});

test('controls end with the meeting and do not follow a member into a new one', async () => {
  const first = await withMembers(t, base, open);
  await accepted(t, first.meeting.hostToken, first.meeting.uri, {
    ext_type: 'conf_mute',
    ext_value: '2',
    code_list: String(first.alice.userId),
  });
  await accepted(t, first.meeting.hostToken, first.meeting.uri, {
    ext_type: 'conf_dismiss',
    ext_value: '1',
  });
  const conf = await t.app.conferences.byNumber(first.meeting.id);
  await expect
    .poll(() => t.app.hostControl.controlsOf(conf!.id, first.alice.userId))
    .toEqual({ forceMute: null, videoDisabled: false, handUp: 0 });
  const next = await withMembers(t, base, open);
  const inNext = await enter(t, base, first.alice, next.meeting.id, 'Alice');
  open.push(inNext.member);
  expect(inNext.joined.me.forceMuted).toBe(false);
});
