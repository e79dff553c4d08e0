/**
 * A launched poll asks every member to vote (issue 30), visibly: a strip above the toolbar with
 * the poll's title and Vote (opens the polls dialog), not only a dot on "More apps". Not for the
 * poll's own managers; closed with ×, that poll does not ask again. Test hooks: `poll-prompt`
 * (`data-vote-id`), `poll-prompt-vote`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { PollIcon } from './poll-icons';
import { useRoomPolls } from './RoomPolls';

export function PollPrompt() {
  const { t } = useTranslation();
  const polls = useRoomPolls();
  const [closed, setClosed] = useState<number | null>(null);
  const prompt = polls.prompt;
  if (!prompt || polls.open || closed === prompt.voteId) return null;
  return (
    <div
      className="room-host-message room-poll-prompt"
      data-testid="poll-prompt"
      data-vote-id={prompt.voteId}
      role="status"
    >
      <span className="room-host-message__icon" aria-hidden="true">
        <PollIcon size={20} />
      </span>
      <span className="room-host-message__text">{t('polls.prompt', { title: prompt.title })}</span>
      <button
        type="button"
        className="room-host-message__action room-host-message__action--primary"
        data-testid="poll-prompt-vote"
        onClick={polls.show}
      >
        {t('polls.promptVote')}
      </button>
      <IconButton
        className="room-host-message__close"
        aria-label={t('common.close')}
        title={t('common.close')}
        onClick={() => setClosed(prompt.voteId)}
      >
        <CloseIcon size={18} />
      </IconButton>
    </div>
  );
}
