import type { PeerInfo } from '@meet/shared';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRoomStore, initialRoomState, roomReducer, type RoomAction } from './room-store';

function peer(id: number, extra: Partial<PeerInfo> = {}): PeerInfo {
  return {
    peerId: String(id),
    userId: id,
    displayName: `user ${id}`,
    avatar: '',
    isHost: false,
    isCreator: false,
    isVisitor: false,
    audioEnabled: true,
    videoEnabled: true,
    shareEnabled: false,
    openVideoTime: 0,
    shareTime: 0,
    feeds: {},
    mids: {},
    handUp: 0,
    voiceLanguage: 'en',
    ...extra,
  };
}

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
