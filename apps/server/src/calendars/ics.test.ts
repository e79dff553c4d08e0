import { expect, test } from 'vitest';
import { calendarText, escapeText, fold, icsTime } from './ics.js';

test('times are UTC basic format', () => {
  expect(icsTime(Date.UTC(2026, 5, 1, 8, 30, 5))).toBe('20260601T083005Z');
});

test.each([
  ['a,b;c\\d', 'a\\,b\\;c\\\\d'],
  ['line one\nline two', 'line one\\nline two'],
  ['CRLF\r\nbreak', 'CRLF\\nbreak'],
  ['Team sync\rLOCATION:evil', 'Team sync\\nLOCATION:evil'],
  [
    'bell\u0007 and DEL\u007f and C1\u0085 dropped\ttab kept',
    'bell and DEL and C1 dropped\ttab kept',
  ],
])('TEXT %j is escaped as %j', (text, escaped) => {
  expect(escapeText(text)).toBe(escaped);
});

test('long lines fold at 75 octets without splitting a character', () => {
  const line = `SUMMARY:${'会议'.repeat(40)}`;
  const folded = fold(line).split('\r\n');
  expect(folded.length).toBeGreaterThan(1);
  for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
  expect(folded.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
});

test('a calendar is CRLF text with one VEVENT per event', () => {
  const text = calendarText({
    events: [
      {
        conferenceId: '123456789',
        topic: 'Plan',
        startTime: 0,
        endTime: 3600_000,
        inviteUrl: 'http://h/i/123456789',
        description: ['Join'],
        sequence: 2,
      },
    ],
    host: 'h',
    method: 'PUBLISH',
    now: 0,
  });
  expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(text).toContain('\r\nUID:meeting-123456789@h\r\n');
  expect(text).toContain('\r\nSEQUENCE:2\r\n');
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
});

test('a lone CR in a topic cannot start a property of its own', () => {
  const text = calendarText({
    events: [
      {
        conferenceId: '123456789',
        topic: 'Team sync\rLOCATION:https://evil.example',
        startTime: 0,
        endTime: 3600_000,
        inviteUrl: 'http://h/i/123456789',
        description: ['Join'],
        sequence: 0,
      },
    ],
    host: 'h',
    method: 'PUBLISH',
    now: 0,
  });
  // Calendar apps break lines at CR, LF or CRLF: every line must be one of ours.
  const lines = text.split(/\r\n|\r|\n/);
  expect(lines.filter((l) => l.startsWith('LOCATION:'))).toEqual(['LOCATION:http://h/i/123456789']);
  expect(text).toContain('\r\nSUMMARY:Team sync\\nLOCATION:https://evil.example\r\n');
});
