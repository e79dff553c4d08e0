/**
 * Upgrade to Pro (SPEC.md section 4): what Pro gives, the monthly and yearly plans (yearly
 * preselected), and Upgrade, which goes to the card-payment page.
 */
import { useTranslation } from '../../i18n/useTranslation';
import type { ProductInfo } from '@meet/shared';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { StarIcon } from '../../ui/icons';
import { CheckIcon } from './billing-icons';
import { formatStorage } from './billing-format';
import { useUpgradeDialog, type StartedPayment } from './useUpgradeDialog';
import './billing.css';

export function UpgradeDialog({
  newTab,
  onClose,
  onStartedInNewTab,
}: {
  newTab: boolean;
  onClose(): void;
  onStartedInNewTab(payment: StartedPayment): void;
}) {
  const { t } = useTranslation();
  const dialog = useUpgradeDialog({ newTab, onStartedInNewTab });
  const { benefit } = dialog;
  return (
    <Dialog
      open
      title={t('billing.upgradeTitle')}
      onClose={onClose}
      closeLabel={t('billing.close')}
      width={520}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            {t('billing.cancel')}
          </Button>
          {dialog.pastDue ? (
            <Button onClick={dialog.manage} loading={dialog.busy}>
              {t('billing.manageSubscription')}
            </Button>
          ) : (
            <Button
              onClick={dialog.upgrade}
              loading={dialog.busy}
              disabled={!benefit}
              data-testid="upgrade-submit"
            >
              {t('billing.upgrade')}
            </Button>
          )}
        </>
      }
    >
      <div className="pro-upgrade">
        <span className="pro-upgrade__icon" aria-hidden="true">
          <StarIcon size={28} />
        </span>
        {dialog.loading && <p className="billing-muted">{t('billing.loadingPlans')}</p>}
        {dialog.failed && (
          <p className="billing-muted" role="alert">
            {t('billing.plansFailed')}{' '}
            <button type="button" className="billing-link" onClick={dialog.retry}>
              {t('billing.retry')}
            </button>
          </p>
        )}
        {dialog.pastDue && (
          <p className="pro-upgrade__past-due" role="alert">
            {t('billing.pastDue')}
          </p>
        )}
        {benefit && (
          <>
            <p className="pro-upgrade__intro">{t('billing.upgradeIntro')}</p>
            <ul className="pro-upgrade__benefits">
              {[
                t('billing.benefitVideo'),
                t('billing.benefitStorage', { size: formatStorage(benefit.storageBytes) }),
                t('billing.benefitCredits', { credits: benefit.monthlyAiCredits }),
                t('billing.benefitTranslation'),
              ].map((text) => (
                <li key={text}>
                  <CheckIcon size={18} />
                  {text}
                </li>
              ))}
            </ul>
            <div
              className="plans"
              role="radiogroup"
              aria-label={t('billing.plansLabel')}
              hidden={dialog.pastDue}
            >
              {dialog.products.map((product) => (
                <PlanOption
                  key={product.productId}
                  product={product}
                  checked={dialog.chosen === product.productType}
                  onChoose={() => dialog.choose(product.productType)}
                />
              ))}
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

function PlanOption({
  product,
  checked,
  onChoose,
}: {
  product: ProductInfo;
  checked: boolean;
  onChoose(): void;
}) {
  const { t } = useTranslation();
  const yearly = product.interval === 'year';
  return (
    <label className={checked ? 'plan plan--checked' : 'plan'}>
      <input
        type="radio"
        name="plan"
        value={product.productId}
        checked={checked}
        onChange={onChoose}
        className="plan__radio"
      />
      <span className="plan__name">{t(yearly ? 'billing.planYearly' : 'billing.planMonthly')}</span>
      {product.freeMonths > 0 && (
        <span className="plan__save">
          {t('billing.twoMonthsFree', { count: product.freeMonths })}
        </span>
      )}
      <span className="plan__price">
        {t('billing.perMonth', { amount: product.monthlyAmount, currency: product.currency })}
      </span>
      <span className="plan__billed">
        {yearly
          ? t('billing.billedYearly', { amount: product.amount, currency: product.currency })
          : t('billing.billedMonthly')}
      </span>
    </label>
  );
}
