import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../features/site/PlaceholderScreen';

export default function JoinPage() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('pages.join')} />;
}
