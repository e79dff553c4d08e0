/**
 * The joiner's waiting screen, shown until the host lets them in (then it says the join is under
 * way). Test hooks: `waiting-room`, `waiting-room-leave`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import './waiting-screen.css';

export interface WaitingScreenProps {
  /** The host let me in and the join is under way. */
  admitted: boolean;
  /** The meeting's ID as people read it (grouped digits). */
  meetingId: string;
  onLeave: () => void;
}

export function WaitingScreen({ admitted, meetingId, onLeave }: WaitingScreenProps) {
  const { t } = useTranslation();
  return (
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
          {t(admitted ? 'join.admittedTitle' : 'join.waitingTitle')}
        </h1>
        <p className="waiting-room__hint" aria-live="polite">
          {t(admitted ? 'join.admittedHint' : 'errors.waitingRoomJoin')}
        </p>
        <p className="waiting-room__id">{t('meetings.meetingId', { id: meetingId })}</p>
        <Button
          variant="secondary"
          onClick={onLeave}
          disabled={admitted}
          data-testid="waiting-room-leave"
        >
          {t('join.leave')}
        </Button>
      </div>
    </div>
  );
}
