/**
 * Asking how a payment went (SPEC.md sections 4 and 9): every second while it is pending, at
 * most ten times; success, anything other than pending, or still pending after the last try
 * (failure, "paymentFailed").
 */
import { PAYMENT_POLL_MAX_TRIES, PAYMENT_POLL_MS, PAYMENT_STATUS } from '@meet/shared';

export type PaymentOutcome = 'success' | 'failed';

export interface PollOptions {
  intervalMs?: number;
  maxTries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Stops asking (the dialog closed); the promise then never settles. */
  signal?: AbortSignal;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function pollPayment(
  status: () => Promise<number>,
  {
    intervalMs = PAYMENT_POLL_MS,
    maxTries = PAYMENT_POLL_MAX_TRIES,
    sleep = wait,
    signal,
  }: PollOptions = {},
): Promise<PaymentOutcome> {
  for (let attempt = 1; attempt <= maxTries; attempt++) {
    let current: number = PAYMENT_STATUS.pending;
    try {
      current = await status();
    } catch {
      // A lost answer is a try that learnt nothing; the next one may.
    }
    if (signal?.aborted) return new Promise(() => undefined);
    if (current === PAYMENT_STATUS.success) return 'success';
    if (current !== PAYMENT_STATUS.pending) return 'failed';
    if (attempt < maxTries) await sleep(intervalMs);
  }
  return 'failed';
}
