import { CHAT_MAX_LENGTH, type ChatMessage } from '@meet/shared';
import { describe, expect, test } from 'vitest';
import { chatLength, chatProblem, formatChatTime, mergeChat } from './chat-log';

const m = (id: number, time = id): ChatMessage => ({
  id,
  time,
  scode: '1',
  sname: 'a',
  ua: 3,
  content: String(id),
});

describe('mergeChat', () => {
  test('appends newer messages and reports them as added', () => {
    const { log, added } = mergeChat([m(1)], [m(2), m(3)]);
    expect(log.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(added.map((x) => x.id)).toEqual([2, 3]);
  });

  test('drops ids it has, also twice in one batch', () => {
    const { log, added } = mergeChat([m(1), m(2)], [m(2), m(3), m(3)]);
    expect(log.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(added.map((x) => x.id)).toEqual([3]);
  });

  test('orders by time, then id, whatever order they came in', () => {
    const { log } = mergeChat([m(5, 50)], [m(9, 10), m(2, 30), m(1, 30)]);
    expect(log.map((x) => x.id)).toEqual([9, 1, 2, 5]);
  });

  test('returns the same log when nothing is new', () => {
    const log = [m(1)];
    expect(mergeChat(log, [m(1)]).log).toBe(log);
  });
});

describe('the composer rule', () => {
  test.each([
    ['', 'empty'],
    ['  \n ', 'empty'],
    ['hi', null],
    [' '.repeat(5) + 'x'.repeat(CHAT_MAX_LENGTH) + '\n', null],
    ['x'.repeat(CHAT_MAX_LENGTH + 1), 'tooLong'],
  ])('%j → %s', (text, problem) => {
    expect(chatProblem(text)).toBe(problem);
  });

  test('the counter counts the trimmed text', () => {
    expect(chatLength('  ab \n')).toBe(2);
  });
});

test('times are shown as HH:mm', () => {
  const at = new Date(2024, 0, 2, 9, 5, 59).getTime();
  expect(formatChatTime(at)).toBe('09:05');
  expect(formatChatTime(new Date(2024, 0, 2, 23, 0).getTime())).toBe('23:00');
});
