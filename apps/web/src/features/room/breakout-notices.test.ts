import { describe, expect, test } from 'vitest';
import { NO_BREAKOUTS, type BreakoutState } from '@meet/shared';
import { breakoutNotice } from './breakout-notices';

const open: BreakoutState = { ...NO_BREAKOUTS, status: 'open', rooms: ['Red', 'Blue'] };

describe('breakoutNotice', () => {
  test('moved into a room names it; back in the main room says so', () => {
    expect(breakoutNotice(NO_BREAKOUTS, { ...open, myRoom: 2 })).toEqual({
      key: 'room.breakout.movedTo',
      params: { room: 'Blue' },
    });
    expect(
      breakoutNotice({ ...open, myRoom: 2 }, { ...NO_BREAKOUTS, rooms: ['Red', 'Blue'] }),
    ).toEqual({
      key: 'room.breakout.backInMain',
    });
  });

  test('the countdown starting is told once; nothing else is news', () => {
    const closing = { ...open, myRoom: 1, status: 'closing' as const };
    expect(breakoutNotice({ ...open, myRoom: 1 }, closing)).toEqual({
      key: 'room.breakout.closingSoon',
    });
    expect(breakoutNotice(closing, closing)).toBeNull();
    expect(breakoutNotice(NO_BREAKOUTS, open)).toBeNull();
  });
});
