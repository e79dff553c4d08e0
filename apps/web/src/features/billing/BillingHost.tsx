/**
 * The plan dialogs that can open on any page: upgrade and payment status (useBillingHost). Their
 * code is fetched when one opens.
 */
import { lazy, Suspense } from 'react';
import { useBillingHost } from './useBillingHost';

const UpgradeDialog = lazy(() =>
  import('./UpgradeDialog').then((m) => ({ default: m.UpgradeDialog })),
);
const PaymentStatusDialog = lazy(() =>
  import('./PaymentStatusDialog').then((m) => ({ default: m.PaymentStatusDialog })),
);

export function BillingHost() {
  const host = useBillingHost();
  return (
    <Suspense fallback={null}>
      {host.upgrade && (
        <UpgradeDialog
          newTab={host.upgrade.newTab}
          onClose={host.closeUpgrade}
          onStartedInNewTab={host.startedInNewTab}
        />
      )}
      {host.payment && (
        <PaymentStatusDialog
          key={host.payment.sessionId}
          sessionId={host.payment.sessionId}
          url={host.payment.url}
          checkNow={host.payment.checkNow}
          onSuccess={host.paid}
          onTryAgain={host.tryAgain}
          onClose={host.closePayment}
        />
      )}
    </Suspense>
  );
}
