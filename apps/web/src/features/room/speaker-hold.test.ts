import { expect, test } from 'vitest';
import { nextHeld, SPEAKER_HOLD_MS, type HeldContext } from './speaker-hold';
import { cornerAfterKey, nearestCorner } from './self-corner';

const ctx: HeldContext = {
  meId: 'me',
  present: new Set(['me', 'a', 'b', 'c']),
  others: ['a', 'b', 'c'],
};
const none = { id: null, since: 0 };

test('before anyone speaks the first other member is shown, never me', () => {
  expect(nextHeld(none, null, ctx, 1000).held).toEqual({ id: 'a', since: 1000 });
  // I am the one speaking: still not me.
  expect(nextHeld(none, 'me', ctx, 1000).held).toEqual({ id: 'a', since: 1000 });
  // Alone: nobody (the main window then shows me, as the only one there).
  const alone = { meId: 'me', present: new Set(['me']), others: [] };
  expect(nextHeld(none, 'me', alone, 1000).held.id).toBeNull();
});

test('a new speaker waits until the current one has held the stage 2 s', () => {
  const held = { id: 'a', since: 10_000 };
  const early = nextHeld(held, 'b', ctx, 10_500);
  expect(early.held).toBe(held);
  expect(early.recheckIn).toBe(SPEAKER_HOLD_MS - 500);
  expect(nextHeld(held, 'b', ctx, 10_000 + SPEAKER_HOLD_MS).held).toEqual({
    id: 'b',
    since: 10_000 + SPEAKER_HOLD_MS,
  });
  // My own speaking never takes it from them.
  expect(nextHeld(held, 'me', ctx, 20_000)).toEqual({ held, recheckIn: null });
});

test('a held speaker who leaves is replaced at once', () => {
  const gone = { ...ctx, present: new Set(['me', 'b', 'c']), others: ['b', 'c'] };
  expect(nextHeld({ id: 'a', since: 10_000 }, 'c', gone, 10_100).held).toEqual({
    id: 'c',
    since: 10_100,
  });
  expect(nextHeld({ id: 'a', since: 10_000 }, null, gone, 10_100).held.id).toBe('b');
});

test('my corner window settles in the corner nearest to where it is let go, and moves with the arrows', () => {
  expect(nearestCorner(10, 10, 1000, 600)).toBe('tl');
  expect(nearestCorner(900, 10, 1000, 600)).toBe('tr');
  expect(nearestCorner(10, 500, 1000, 600)).toBe('bl');
  expect(nearestCorner(900, 500, 1000, 600)).toBe('br');
  expect(cornerAfterKey('br', 'ArrowLeft')).toBe('bl');
  expect(cornerAfterKey('bl', 'ArrowUp')).toBe('tl');
  expect(cornerAfterKey('tl', 'ArrowRight')).toBe('tr');
  expect(cornerAfterKey('tr', 'ArrowDown')).toBe('br');
  expect(cornerAfterKey('br', 'ArrowRight')).toBe('br');
  expect(cornerAfterKey('br', 'Enter')).toBe('br');
});
