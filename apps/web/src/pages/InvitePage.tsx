import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderScreen } from '../features/site/PlaceholderScreen';

export default function InvitePage() {
  const { t } = useTranslation();
  const { conferenceId } = useParams();
  return <PlaceholderScreen title={t('pages.invite')} detail={conferenceId} />;
}
