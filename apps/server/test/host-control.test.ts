/**
 * Host controls over members' media in a live room (mute, force mute, camera, hands, screen
 * sharing): each command's effect through the API and on the members' `/room` sockets, with a
 * real Janus. Lock, kick, end and host transfer are in host-membership.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ResultCode } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import {
  about,
  accepted,
  command,
  enter,
  fakeOffer,
  publishFakeCamera,
  info,
  listen,
  visitor,
  withMembers,
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
  vi.restoreAllMocks();
  for (const m of open.splice(0)) m.socket.disconnect();
});
afterAll(() => t.close());

const meetingWithMembers = () => withMembers(t, base, open);
const set = (token: string, uri: string, ext: Record<string, unknown>) =>
  accepted(t, token, uri, ext);

describe('conf_mute', () => {
  test('mute all turns members’ microphones off but they may unmute; the host is untouched', async () => {
    const { meeting, host, alice, a, b } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '1',
      scope: 'all',
    });
    expect((await info(t, meeting.id)).confMute).toBe(1);
    await a.waitFor('roomUpdated', (n) => n.actions.includes('muteAudio'));
    await b.waitFor('roomUpdated', (n) => n.actions.includes('muteAudio'));
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && !p.audioEnabled && !p.forceMuted),
    );
    await a.waitFor('roomUpdated', (n) => n.properties?.confMute === 1);
    expect(host.notes.some((n) => n.type === 'roomUpdated' && n.actions.length > 0)).toBe(false);
    expect(
      await a.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' }),
    ).toMatchObject({
      ok: true,
    });
  });

  test('force mute all: members cannot unmute, Janus holds their audio back, a newcomer joins muted; 0 lifts it', async () => {
    const { meeting, host, alice, a, b, peerOf } = await meetingWithMembers();
    const moderate = vi.spyOn(t.app.janus!, 'moderate');
    // Alice publishes a camera feed (Janus accepts the offer; the feed comes up as if connected).
    const feed = await publishFakeCamera(a, peerOf(alice.userId));
    const janusRoom = t.app.rooms!.room(meeting.id)!.janusRoom;

    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '2',
      scope: 'all',
    });
    await a.waitFor('roomUpdated', (n) => n.actions.includes('muteAudio'));
    await b.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.forceMuted),
    );
    expect(moderate).toHaveBeenCalledWith(janusRoom, feed, '0', true);
    await expect(moderate.mock.results[0]!.value).resolves.toBeUndefined();

    const refused = await a.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' });
    expect(refused).toMatchObject({
      ok: false,
      code: ResultCode.failure,
      error: expect.stringMatching(/muted you/),
    });
    expect(peerOf(alice.userId).info.audioEnabled).toBe(false);
    expect(
      await b.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' }),
    ).toMatchObject({ ok: false });
    expect(
      await host.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' }),
    ).toMatchObject({ ok: true });

    const carol = await visitor(t);
    const late = await enter(t, base, carol, meeting.id, 'Carol');
    open.push(late.member);
    expect(late.joined.me).toMatchObject({ forceMuted: true, audioEnabled: false });
    expect(late.joined.properties).toMatchObject({ confMute: 2 });

    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '0',
      scope: 'all',
    });
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && !p.forceMuted),
    );
    expect(moderate).toHaveBeenLastCalledWith(janusRoom, feed, '0', false);
    expect((await info(t, meeting.id)).confMute).toBe(0);
    expect(
      await a.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' }),
    ).toMatchObject({ ok: true });
  });

  test('force mute of one member holds across a reconnect; lifting it lets them talk', async () => {
    const { meeting, alice, a, b } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '2',
      code_list: String(alice.userId),
    });
    await a.waitFor('roomUpdated', (n) => n.actions.includes('muteAudio'));
    await b.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.forceMuted),
    );
    expect(b.notes.some((n) => n.type === 'roomUpdated' && n.actions.length > 0)).toBe(false);
    expect((await info(t, meeting.id)).confMute).toBe(0);

    a.socket.disconnect();
    const again = await enter(t, base, alice, meeting.id, 'Alice');
    open.push(again.member);
    expect(again.joined.me).toMatchObject({ forceMuted: true, audioEnabled: false });
    expect(
      await again.member.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' }),
    ).toMatchObject({ ok: false });

    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '0',
      code_list: [alice.userId],
    });
    await again.member.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && !p.forceMuted),
    );
    expect(
      await again.member.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' }),
    ).toMatchObject({ ok: true });
  });
});

describe('video_enable', () => {
  test('a disabled camera cannot be turned on until the host enables it again', async () => {
    const { meeting, alice, a, host } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'video_enable',
      ext_value: '0',
      code_list: String(alice.userId),
    });
    await a.waitFor('roomUpdated', (n) => n.actions.includes('disableVideo'));
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.videoDisabled && !p.videoEnabled),
    );
    const refused = await a.request({ type: 'resumeProducer', source: 'camera', kind: 'video' });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/camera/) });
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'video_enable',
      ext_value: '1',
      scope: 'all',
    });
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && !p.videoDisabled),
    );
    expect(
      await a.request({ type: 'resumeProducer', source: 'camera', kind: 'video' }),
    ).toMatchObject({ ok: true });
  });
});

describe('hand_up', () => {
  test('a raised hand approved by the host turns the member’s microphone on, even under force mute', async () => {
    const { meeting, alice, bob, a, b, host } = await meetingWithMembers();
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '2',
      scope: 'all',
    });
    await a.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.forceMuted),
    );

    const raise = await command(t, alice.token, meeting.uri, {
      ext_type: 'hand_up',
      ext_value: '1',
    });
    expect(raise.json().code).toBe(0);
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.handUp === 1),
    );
    await command(t, bob.token, meeting.uri, { ext_type: 'hand_up', ext_value: '1' });
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === bob.userId && p.handUp === 1),
    );

    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'hand_up',
      ext_value: '1',
      code_list: String(alice.userId),
    });
    await a.waitFor('roomUpdated', (n) => n.actions.includes('unmuteAudio'));
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.handUp === 2 && !p.forceMuted),
    );
    expect(
      await a.request({ type: 'resumeProducer', source: 'camera', kind: 'audio' }),
    ).toMatchObject({ ok: true });
    await host.waitFor('peerUpdated', (n) => n.peer.userId === alice.userId && n.peer.audioEnabled);

    // Refusing everyone touches only raised hands: Bob's, not Alice's approved one.
    await set(meeting.hostToken, meeting.uri, {
      ext_type: 'hand_up',
      ext_value: '0',
      scope: 'all',
    });
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === bob.userId && p.handUp === 3),
    );
    const room = t.app.rooms!.room(meeting.id)!;
    expect(room.peers.get(String(alice.userId))!.info.handUp).toBe(2);
    expect(b.notes.some((n) => n.type === 'roomUpdated' && n.actions.includes('unmuteAudio'))).toBe(
      false,
    );
  });

  test('a member lowers their own hand', async () => {
    const { meeting, alice, host } = await meetingWithMembers();
    await command(t, alice.token, meeting.uri, { ext_type: 'hand_up', ext_value: '1' });
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.handUp === 1),
    );
    await command(t, alice.token, meeting.uri, {
      ext_type: 'hand_up',
      ext_value: '0',
      code_list: String(alice.userId),
    });
    await host.waitFor(
      'roomUpdated',
      about((p) => p.userId === alice.userId && p.handUp === 0),
    );
  });
});

describe('screen_share', () => {
  test('turning sharing off stops a member’s share and refuses new ones; the host still may', async () => {
    const { meeting, alice, a, host, peerOf } = await meetingWithMembers();
    expect(
      (
        await a.request({
          type: 'publish',
          source: 'screen',
          jsep: fakeOffer(false),
          audio: false,
          video: true,
        })
      ).ok,
    ).toBe(true);
    peerOf(alice.userId).media.emit('webrtcUp', 'screen');
    await host.waitFor('streamsChanged', (n) => n.source === 'screen' && n.feedId !== null);

    await set(meeting.hostToken, meeting.uri, { ext_type: 'screen_share', ext_value: '0' });
    await a.waitFor('roomUpdated', (n) => n.actions.includes('stopShare'));
    await host.waitFor('streamsChanged', (n) => n.source === 'screen' && n.feedId === null);
    await host.waitFor('roomUpdated', (n) => n.properties?.screenShareAllowed === false);
    expect(peerOf(alice.userId).info.shareEnabled).toBe(false);

    const again = await a.request({
      type: 'publish',
      source: 'screen',
      jsep: fakeOffer(false),
      audio: false,
      video: true,
    });
    expect(again).toMatchObject({ ok: false, error: expect.stringMatching(/screen sharing/) });
    const hostShare = await host.request({
      type: 'publish',
      source: 'screen',
      jsep: fakeOffer(false),
      audio: false,
      video: true,
    });
    expect(hostShare.ok).toBe(true);

    await set(meeting.hostToken, meeting.uri, { ext_type: 'screen_share', ext_value: '1' });
    await a.waitFor('roomUpdated', (n) => n.properties?.screenShareAllowed === true);
    expect(
      (
        await a.request({
          type: 'publish',
          source: 'screen',
          jsep: fakeOffer(false),
          audio: false,
          video: true,
        })
      ).ok,
    ).toBe(true);
  });
});
