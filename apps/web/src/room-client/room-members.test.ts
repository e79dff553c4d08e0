/**
 * A member whose connection dropped (issue 29): shown as reconnecting, without media, until
 * they are back or the server's grace is over.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { peerInfo } from '../test/peer-info';
import { RoomMembers } from './room-members';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function room() {
  const members = new RoomMembers();
  const seen: string[][] = [];
  members.on('peers', (peers) =>
    seen.push(peers.map((p) => `${p.peerId}${p.reconnecting ? ' reconnecting' : ''}`)),
  );
  members.replace([peerInfo(2, { feeds: { camera: 7 } }), peerInfo(3)], peerInfo(1));
  return { members, seen };
}

describe('RoomMembers: reconnecting', () => {
  test('a dropped member stays, without feeds, and is gone when the grace is over', () => {
    const { members, seen } = room();
    members.reconnecting('2', 60_000);
    expect(members.others.get('2')).toMatchObject({ reconnecting: true, feeds: {}, mids: {} });
    expect(seen.at(-1)).toEqual(['2 reconnecting', '3']);
    vi.advanceTimersByTime(59_999);
    expect(members.others.has('2')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(seen.at(-1)).toEqual(['3']);
  });

  test('back within the grace, they are themselves again and stay', () => {
    const { members, seen } = room();
    members.reconnecting('2', 60_000);
    vi.advanceTimersByTime(30_000);
    members.update([peerInfo(2)]);
    expect(seen.at(-1)).toEqual(['2', '3']);
    vi.advanceTimersByTime(60_000);
    expect(members.others.get('2')?.reconnecting).toBeUndefined();
    expect(seen.at(-1)).toEqual(['2', '3']);
  });

  test('unknown members, a leave meanwhile and leaving the room stop the wait', () => {
    const { members, seen } = room();
    members.reconnecting('9', 1000);
    expect(members.others.has('9')).toBe(false);
    members.reconnecting('3', 1000);
    members.remove('3');
    members.reconnecting('2', 1000);
    members.dispose();
    const count = seen.length;
    vi.advanceTimersByTime(5000);
    expect(seen.length).toBe(count);
    expect(members.others.has('2')).toBe(true);
  });
});
