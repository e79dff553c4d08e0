/**
 * The payment-status dialog's state: waiting for the user to pay in another tab, checking (the
 * status asked every second, at most ten times), or failed. Success hands over to the caller
 * (which reloads the user) and forgets the stored session.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { billingApi } from '../../api/billing-api';
import { pollPayment, type PaymentOutcome } from './payment-polling';
import { storedPaymentSession } from './payment-session';

export type PaymentStage = 'waiting' | 'checking' | 'failed';

export function usePaymentStatus(options: {
  sessionId: string;
  /** Check at once (the app came back from the payment page) instead of waiting for the user. */
  checkNow: boolean;
  onSuccess(): void;
}) {
  const { sessionId, checkNow, onSuccess } = options;
  const [stage, setStage] = useState<PaymentStage>(checkNow ? 'checking' : 'waiting');
  const aborts = useRef<AbortController | null>(null);
  const success = useRef(onSuccess);
  success.current = onSuccess;

  const check = useCallback(() => {
    aborts.current?.abort();
    const controller = new AbortController();
    aborts.current = controller;
    setStage('checking');
    void pollPayment(async () => (await billingApi.paymentStatus(sessionId)).paymentStatus, {
      signal: controller.signal,
    }).then((outcome: PaymentOutcome) => {
      if (controller.signal.aborted) return;
      storedPaymentSession.clear();
      if (outcome === 'success') success.current();
      else setStage('failed');
    });
  }, [sessionId]);

  useEffect(() => {
    if (checkNow) check();
    return () => aborts.current?.abort();
  }, [checkNow, check]);

  return { stage, iHavePaid: check };
}
