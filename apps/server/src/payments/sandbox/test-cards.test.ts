import { describe, expect, test } from 'vitest';
import { checkCard, luhnValid } from './test-cards.js';

const NOW = Date.UTC(2026, 5, 1);

describe('the sandbox card form', () => {
  test.each([
    ['4242 4242 4242 4242', 'succeeds', '4242'],
    ['4000-0000-0000-0002', 'declined', '0002'],
    ['4000000000000341', 'renewalFails', '0341'],
    ['5555 5555 5555 4444', 'succeeds', '4444'],
  ])('%s is a valid card that %s', (cardNumber, outcome, last4) => {
    expect(checkCard({ cardNumber, expiry: '12/30', cvc: '123' }, NOW)).toEqual({
      ok: true,
      number: cardNumber.replace(/[\s-]/g, ''),
      last4,
      outcome,
    });
  });

  test.each([
    [
      { cardNumber: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' },
      { cardNumber: 'cardNumberInvalid' },
    ],
    [{ cardNumber: '4242', expiry: '12/30', cvc: '123' }, { cardNumber: 'cardNumberInvalid' }],
    [{ cardNumber: '4242424242424242', expiry: '13/30', cvc: '123' }, { expiry: 'expiryInvalid' }],
    [{ cardNumber: '4242424242424242', expiry: '1230', cvc: '123' }, { expiry: 'expiryInvalid' }],
    [{ cardNumber: '4242424242424242', expiry: '05/26', cvc: '123' }, { expiry: 'expiryPast' }],
    [{ cardNumber: '4242424242424242', expiry: '06/2026', cvc: '12' }, { cvc: 'cvcInvalid' }],
    [{}, { cardNumber: 'cardNumberInvalid', expiry: 'expiryInvalid', cvc: 'cvcInvalid' }],
    [
      { cardNumber: ['4242424242424242'], expiry: 1230, cvc: 123 },
      { cardNumber: 'cardNumberInvalid', expiry: 'expiryInvalid', cvc: 'cvcInvalid' },
    ],
  ])('%j is refused: %j', (input, problems) => {
    expect(checkCard(input, NOW)).toEqual({ ok: false, problems });
  });

  test('a card is good through the last day of its expiry month', () => {
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '06/26', cvc: '123' }, NOW).ok).toBe(
      true,
    );
    expect(
      checkCard(
        { cardNumber: '4242424242424242', expiry: '06/26', cvc: '123' },
        Date.UTC(2026, 6, 1),
      ).ok,
    ).toBe(false);
  });

  test('the Luhn checksum', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});
