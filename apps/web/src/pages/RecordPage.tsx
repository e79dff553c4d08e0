import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderScreen } from '../features/site/PlaceholderScreen';

export default function RecordPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <PlaceholderScreen title={t('pages.record')} detail={id} />;
}
