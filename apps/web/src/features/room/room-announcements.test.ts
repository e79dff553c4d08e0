import { describe, expect, test } from 'vitest';
import type { ChatMessage, PeerInfo } from '@meet/shared';
import { peerInfo } from '../../test/peer-info';
import { ANNOUNCED_CHAT_CHARS, announcementsOf } from './room-announcements';
import { initialRoomState, type RoomState } from '../room-core/room-store';

const me = peerInfo(1, { displayName: 'Me' });
const ann = peerInfo(2, { displayName: 'Ann' });
const bo = peerInfo(3, { displayName: 'Bo' });
const msg = (id: number, from: number, content = `m${id}`): ChatMessage => ({
  id,
  time: id,
  scode: String(from),
  sname: from === 1 ? 'Me' : from === 2 ? 'Ann' : 'Bo',
  ua: 3,
  content,
});

function state(extra: Partial<RoomState> = {}): RoomState {
  return { ...initialRoomState(), connection: 'connected', me, peers: [ann], ...extra };
}
const peers = (...list: PeerInfo[]) => list;

describe('announcementsOf', () => {
  test.each<[string, Partial<RoomState>, Partial<RoomState>, unknown[]]>([
    ['someone joins', {}, { peers: peers(ann, bo) }, [{ key: 'joined', name: 'Bo' }]],
    [
      'someone leaves',
      { peers: peers(ann, bo) },
      { peers: peers(bo) },
      [{ key: 'left', name: 'Ann' }],
    ],
    [
      'a hand goes up',
      {},
      { peers: peers({ ...ann, handUp: 1 }) },
      [{ key: 'handRaised', name: 'Ann' }],
    ],
    [
      'a hand comes down',
      { peers: peers({ ...ann, handUp: 1 }) },
      { peers: peers(ann) },
      [{ key: 'handLowered', name: 'Ann' }],
    ],
    [
      'the host refuses a hand',
      { peers: peers({ ...ann, handUp: 1 }) },
      { peers: peers({ ...ann, handUp: 3 }) },
      [{ key: 'handLowered', name: 'Ann' }],
    ],
    [
      'the host lets a hand speak',
      { peers: peers({ ...ann, handUp: 1 }) },
      { peers: peers({ ...ann, handUp: 2 }) },
      [],
    ],
    ['a mute is not news here', {}, { peers: peers({ ...ann, audioEnabled: false }) }, []],
    [
      'a message from someone else',
      { chat: [msg(1, 2)] },
      { chat: [msg(1, 2), msg(2, 3, ' hi\n  there ')] },
      [{ key: 'chat', name: 'Bo', text: 'hi there' }],
    ],
    ['my own message', {}, { chat: [msg(1, 1)] }, []],
    [
      'someone else’s reaction, by its name',
      {},
      { reactions: [{ id: 1, peerId: '2', emoji: '👏' }] },
      [{ key: 'reaction', name: 'Ann', reaction: 'clap' }],
    ],
    ['my own reaction', {}, { reactions: [{ id: 1, peerId: '1', emoji: '👏' }] }, []],
    [
      'a reaction ending',
      { reactions: [{ id: 1, peerId: '2', emoji: '👏' }] },
      { reactions: [] },
      [],
    ],
    [
      'the peer list and history while joining',
      { connection: 'connecting', peers: [] },
      { connection: 'connecting', peers: peers(ann, bo), chat: [msg(1, 2)] },
      [],
    ],
    ['the first list as the join completes', { connection: 'connecting', peers: [] }, {}, []],
    [
      'what a rejoin brings back',
      { connection: 'connecting', peers: [] },
      { connection: 'connected', peers: peers(ann, bo), chat: [msg(5, 2)] },
      [],
    ],
  ])('%s', (_name, before, after, expected) => {
    const prev = state(before);
    expect(announcementsOf(prev, { ...prev, ...state(), ...after })).toEqual(expected);
  });

  test('a long message is cut, the chat panel has the rest', () => {
    const prev = state();
    const long = 'x'.repeat(ANNOUNCED_CHAT_CHARS + 40);
    const [said] = announcementsOf(prev, { ...prev, chat: [msg(9, 2, long)] });
    expect(said).toEqual({
      key: 'chat',
      name: 'Ann',
      text: `${'x'.repeat(ANNOUNCED_CHAT_CHARS)}…`,
    });
  });
});
