import { describe, expect, test, vi } from 'vitest';
import { pollPayment } from './payment-polling';

const sequence = (...statuses: (number | Error)[]) => {
  const fn = vi.fn<() => Promise<number>>();
  for (const s of statuses) {
    if (s instanceof Error) fn.mockRejectedValueOnce(s);
    else fn.mockResolvedValueOnce(s);
  }
  fn.mockResolvedValue(1);
  return fn;
};

describe('asking how a payment went', () => {
  test.each([
    ['paid at once', [2], 'success', 1],
    ['pending, then paid', [1, 1, 2], 'success', 3],
    ['pending, then failed (3)', [1, 3], 'failed', 2],
    ['any other status is a failure', [0], 'failed', 1],
    ['a lost answer is retried', [new Error('offline'), 2], 'success', 2],
    ['still pending after ten tries', [], 'failed', 10],
  ] as const)('%s: %s after %i calls', async (_name, statuses, outcome, calls) => {
    const status = sequence(...statuses);
    const sleep = vi.fn(async () => undefined);
    expect(await pollPayment(status, { sleep })).toBe(outcome);
    expect(status).toHaveBeenCalledTimes(calls);
    // One second between tries, none after the last.
    expect(sleep).toHaveBeenCalledTimes(calls - 1);
    for (const call of sleep.mock.calls) expect(call).toEqual([1000]);
  });
});
