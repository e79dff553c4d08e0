/**
 * AI credits (the avatar menu's entry, for every signed-in user): the balance, and a history of
 * what used them — feature, meeting, credits, time — newest first, with "Show more" while the
 * server has older charges. Read-only.
 * Test hooks: `credit-balance`, `credit-history`, `credit-row`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useAuth } from '../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { featureName, formatChargeTime, meetingLabel } from './credit-format';
import { useCreditBalance, useCreditHistory } from './credit-queries';
import './credits.css';

export function CreditsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user && 'userId' in user ? user.userId : null;
  const balance = useCreditBalance(userId);
  const history = useCreditHistory(userId);
  const records = history.data?.pages.flatMap((page) => page.list) ?? [];
  // Until the balance call answers, the profile's figure (same source, maybe a minute older).
  const shown =
    balance.data?.totalEnergyPoint ?? (user && 'energyPoint' in user ? user.energyPoint : null);

  return (
    <Dialog
      open
      title={t('billing.credits.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={560}
    >
      <div className="credits">
        <p className="credits__balance">
          <span className="credits__balance-label">{t('billing.credits.balance')}</span>
          <strong data-testid="credit-balance">{shown ?? '…'}</strong>
        </p>
        <p className="credits__hint">{t('billing.credits.hint')}</p>
        <h3 className="credits__heading">{t('billing.credits.historyTitle')}</h3>
        {history.isPending && <p className="credits__muted">{t('billing.credits.loading')}</p>}
        {history.isError && (
          <p className="credits__muted" role="alert">
            {t('billing.credits.failed')}{' '}
            <Button variant="text" size="small" onClick={() => void history.refetch()}>
              {t('billing.retry')}
            </Button>
          </p>
        )}
        {history.isSuccess && records.length === 0 && (
          <p className="credits__muted" data-testid="credit-history-empty">
            {t('billing.credits.empty')}
          </p>
        )}
        {records.length > 0 && (
          <div className="credits__scroll">
            <table className="credits__table" data-testid="credit-history">
              <thead>
                <tr>
                  <th scope="col">{t('billing.credits.feature')}</th>
                  <th scope="col">{t('billing.credits.meeting')}</th>
                  <th scope="col" className="credits__num">
                    {t('billing.credits.amount')}
                  </th>
                  <th scope="col">{t('billing.credits.time')}</th>
                </tr>
              </thead>
              <tbody>
                {records.map((record) => (
                  <tr key={record.id} data-testid="credit-row">
                    <td>
                      {featureName(record.feature, t)}
                      {record.minutes > 0 && (
                        <span className="credits__minutes">
                          {t('billing.credits.minutes', { count: record.minutes })}
                        </span>
                      )}
                    </td>
                    <td>{meetingLabel(record)}</td>
                    <td className="credits__num">−{record.credits}</td>
                    <td>{formatChargeTime(record.time)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {history.hasNextPage && (
          <Button
            variant="secondary"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {t('billing.credits.more')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
