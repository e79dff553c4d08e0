import { describe, expect, test } from 'vitest';
import {
  conferenceIdInput,
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
