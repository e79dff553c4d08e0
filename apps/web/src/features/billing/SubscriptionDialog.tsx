/**
 * Subscription (the avatar menu's entry for Pro users): the plan, when it renews or ends, what
 * it includes, and "Manage subscription", which opens the payment provider's page where the
 * user cancels, switches plan or changes their card (SPEC.md: subscription management).
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { PRODUCT_TYPE } from '@meet/shared';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formatDate, formatStorage } from './billing-format';
import { openCustomerPortal, useFrequencyStatus } from './billing-queries';
import './billing.css';

export function SubscriptionDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const status = useFrequencyStatus();
  const [opening, setOpening] = useState(false);
  const data = status.data;
  const sub = data?.subscription ?? null;

  async function manage() {
    setOpening(true);
    try {
      await openCustomerPortal();
    } catch (error) {
      setOpening(false);
      if (!(error instanceof ApiError)) throw error;
    }
  }

  const stateLine = !sub
    ? null
    : sub.status === 'past_due' || sub.status === 'unpaid'
      ? { text: t('billing.pastDue'), warning: true }
      : sub.status === 'canceled' || data?.plan !== 'pro'
        ? { text: t('billing.ended'), warning: false }
        : sub.cancelAtPeriodEnd
          ? {
              text: t('billing.endsOn', { date: formatDate(sub.currentPeriodEnd) }),
              warning: false,
            }
          : {
              text: t('billing.renewsOn', { date: formatDate(sub.currentPeriodEnd) }),
              warning: false,
            };

  return (
    <Dialog
      open
      title={t('billing.subscriptionTitle')}
      onClose={onClose}
      closeLabel={t('billing.close')}
      width={460}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            {t('billing.close')}
          </Button>
          {sub && (
            <Button onClick={() => void manage()} loading={opening}>
              {t('billing.manageSubscription')}
            </Button>
          )}
        </>
      }
    >
      {status.isPending && <p className="billing-muted">{t('billing.loadingPlans')}</p>}
      {data && (
        <div className="subscription" data-testid="subscription">
          <div className="subscription__plan">
            <p className="subscription__plan-name">{t('billing.planPro')}</p>
            {sub && (
              <span className={data.plan === 'pro' ? 'badge badge--pro' : 'badge'}>
                {t(
                  sub.productType === PRODUCT_TYPE.yearly
                    ? 'billing.planYearlyName'
                    : 'billing.planMonthlyName',
                )}
              </span>
            )}
          </div>
          {stateLine && (
            <p
              className={
                stateLine.warning
                  ? 'subscription__state subscription__state--warning'
                  : 'subscription__state'
              }
            >
              {stateLine.text}
            </p>
          )}
          <h3 className="subscription__heading">{t('billing.includedTitle')}</h3>
          <dl className="subscription__list">
            <dt>{t('billing.videoRecording')}</dt>
            <dd data-testid="video-recording">
              {t(data.videoRecord ? 'billing.included' : 'billing.notIncluded')}
            </dd>
            <dt>{t('billing.cloudStorage')}</dt>
            <dd>{formatStorage(data.storageBytes)}</dd>
            <dt>{t('billing.monthlyCredits')}</dt>
            <dd>
              {data.monthlyAiCredits > 0
                ? t('billing.creditsPerMonth', { credits: data.monthlyAiCredits })
                : t('billing.notIncluded')}
            </dd>
            <dt>{t('billing.aiCreditsLeft')}</dt>
            <dd>{data.energyPoint}</dd>
          </dl>
          {sub && <p className="subscription__hint">{t('billing.manageHint')}</p>}
        </div>
      )}
    </Dialog>
  );
}
