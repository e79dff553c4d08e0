/**
 * How many messages a host command costs: it is applied once and announced once, one
 * `roomUpdated` to each member with everything that changed for them, so a meeting of N members
 * hears N messages (not one per member per member, twice); a member's own request that changes
 * nothing announces nothing. Counted on the members' real `/room` sockets, with a real Janus.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { RoomNotification } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { accepted, createMeeting, enter, listen, visitor, type Member } from './room-members.js';

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

/** A meeting with its host and `others` members, all in the room and quiet. */
async function meetingOf(others: number) {
  const meeting = await createMeeting(t);
  const host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
  open.push(host);
  const members: Member[] = [];
  const memberIds: number[] = [];
  for (let i = 1; i <= others; i++) {
    const account = await visitor(t);
    const member = (await enter(t, base, account, meeting.id, `M${i}`)).member;
    open.push(member);
    members.push(member);
    memberIds.push(account.userId);
  }
  const everyone = [host, ...members];
  await settled(everyone);
  for (const m of everyone) m.notes.splice(0);
  return { meeting, host, members, memberIds, everyone };
}

/** Waits until no member has received anything for a while. */
async function settled(members: Member[], quietMs = 300): Promise<void> {
  let seen = -1;
  for (;;) {
    const now = members.reduce((sum, m) => sum + m.notes.length, 0);
    if (now === seen) return;
    seen = now;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/** Members answer a host's mute as the web client does: by pausing their microphone. */
function echoMutes(members: Member[]): Promise<unknown>[] {
  const echoes: Promise<unknown>[] = [];
  for (const m of members) {
    m.socket.on('notification', (n: RoomNotification) => {
      if (n.type === 'roomUpdated' && n.actions.includes('muteAudio'))
        echoes.push(m.request({ type: 'pauseProducer', source: 'camera', kind: 'audio' }));
    });
  }
  return echoes;
}

describe('a mute-all', () => {
  // Before one message per command: 10 members heard 109 messages for a mute-all (90 of them
  // peerUpdated) and 208 for a force mute-all, 199 and 388 with the clients' pause echoes.
  test.each([
    ['mute all', '1', 1],
    ['force mute all', '2', 2],
  ])(
    '%s of 12 members sends each member one roomUpdated, and the clients’ pauses announce nothing',
    async (_name, value, confMute) => {
      const { meeting, host, members, memberIds, everyone } = await meetingOf(11);
      const echoes = echoMutes(members);
      await accepted(t, meeting.hostToken, meeting.uri, {
        ext_type: 'conf_mute',
        ext_value: value,
        scope: 'all',
      });
      await settled(everyone);
      expect(echoes).toHaveLength(members.length);
      for (const ack of await Promise.all(echoes)) expect(ack).toMatchObject({ ok: true });
      await settled(everyone);

      const notes = everyone.flatMap((m) => m.notes);
      expect(notes).toHaveLength(everyone.length);
      for (const m of everyone) {
        expect(m.notes).toHaveLength(1);
        const [note] = m.notes;
        if (note?.type !== 'roomUpdated')
          throw new Error(`expected roomUpdated, got ${note?.type}`);
        expect(note.properties?.confMute).toBe(confMute);
        expect(note.actions).toEqual(m === host ? [] : ['muteAudio']);
        // Every member but the host, microphone off; held so only under force mute.
        expect(note.peers.map((p) => p.userId).sort()).toEqual([...memberIds].sort());
        for (const peer of note.peers) {
          expect(peer.audioEnabled).toBe(false);
          expect(peer.forceMuted).toBe(confMute === 2);
        }
      }
    },
  );
});

describe('a command about one member', () => {
  test.each([
    ['mute', { ext_type: 'conf_mute', ext_value: '1' }, ['muteAudio']],
    ['force mute', { ext_type: 'conf_mute', ext_value: '2' }, ['muteAudio']],
    ['disable the camera', { ext_type: 'video_enable', ext_value: '0' }, ['disableVideo']],
  ])(
    '%s: each member hears of it once, and only the member is told to act',
    async (_name, ext, actions) => {
      const { meeting, members, memberIds, everyone } = await meetingOf(4);
      const [target] = memberIds;
      await accepted(t, meeting.hostToken, meeting.uri, { ...ext, code_list: String(target) });
      await settled(everyone);
      for (const m of everyone) {
        expect(m.notes).toHaveLength(1);
        expect(m.notes[0]).toMatchObject({
          type: 'roomUpdated',
          peers: [{ userId: target }],
          actions: m === members[0] ? actions : [],
        });
      }
    },
  );
});

describe('a member’s own media', () => {
  test('a pauseProducer that changes nothing announces nothing; one that does, once to each member', async () => {
    const { members, everyone } = await meetingOf(3);
    const [first] = members;
    const pause = { type: 'pauseProducer', source: 'camera', kind: 'audio' } as const;

    expect(await first!.request(pause)).toMatchObject({ ok: true });
    await settled(everyone);
    for (const m of everyone) expect(m.notes.map((n) => n.type)).toEqual(['peerUpdated']);

    for (const m of everyone) m.notes.splice(0);
    expect(await first!.request(pause)).toMatchObject({ ok: true });
    expect(
      await first!.request({ type: 'pauseProducer', source: 'screen', kind: 'video' }),
    ).toMatchObject({ ok: true });
    await settled(everyone);
    expect(everyone.flatMap((m) => m.notes)).toEqual([]);
  });
});
