import type { ChatMessage, PeerInfo, WaitingEntry } from '@meet/shared';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRoomStore, initialRoomState, roomReducer, type RoomAction } from './room-store';
import { peerInfo } from '../../test/peer-info';

const peer = (id: number, extra: Partial<PeerInfo> = {}) => peerInfo(id, extra);

const run = (actions: RoomAction[], state = initialRoomState()) =>
  actions.reduce(roomReducer, state);

describe('room store: sharing and view mode', () => {
  test('a share switches grid to float and its end restores grid', () => {
    const base = run([
      { type: 'me', me: peer(1) },
      { type: 'peers', peers: [peer(2)] },
    ]);
    expect(base.viewMode).toBe('grid');
    const sharing = roomReducer(base, { type: 'peers', peers: [peer(2, { shareEnabled: true })] });
    expect(sharing.viewMode).toBe('float');
    expect(sharing.previousMode).toBe('grid');
    const stopped = roomReducer(sharing, { type: 'peers', peers: [peer(2)] });
    expect(stopped.viewMode).toBe('grid');
    expect(stopped.previousMode).toBeNull();
  });

  test('my own share (before the server echo) also switches, and float stays float', () => {
    const s = run([
      { type: 'me', me: peer(1) },
      { type: 'viewMode', mode: 'float' },
      { type: 'localShare', on: true },
    ]);
    expect(s.viewMode).toBe('float');
    expect(run([{ type: 'localShare', on: false }], s).viewMode).toBe('float');
  });

  test('grid cannot be chosen while someone shares', () => {
    const s = run([
      { type: 'me', me: peer(1) },
      { type: 'peers', peers: [peer(2, { shareEnabled: true })] },
      { type: 'viewMode', mode: 'grid' },
    ]);
    expect(s.viewMode).toBe('float');
  });

  test('a second share ending does not restore while another continues', () => {
    const s = run([
      { type: 'me', me: peer(1) },
      { type: 'peers', peers: [peer(2, { shareEnabled: true }), peer(3, { shareEnabled: true })] },
      { type: 'peers', peers: [peer(2), peer(3, { shareEnabled: true })] },
    ]);
    expect(s.viewMode).toBe('float');
  });

  test('the lock is released when the locked member stops sharing', () => {
    const s = run([
      { type: 'me', me: peer(1) },
      { type: 'peers', peers: [peer(2, { shareEnabled: true }), peer(3)] },
      { type: 'lock', peerId: '2' },
    ]);
    expect(s.lockedId).toBe('2');
    expect(roomReducer(s, { type: 'peers', peers: [peer(2), peer(3)] }).lockedId).toBeNull();
  });

  test('a lock on a member who never shared survives a share ending', () => {
    const s = run([
      { type: 'me', me: peer(1) },
      { type: 'peers', peers: [peer(2, { shareEnabled: true }), peer(3)] },
      { type: 'lock', peerId: '3' },
      { type: 'peers', peers: [peer(2), peer(3)] },
    ]);
    expect(s.lockedId).toBe('3');
  });

  test('the lock is released when the locked member leaves', () => {
    const s = run([
      { type: 'me', me: peer(1) },
      { type: 'peers', peers: [peer(2)] },
      { type: 'lock', peerId: '2' },
      { type: 'peers', peers: [] },
    ]);
    expect(s.lockedId).toBeNull();
  });
});

describe('room store: connection', () => {
  test('reconnecting lasts until connected again', () => {
    const s = run([{ type: 'connection', state: 'connected' }, { type: 'reconnecting' }]);
    expect(s.reconnecting).toBe(true);
    expect(roomReducer(s, { type: 'connection', state: 'connected' }).reconnecting).toBe(false);
  });
});

describe('room store: speaking', () => {
  afterEach(() => vi.useRealTimers());

  test('power above 3 marks speaking, cleared 2 s after the last loud sample', () => {
    vi.useFakeTimers();
    const store = createRoomStore();
    store.dispatch({ type: 'volume', peerId: '2', power: 3 });
    expect(store.getState().speaking['2']).toBeUndefined();
    store.dispatch({ type: 'volume', peerId: '2', power: 20 });
    expect(store.getState().speaking['2']).toBe(true);
    vi.advanceTimersByTime(1500);
    store.dispatch({ type: 'volume', peerId: '2', power: 10 });
    vi.advanceTimersByTime(1500);
    expect(store.getState().speaking['2']).toBe(true);
    store.dispatch({ type: 'volume', peerId: '2', power: 0 });
    vi.advanceTimersByTime(500);
    expect(store.getState().speaking['2']).toBeUndefined();
    store.dispose();
  });
});

function message(id: number, from: number, time = id * 1000): ChatMessage {
  return { id, time, scode: String(from), sname: `user ${from}`, ua: 3, content: `text ${id}` };
}

function waiting(userId: number, status = 2): WaitingEntry {
  return { userId, userAvatar: '', userConferenceName: `w${userId}`, status };
}

const joined = (extra: RoomAction[] = []) =>
  run([
    { type: 'me', me: peer(1) },
    { type: 'host', hostId: 1 },
    { type: 'peers', peers: [peer(2), peer(3)] },
    ...extra,
  ]);

describe('room store: chat', () => {
  test('history and live messages merge by id, oldest first, without duplicates', () => {
    const s = joined([
      { type: 'chat', messages: [message(1, 2), message(2, 3)], live: false },
      { type: 'chat', messages: [message(3, 2)], live: true },
      // A reconnect's history repeats what is known and brings one that was missed.
      {
        type: 'chat',
        messages: [message(1, 2), message(2, 3), message(3, 2), message(4, 3)],
        live: true,
      },
      // The sender's own echo after the acknowledgement.
      { type: 'chat', messages: [message(4, 3)], live: true },
    ]);
    expect(s.chat.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  test('a message older than the newest is put in its place', () => {
    const s = joined([
      { type: 'chat', messages: [message(1, 2), message(3, 2)], live: false },
      { type: 'chat', messages: [message(2, 3)], live: true },
    ]);
    expect(s.chat.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  test('nothing new leaves the state as it was', () => {
    const s = joined([{ type: 'chat', messages: [message(1, 2)], live: false }]);
    expect(roomReducer(s, { type: 'chat', messages: [message(1, 2)], live: true })).toBe(s);
  });

  test.each([
    ['live messages from others count', [message(1, 2), message(2, 3)], true, 2],
    ['my own message does not count', [message(1, 1), message(2, 3)], true, 1],
    ['the first history does not count', [message(1, 2), message(2, 3)], false, 0],
  ])('unread: %s', (_name, messages, live, unread) => {
    expect(joined([{ type: 'chat', messages, live }]).chatUnread).toBe(unread);
  });

  test('a repeated message is not unread twice', () => {
    const s = joined([
      { type: 'chat', messages: [message(1, 2)], live: true },
      { type: 'chat', messages: [message(1, 2)], live: true },
    ]);
    expect(s.chatUnread).toBe(1);
  });

  test('opening the chat tab clears unread, and nothing counts while it is shown', () => {
    const s = joined([
      { type: 'chat', messages: [message(1, 2)], live: true },
      { type: 'panel', panel: 'chat' },
    ]);
    expect(s.chatUnread).toBe(0);
    const more = roomReducer(s, { type: 'chat', messages: [message(2, 3)], live: true });
    expect(more.chatUnread).toBe(0);
    const elsewhere = run(
      [
        { type: 'panel', panel: 'members' },
        { type: 'chat', messages: [message(3, 3)], live: true },
      ],
      more,
    );
    expect(elsewhere.chatUnread).toBe(1);
  });
});

describe('room store: properties', () => {
  test('start open and take what the server says, field by field', () => {
    const s0 = initialRoomState();
    expect(s0.properties).toEqual({
      confMute: 0,
      lockRoom: false,
      waitingRoom: false,
      screenShareAllowed: true,
      recordStatus: 0,
      recordType: 0,
      recordStartedAt: 0,
    });
    const s = run(
      [
        {
          type: 'properties',
          properties: { confMute: 2, lockRoom: true, waitingRoom: false, screenShareAllowed: true },
        },
        { type: 'properties', properties: { waitingRoom: true } },
      ],
      s0,
    );
    expect(s.properties).toEqual({
      confMute: 2,
      lockRoom: true,
      waitingRoom: true,
      screenShareAllowed: true,
      recordStatus: 0,
      recordType: 0,
      recordStartedAt: 0,
    });
  });
});

describe('room store: waiting list and host tabs', () => {
  test('the host keeps the waiting list without admitted entries', () => {
    const s = joined([
      { type: 'waitingList', entries: [waiting(7), waiting(8, 1), waiting(9, 3)] },
    ]);
    expect(s.waiting.map((e) => e.userId)).toEqual([7, 9]);
    const after = roomReducer(s, { type: 'waitingRemoved', userIds: [7] });
    expect(after.waiting.map((e) => e.userId)).toEqual([9]);
    expect(roomReducer(after, { type: 'waitingRemoved', userIds: [7] })).toBe(after);
  });

  test('a member ignores a waiting list and cannot open the host tabs', () => {
    const s = run([
      { type: 'me', me: peer(2) },
      { type: 'host', hostId: 1 },
      { type: 'waitingList', entries: [waiting(7)] },
      { type: 'panel', panel: 'controls' },
    ]);
    expect(s.waiting).toEqual([]);
    expect(s.panel).toBeNull();
    expect(roomReducer(s, { type: 'panel', panel: 'chat' }).panel).toBe('chat');
  });

  test('losing the host role moves off the host tabs and forgets the waiting list', () => {
    const s = joined([
      { type: 'waitingList', entries: [waiting(7)] },
      { type: 'panel', panel: 'waiting' },
      { type: 'host', hostId: 2 },
    ]);
    expect(s.panel).toBe('members');
    expect(s.waiting).toEqual([]);
  });

  test('becoming host opens the host tabs to me', () => {
    const s = run([
      { type: 'me', me: peer(2) },
      { type: 'host', hostId: 1 },
      { type: 'host', hostId: 2 },
      { type: 'panel', panel: 'controls' },
    ]);
    expect(s.panel).toBe('controls');
  });
});
