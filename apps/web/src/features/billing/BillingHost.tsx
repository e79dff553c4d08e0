/** The plan dialogs that can open on any page: upgrade and payment status (useBillingHost). */
import { PaymentStatusDialog } from './PaymentStatusDialog';
import { UpgradeDialog } from './UpgradeDialog';
import { useBillingHost } from './useBillingHost';

export function BillingHost() {
  const host = useBillingHost();
  return (
    <>
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
    </>
  );
}
