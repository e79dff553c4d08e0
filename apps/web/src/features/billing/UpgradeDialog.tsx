/** Upgrade to Pro: what Pro gives; payment arrives in a later issue, so it says "coming soon". */
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { StarIcon } from '../../ui/icons';

export function UpgradeDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      title={t('upgrade.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={<Button onClick={onClose}>{t('common.confirm')}</Button>}
    >
      <div className="upgrade">
        <span className="upgrade__icon" aria-hidden="true">
          <StarIcon size={28} />
        </span>
        <p>{t('upgrade.body')}</p>
        <p className="upgrade__soon">{t('upgrade.comingSoon')}</p>
      </div>
    </Dialog>
  );
}
