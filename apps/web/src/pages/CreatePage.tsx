import { useTranslation } from '../i18n/useTranslation';
import { PlaceholderScreen } from '../features/site/PlaceholderScreen';

export default function CreatePage() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('pages.create')} />;
}
