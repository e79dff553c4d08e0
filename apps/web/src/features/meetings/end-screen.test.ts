import { expect, test } from 'vitest';
import { endView, type EndReason } from './end-screen';

test.each<[EndReason, string | undefined, string | null, boolean]>([
  ['left', undefined, 'end.rejoin', true],
  ['ended', 'Hana', null, true],
  ['ended', undefined, null, true],
  ['kicked', undefined, null, true],
  ['denied', undefined, 'end.askAgain', false],
  ['blocked', undefined, null, false],
  ['closed', undefined, null, false],
])('after %s (by %s): retry %s, rate %s', (reason, by, retry, canRate) => {
  expect(endView(reason, by)).toMatchObject({ retry, canRate });
});

test('an ending for all names who ended it only when known', () => {
  expect(endView('ended', 'Hana').detail).toBe('end.endedBy');
  expect(endView('ended').detail).toBeNull();
});
