import { describe, expect, test } from 'vitest';
import { clockText, membersByRoom, randomAssignments } from './breakout-plan';

describe('randomAssignments', () => {
  test('everyone gets a room, sizes differ by at most one', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7];
    const out = randomAssignments(ids, 3);
    expect(out.map((a) => a.userId).sort()).toEqual(ids);
    const sizes = [1, 2, 3].map((r) => out.filter((a) => a.room === r).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(out.every((a) => a.room >= 1 && a.room <= 3)).toBe(true);
  });

  test('the split is random (a different draw gives a different split)', () => {
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    let seed = 1;
    const rng = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const a = randomAssignments(ids, 2, rng);
    const b = randomAssignments(ids, 2, rng);
    expect(a).not.toEqual(b);
  });

  test('more rooms than people leaves rooms empty, nobody unplaced', () => {
    expect(randomAssignments([9], 4)).toEqual([{ userId: 9, room: 1 }]);
  });
});

describe('membersByRoom', () => {
  test('groups by room, main room first; a room that no longer exists counts as main', () => {
    const m = (userId: number, room: number) => ({
      userId,
      room,
      displayName: `U${userId}`,
      askedForHelp: false,
    });
    const groups = membersByRoom([m(1, 0), m(2, 2), m(3, 1), m(4, 7)], 2);
    expect(groups.map((g) => g.map((x) => x.userId))).toEqual([[1, 4], [3], [2]]);
  });
});

describe('clockText', () => {
  test.each([
    [0, '0:00'],
    [-5, '0:00'],
    [999, '0:01'],
    [60_000, '1:00'],
    [59_001, '1:00'],
    [754_000, '12:34'],
  ])('%i ms is %s', (ms, text) => expect(clockText(ms)).toBe(text));
});
