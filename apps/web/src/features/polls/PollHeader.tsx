/** The top of a poll in the result and vote views: topic, status and what kind of poll it is. */
import { useTranslation } from '../../i18n/useTranslation';
import type { PollDetail } from '@meet/shared';
import { statusKey } from './poll-view';

export function PollHeader({ poll, participants }: { poll: PollDetail; participants: boolean }) {
  const { t } = useTranslation();
  const status = statusKey(poll.status);
  return (
    <header className="poll-head">
      <h3 className="poll-head__title" data-testid="poll-title">
        {poll.title}
      </h3>
      <div className="poll-head__meta">
        <span className={`poll-status poll-status--${status}`} data-testid="poll-status">
          {t(`polls.status.${status}`)}
        </span>
        {poll.anonymous === 1 && <span className="poll-tag">{t('polls.result.anonymous')}</span>}
        {participants && (
          <span data-testid="poll-participants">
            {t('polls.result.participants', { count: poll.votesNumbers })}
          </span>
        )}
      </div>
    </header>
  );
}
