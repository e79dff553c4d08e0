import { describe, expect, test } from 'vitest';
import {
  PLAN_ENTITLEMENTS,
  PRODUCTS,
  addMonths,
  formatAmount,
  monthsElapsed,
  planOfUserType,
  productById,
  productByType,
} from './plans.js';

const utc = (s: string) => Date.parse(`${s}Z`);

describe('the Pro products (SPEC.md section 9)', () => {
  test.each([
    ['pro-monthly', 1, 'month', '4.99', '4.99', 0],
    ['pro-yearly', 2, 'year', '49.90', '4.16', 2],
  ])(
    '%s: type %i, billed per %s at %s, %s a month, %i months free',
    (id, type, interval, amount, monthly, free) => {
      const product = productById(id)!;
      expect(product).toBe(productByType(type));
      expect(product.interval).toBe(interval);
      expect(formatAmount(product.amountCents)).toBe(amount);
      expect(formatAmount(product.monthlyAmountCents)).toBe(monthly);
      expect(product.freeMonths).toBe(free);
      expect(product.currency).toBe('USD');
    },
  );

  test('there are exactly the monthly and the yearly product', () => {
    expect(PRODUCTS.map((p) => p.productType)).toEqual([1, 2]);
    expect(productById('nope')).toBeUndefined();
    expect(productByType(3)).toBeUndefined();
  });
});

describe('entitlements of a plan', () => {
  test.each([
    [0, 'basic', false, 1024 ** 3, 0],
    [1, 'basic', false, 1024 ** 3, 0],
    [2, 'pro', true, 10 * 1024 ** 3, 600],
  ] as const)(
    'userType %i is %s: video recording %s, %i bytes, %i credits a month',
    (userType, plan, video, bytes, credits) => {
      const e = PLAN_ENTITLEMENTS[planOfUserType(userType)];
      expect(e.plan).toBe(plan);
      expect(e.videoRecording).toBe(video);
      expect(e.audioRecording).toBe(true);
      expect(e.storageBytes).toBe(bytes);
      expect(e.monthlyAiCredits).toBe(credits);
    },
  );
});

describe('calendar months', () => {
  test.each([
    ['2026-01-15T10:00:00', 1, '2026-02-15T10:00:00'],
    ['2026-01-31T00:00:00', 1, '2026-02-28T00:00:00'],
    ['2028-01-31T00:00:00', 1, '2028-02-29T00:00:00'],
    ['2026-03-31T12:00:00', 12, '2027-03-31T12:00:00'],
    ['2026-12-05T00:00:00', 1, '2027-01-05T00:00:00'],
  ])('%s plus %i month(s) is %s', (start, months, end) => {
    expect(addMonths(utc(start), months)).toBe(utc(end));
  });

  test.each([
    ['2026-01-15T10:00:00', '2026-01-15T10:00:00', 0],
    ['2026-01-15T10:00:00', '2026-02-15T09:59:59', 0],
    ['2026-01-15T10:00:00', '2026-02-15T10:00:00', 1],
    ['2026-01-15T10:00:00', '2026-12-20T00:00:00', 11],
    ['2026-01-15T10:00:00', '2025-12-20T00:00:00', 0],
  ])('from %s to %s is %i whole month(s)', (start, now, n) => {
    expect(monthsElapsed(utc(start), utc(now))).toBe(n);
  });
});
