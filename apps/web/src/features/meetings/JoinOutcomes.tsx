/**
 * The join outcomes that need more than a toast: the lock notice (a single OK, SPEC.md section 8),
 * the waiting-room screen shown until the host lets the user in (features/waiting-room), and the
 * end screen when the host turns them away or the meeting closes while they wait.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { EndScreen } from './EndScreen';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { WaitingScreen } from '../waiting-room/WaitingScreen';
import type { JoinMeeting } from './useJoinMeeting';
import { formatConferenceId } from './join-session';
import './meetings.css';

export function JoinOutcomes({ flow }: { flow: JoinMeeting }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isRealLogin } = useAuth();
  const ended = flow.endedWait;
  return (
    <>
      {ended && (
        <EndScreen
          conferenceId={ended.conferenceId}
          reason={ended.reason}
          homeLabel={t(isRealLogin ? 'common.backHome' : 'end.joinAnother')}
          onHome={() => {
            flow.dismissEndedWait();
            void navigate(isRealLogin ? '/home' : '/join', { replace: true });
          }}
          onRetry={() => void flow.join(ended.request)}
          retrying={flow.joining}
        />
      )}
      {flow.locked && (
        <ConfirmDialog
          title={t('join.lockTitle')}
          confirmLabel={t('common.ok')}
          closeLabel={t('common.close')}
          onConfirm={flow.closeLock}
          onClose={flow.closeLock}
        >
          {t('join.lockLabel')}
        </ConfirmDialog>
      )}
      {flow.waitingFor && (
        <WaitingScreen
          admitted={flow.admitted}
          meetingId={formatConferenceId(flow.waitingFor)}
          onLeave={flow.leaveWaiting}
        />
      )}
    </>
  );
}
