import { beforeEach, describe, expect, test } from 'vitest';
import type { JoinPayload } from '@meet/shared';
import {
  clearJoinPayload,
  conferenceIdInput,
  joinedMeetingId,
  markInRoom,
  recentlyInRoom,
  saveJoinPayload,
  stillInRoom,
  formatConferenceId,
  isWellFormedConferenceId,
  normalizeConferenceId,
} from './join-session';

describe('a typed or pasted meeting ID', () => {
  test.each([
    ['digits stay', '123456789', '123456789'],
    ['spaces between groups', '123 456 789', '123456789'],
    ['dashes between groups', '123-456-789', '123456789'],
    ['a dash from a word processor', '123–456—789', '123456789'],
    ['spaces and dashes around', ' 123 - 456 - 7890 ', '1234567890'],
  ])('%s: normalized to digits', (_name, typed, id) => {
    expect(normalizeConferenceId(typed)).toBe(id);
    expect(isWellFormedConferenceId(typed)).toBe(true);
  });

  test.each([
    ['digits, spaces and dashes are kept as typed', '123 456-789', '123 456-789'],
    ['letters are not accepted', '12a3b', '123'],
    ['a pasted label leaves the ID', 'Meeting ID: 123-456-789', '123-456-789'],
    ['dots and plus signs are not accepted', '+123.456', '123456'],
  ])('%s', (_name, typed, kept) => {
    expect(conferenceIdInput(typed)).toBe(kept);
  });

  test('is read aloud in groups of three', () => {
    expect(formatConferenceId('123456789')).toBe('123 456 789');
    expect(formatConferenceId('1234567890')).toBe('123 456 7890');
  });
});

describe('a reload mid-meeting (issue 29)', () => {
  beforeEach(() => sessionStorage.clear());

  test('within a minute of being in the room it goes straight back in; later, or another meeting, not', () => {
    markInRoom('42', 1_000_000);
    expect(recentlyInRoom('42', 1_000_000 + 59_999)).toBe(true);
    expect(recentlyInRoom('42', 1_000_000 + 60_000)).toBe(false);
    expect(recentlyInRoom('43', 1_000_000)).toBe(false);
    // The page unloading while in the room counts from then.
    stillInRoom('42', 1_100_000);
    expect(recentlyInRoom('42', 1_100_000 + 30_000)).toBe(true);
    // Not for another meeting's page, and never after leaving.
    stillInRoom('43', 1_200_000);
    expect(recentlyInRoom('43', 1_200_000)).toBe(false);
    clearJoinPayload();
    expect(recentlyInRoom('42', 1_100_000)).toBe(false);
    sessionStorage.setItem('joinInRoom', '{not json');
    expect(recentlyInRoom('42', 1_100_000)).toBe(false);
  });

  test('the joined meeting is read back from the stored join payload', () => {
    expect(joinedMeetingId()).toBeNull();
    saveJoinPayload({ conferenceId: '42' } as JoinPayload);
    expect(joinedMeetingId()).toBe('42');
    sessionStorage.setItem('joinPayload', '[');
    expect(joinedMeetingId()).toBeNull();
  });
});
