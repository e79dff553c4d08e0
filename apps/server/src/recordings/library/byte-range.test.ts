import { describe, expect, test } from 'vitest';
import { byteRange } from './byte-range.js';

describe('the part of a 1000-byte file a Range header asks for', () => {
  test.each([
    ['no header', undefined, 'whole'],
    ['the first 100 bytes', 'bytes=0-99', { start: 0, end: 99 }],
    ['from byte 500 on (a player seeking)', 'bytes=500-', { start: 500, end: 999 }],
    ['the last 100 bytes', 'bytes=-100', { start: 900, end: 999 }],
    ['more than the file from a start', 'bytes=900-5000', { start: 900, end: 999 }],
    ['a suffix longer than the file', 'bytes=-5000', { start: 0, end: 999 }],
    ['a start past the end', 'bytes=1000-', 'unsatisfiable'],
    ['an empty suffix', 'bytes=-0', 'unsatisfiable'],
    ['several ranges (the whole file instead)', 'bytes=0-1,5-6', 'whole'],
    ['another unit', 'items=0-1', 'whole'],
    ['an end before the start', 'bytes=50-10', 'whole'],
    ['nothing on either side', 'bytes=-', 'whole'],
  ])('%s', (_name, header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });

  test('an empty file has no range to give', () => {
    expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
