/**
 * The screen after a meeting, for everyone (members, guests, those turned away from the waiting
 * room): what happened, by whom when known, the rating when they were in it, and where to go —
 * rejoin or ask again only when the server would let them, else home or another meeting.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { formatConferenceId } from './join-session';
import { endView, type EndReason } from './end-screen';
import { RatingPanel } from './RatingPanel';
import './end-screen.css';

export interface EndScreenProps {
  conferenceId: string;
  reason: EndReason;
  /** Who ended the meeting for everyone, as the others saw them. */
  by?: string;
  /** Home for a signed-in person; the join page for a guest. */
  onHome: () => void;
  homeLabel: string;
  /** Tries again: offered only for the reasons that allow it. */
  onRetry?: () => void;
  retrying?: boolean;
}

export function EndScreen({
  conferenceId,
  reason,
  by,
  onHome,
  homeLabel,
  onRetry,
  retrying,
}: EndScreenProps) {
  const { t } = useTranslation();
  const view = endView(reason, by);
  return (
    <main className="end-screen" data-testid="end-screen" data-reason={reason}>
      <div className="end-screen__card">
        <Logo label={t('common.appName')} />
        <h1 className="end-screen__title" data-autofocus tabIndex={-1}>
          {t(view.title)}
        </h1>
        {view.detail && <p className="end-screen__detail">{t(view.detail, { name: by })}</p>}
        <p className="end-screen__id">
          {t('meetings.meetingId', { id: formatConferenceId(conferenceId) })}
        </p>
        <div className="end-screen__actions">
          {view.retry && onRetry && (
            <Button
              variant="secondary"
              onClick={onRetry}
              loading={retrying}
              data-testid="end-rejoin"
            >
              {t(view.retry)}
            </Button>
          )}
          <Button onClick={onHome} data-testid="end-home">
            {homeLabel}
          </Button>
        </div>
        {view.canRate && <RatingPanel conferenceId={conferenceId} />}
      </div>
    </main>
  );
}
