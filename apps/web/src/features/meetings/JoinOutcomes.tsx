/**
 * The join outcomes that need more than a toast: the lock notice (a single OK, SPEC.md section 8),
 * the waiting-room screen shown until the host lets the user in, and the end screen when the
 * host turns them away or the meeting closes while they wait.
 */
import { useTranslation } from '../../app/useTranslation';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { EndScreen } from './EndScreen';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Logo } from '../../ui/Logo';
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
        <div
          className="waiting-room"
          role="dialog"
          aria-modal="true"
          aria-labelledby="wr-title"
          data-testid="waiting-room"
        >
          <div className="waiting-room__card">
            <Logo label={t('common.appName')} />
            <span className="waiting-room__pulse" aria-hidden="true" />
            <h1 id="wr-title" className="waiting-room__title">
              {t(flow.admitted ? 'join.admittedTitle' : 'join.waitingTitle')}
            </h1>
            <p className="waiting-room__hint" aria-live="polite">
              {t(flow.admitted ? 'join.admittedHint' : 'errors.waitingRoomJoin')}
            </p>
            <p className="waiting-room__id">
              {t('meetings.meetingId', { id: formatConferenceId(flow.waitingFor) })}
            </p>
            <Button
              variant="secondary"
              onClick={flow.leaveWaiting}
              disabled={flow.admitted}
              data-testid="waiting-room-leave"
            >
              {t('join.leave')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
