/**
 * The app-wide side of plans and payments: opens the upgrade dialog when asked (the upgrade
 * event, or a server refusal of a Pro feature), keeps the payment-status dialog of a payment
 * started in a new tab, and checks a payment when the app comes back from the payment page with
 * payment=1 (otherwise a stored payment session is forgotten).
 */
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { useLocation, useNavigate } from 'react-router';
import { onApiRefusal } from '../../api/client';
import { matchRoute } from '../../app/routing-rules';
import { toast } from '../../ui/toast-store';
import { useAuth } from '../auth/AuthProvider';
import { isPaymentReturn, storedPaymentSession, withoutPaymentFlag } from './payment-session';
import { onUpgrade, openUpgrade, PRO_REFUSALS, type UpgradeRequest } from './upgrade-events';

export interface PendingPayment {
  sessionId: string;
  url: string | null;
  checkNow: boolean;
}

export function useBillingHost() {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [payment, setPayment] = useState<PendingPayment | null>(null);

  // The event opens the dialog, or closes it when it is open (a toggle).
  useEffect(() => onUpgrade((request) => setUpgrade((open) => (open ? null : request))), []);

  // A Pro feature refused anywhere prompts the upgrade; in a meeting, payment opens in a new tab.
  useEffect(
    () =>
      onApiRefusal((error) => {
        if (!error.key || !PRO_REFUSALS.has(error.key)) return;
        const inMeeting = matchRoute(window.location.pathname).name === 'meeting';
        openUpgrade({ channel: error.key, newTab: inMeeting });
      }),
    [],
  );

  // Back from the payment page: check the stored session once; otherwise forget it.
  useEffect(() => {
    const stored = storedPaymentSession.get();
    if (isPaymentReturn(search)) {
      if (stored) setPayment({ sessionId: stored, url: null, checkNow: true });
      void navigate({ pathname, search: withoutPaymentFlag(search) }, { replace: true });
    } else if (stored && !payment) {
      storedPaymentSession.clear();
    }
    // Only when the address changes: the payment state is ours to change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search, navigate]);

  const paid = useCallback(() => {
    setPayment(null);
    toast.success(t('billing.paymentSuccessAndUse'));
    void refreshUser();
    void queryClient.invalidateQueries({ queryKey: ['billing'] });
  }, [t, refreshUser, queryClient]);

  return {
    upgrade,
    closeUpgrade: () => setUpgrade(null),
    startedInNewTab: (started: { sessionId: string; url: string }) => {
      setUpgrade(null);
      setPayment({ sessionId: started.sessionId, url: started.url, checkNow: false });
    },
    payment,
    paid,
    tryAgain: () => {
      const newTab = payment?.url !== null && payment?.url !== undefined;
      setPayment(null);
      setUpgrade({ channel: 'paymentFailed', newTab });
    },
    closePayment: () => setPayment(null),
  };
}
