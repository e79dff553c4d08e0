/** /join: type a meeting ID and a name, then join. */
import { useTranslation } from '../../i18n/useTranslation';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../auth/AuthCard';
import { JoinForm } from './JoinForm';
import { JoinOutcomes } from './JoinOutcomes';
import { useJoinMeeting } from './useJoinMeeting';

export function JoinScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const flow = useJoinMeeting();
  return (
    <AuthCard title={t('join.title')} subtitle={t('join.subtitle')}>
      <JoinForm flow={flow} initialId={params.get('id') ?? ''} />
      <JoinOutcomes flow={flow} />
    </AuthCard>
  );
}
