import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../features/site/PlaceholderScreen';

export default function BindingPage() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('pages.binding')} />;
}
