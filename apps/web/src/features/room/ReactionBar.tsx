/**
 * The toolbar's reaction button and the bar of emoji it opens; a reaction floats over my tile
 * for everyone (ReactionBursts). `useReactionBar` holds the behaviour; this file is markup.
 * Test hooks: `reactions-toggle`, `reaction-bar`, and `reaction` buttons with `data-emoji`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { AddReactionIcon } from '../room-core/room-icons';
import { useReactionBar } from './useReactionBar';
import './room-reactions.css';

export function ReactionBar() {
  const { t } = useTranslation();
  const r = useReactionBar();
  return (
    <div {...r.anchorProps}>
      <button
        type="button"
        data-testid="reactions-toggle"
        className={`room-btn${r.open ? ' room-btn--active' : ''}`}
        aria-label={t('room.reactions.button')}
        title={t('room.reactions.button')}
        {...r.triggerProps}
      >
        <AddReactionIcon />
      </button>
      {r.open && (
        <div
          {...r.barProps}
          role="group"
          aria-label={t('room.reactions.bar')}
          className="popover room-reaction-bar"
          data-testid="reaction-bar"
        >
          {r.choices.map(({ emoji, name }) => (
            <button
              key={emoji}
              type="button"
              className="room-reaction-bar__emoji"
              data-testid="reaction"
              data-emoji={emoji}
              aria-label={t(`room.reactions.names.${name}`)}
              title={t(`room.reactions.names.${name}`)}
              disabled={!r.connected}
              onClick={() => r.send(emoji)}
            >
              <span aria-hidden="true">{emoji}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
