/** /home/recording until the recordings list arrives. */
import { useTranslation } from '../../i18n/useTranslation';
import { EmptyState } from '../../ui/EmptyState';
import { RecordIcon } from '../../ui/icons';

export function RecordingsEmpty() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<RecordIcon size={44} />}
      title={t('home.recordingsEmptyTitle')}
      hint={t('home.recordingsEmptyHint')}
    />
  );
}
