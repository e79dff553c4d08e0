import { describe, expect, test } from 'vitest';
import { isPaymentReturn, returnUrls, withoutPaymentFlag } from './payment-session';

describe('the way back from the payment page', () => {
  test.each([
    ['http://meet.test/home/meetings', 'http://meet.test/home/meetings?payment=1'],
    ['http://meet.test/home/meetings?payment=1', 'http://meet.test/home/meetings?payment=1'],
    [
      'http://meet.test/meeting/123456789?x=2#chat',
      'http://meet.test/meeting/123456789?x=2&payment=1',
    ],
  ])('from %s the app comes back to %s', (href, back) => {
    expect(returnUrls(href)).toEqual({ redirectUrl: back, errorUrl: back });
  });

  test.each([
    ['?payment=1', true, ''],
    ['?payment=1&from=x', true, '?from=x'],
    ['?payment=0', false, ''],
    ['', false, ''],
  ])('%j is a return: %s (leaving %j)', (search, returning, rest) => {
    expect(isPaymentReturn(search)).toBe(returning);
    expect(withoutPaymentFlag(search)).toBe(rest);
  });
});
