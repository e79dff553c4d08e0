import { describe, expect, test } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { ROOM_PASS_TTL_MS, RoomPasses } from './room-pass.js';

const key = Buffer.alloc(32, 7);
const member = {
  rowId: 12,
  conferenceId: '123456789',
  userId: 5,
  deviceId: 'dev-1',
  node: 'local',
};

describe('room passes', () => {
  test('a pass reads back as its member until its time runs out', () => {
    const clock = new ManualClock();
    const passes = new RoomPasses(key, clock);
    const pass = passes.issue(member);
    expect(passes.read(pass)).toEqual({ ...member, exp: clock.now() + ROOM_PASS_TTL_MS });
    clock.advance(ROOM_PASS_TTL_MS - 1);
    expect(passes.read(pass)).toMatchObject(member);
    clock.advance(1);
    expect(passes.read(pass)).toBeUndefined();
  });

  test('a pass changed by hand, signed with another key or not a pass reads as none', () => {
    const clock = new ManualClock();
    const passes = new RoomPasses(key, clock);
    const [body, signature] = passes.issue(member).split('.') as [string, string];
    // The same signature over someone else's membership.
    const forged = Buffer.from(
      JSON.stringify({ ...member, userId: 6, exp: clock.now() + ROOM_PASS_TTL_MS }),
    ).toString('base64url');
    expect(passes.read(`${forged}.${signature}`)).toBeUndefined();
    expect(passes.read(`${body}.${signature.slice(1)}`)).toBeUndefined();
    expect(passes.read(`${body}.${signature}.x`)).toBeUndefined();
    expect(passes.read('')).toBeUndefined();
    expect(passes.read('not a pass')).toBeUndefined();
    const elsewhere = new RoomPasses(Buffer.alloc(32, 8), clock);
    expect(elsewhere.read(`${body}.${signature}`)).toBeUndefined();
  });
});
