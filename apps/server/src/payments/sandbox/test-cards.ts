/**
 * The sandbox's test cards and the checks a card form makes (number, expiry, security code),
 * with Stripe's test numbers: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, and
 * 4000 0000 0000 0341 pays now but fails its renewals (to try a failed payment).
 */
import type { CheckoutTextKey } from '@meet/shared';

export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  renewalFails: '4000000000000341',
} as const;

export type CardOutcome = 'succeeds' | 'declined' | 'renewalFails';

export interface CardInput {
  cardNumber?: unknown;
  expiry?: unknown;
  cvc?: unknown;
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export type CardCheck =
  | { ok: true; number: string; last4: string; outcome: CardOutcome }
  | { ok: false; problems: Partial<Record<CardField, CheckoutTextKey>> };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function outcomeOf(number: string): CardOutcome {
  if (number === SANDBOX_CARDS.declined) return 'declined';
  if (number === SANDBOX_CARDS.renewalFails) return 'renewalFails';
  return 'succeeds';
}

/** Checks a card form as of `nowMs`; every problem at once, by field. */
export function checkCard(input: CardInput, nowMs: number): CardCheck {
  const problems: Partial<Record<CardField, CheckoutTextKey>> = {};
  const number = text(input.cardNumber).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) problems.cardNumber = 'cardNumberInvalid';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text(input.expiry));
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    problems.expiry = 'expiryInvalid';
  } else {
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // A card is good through the last day of its month.
    if (Date.UTC(year, month, 1) <= nowMs) problems.expiry = 'expiryPast';
  }

  if (!/^\d{3,4}$/.test(text(input.cvc).trim())) problems.cvc = 'cvcInvalid';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, number, last4: number.slice(-4), outcome: outcomeOf(number) };
}
