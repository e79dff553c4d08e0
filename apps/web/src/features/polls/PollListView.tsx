/** The dialog's first view: the meeting's polls, newest last, each opening in its mode. */
import { useTranslation } from '../../i18n/useTranslation';
import { POLL_STATUS, canSeeResults, type PollSummary } from '@meet/shared';
import { Button } from '../../ui/Button';
import { ChevronRight, PollIcon } from './poll-icons';
import { statusKey } from './poll-view';

export interface PollListViewProps {
  polls: PollSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  canCreate: boolean;
  onOpen(poll: PollSummary): void;
  onRetry(): void;
}

export function PollListView({
  polls,
  loading,
  failed,
  canCreate,
  onOpen,
  onRetry,
}: PollListViewProps) {
  const { t } = useTranslation();
  if (!polls && loading) return <p className="poll-note">{t('common.loading')}</p>;
  if (!polls && failed)
    return (
      <p className="poll-note">
        {t('polls.list.failed')}{' '}
        <Button variant="text" size="small" onClick={onRetry}>
          {t('polls.list.retry')}
        </Button>
      </p>
    );
  if (!polls || polls.length === 0)
    return (
      <div className="poll-empty" data-testid="poll-list">
        <span className="poll-empty__art">
          <PollIcon size={32} />
        </span>
        <p className="poll-empty__title">{t('polls.list.empty')}</p>
        {canCreate && <p className="poll-empty__hint">{t('polls.list.emptyHost')}</p>}
      </div>
    );
  return (
    <ul className="poll-list" data-testid="poll-list">
      {polls.map((poll) => {
        const status = statusKey(poll.status);
        return (
          <li key={poll.voteId}>
            <button
              type="button"
              className="poll-list__item"
              data-testid="poll-item"
              data-vote-id={poll.voteId}
              data-status={poll.status}
              onClick={() => onOpen(poll)}
            >
              <span className="poll-list__main">
                <span className="poll-list__title">{poll.title}</span>
                <span className="poll-list__meta">
                  <span className={`poll-status poll-status--${status}`}>
                    {t(`polls.status.${status}`)}
                  </span>
                  {poll.anonymous === 1 && (
                    <span className="poll-tag">{t('polls.list.anonymous')}</span>
                  )}
                  {poll.joined === 1 && (
                    <span className="poll-tag poll-tag--done">{t('polls.list.voted')}</span>
                  )}
                  {poll.status !== POLL_STATUS.notLaunched &&
                    canSeeResults(poll.isHost, poll.resultPublished) && (
                      <span>{t('polls.list.participants', { count: poll.votesNumbers })}</span>
                    )}
                </span>
              </span>
              <ChevronRight className="poll-list__chevron" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
