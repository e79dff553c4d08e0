/**
 * The payment-status dialog (SPEC.md section 4): "complete the payment in the new tab" with
 * "I have paid", the check while the status is pending, and paymentFailed when it did not go
 * through.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CloseIcon, StarIcon } from '../../ui/icons';
import { OpenInNewIcon } from './billing-icons';
import { usePaymentStatus } from './usePaymentStatus';
import './billing.css';

export function PaymentStatusDialog({
  sessionId,
  url,
  checkNow,
  onSuccess,
  onTryAgain,
  onClose,
}: {
  sessionId: string;
  /** The payment page, when it was opened in another tab. */
  url: string | null;
  checkNow: boolean;
  onSuccess(): void;
  onTryAgain(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const status = usePaymentStatus({ sessionId, checkNow, onSuccess });
  const footer =
    status.stage === 'waiting' ? (
      <>
        <Button variant="text" onClick={onClose}>
          {t('billing.cancel')}
        </Button>
        <Button onClick={status.iHavePaid}>{t('billing.iHavePaid')}</Button>
      </>
    ) : status.stage === 'failed' ? (
      <>
        <Button variant="text" onClick={onClose}>
          {t('billing.close')}
        </Button>
        <Button onClick={onTryAgain}>{t('billing.retry')}</Button>
      </>
    ) : undefined;
  return (
    <Dialog
      open
      title={t('billing.paymentTitle')}
      onClose={onClose}
      closeLabel={t('billing.close')}
      footer={footer}
    >
      <div className="payment-status" aria-live="polite" data-testid="payment-status">
        {status.stage === 'waiting' && (
          <>
            <span className="payment-status__icon" aria-hidden="true">
              <StarIcon size={28} />
            </span>
            <p>{t('billing.paymentNewTab')}</p>
            {url && (
              <a href={url} target="_blank" rel="noopener noreferrer">
                {t('billing.paymentOpenAgain')} <OpenInNewIcon size={16} />
              </a>
            )}
          </>
        )}
        {status.stage === 'checking' && (
          <>
            <span className="payment-status__spinner" aria-hidden="true" />
            <p>{t('billing.paymentChecking')}</p>
          </>
        )}
        {status.stage === 'failed' && (
          <>
            <span className="payment-status__icon payment-status__icon--failed" aria-hidden="true">
              <CloseIcon size={28} />
            </span>
            <p role="alert">{t('billing.paymentFailed')}</p>
          </>
        )}
      </div>
    </Dialog>
  );
}
