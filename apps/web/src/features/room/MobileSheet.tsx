/**
 * The phone's "more" sheet (issue 28), up from the bottom bar over a dimmed stage: a row of
 * reactions, then chat, people, raise hand (members), captions, the layout and polls, each a
 * full-width row. Chat and people open the room's panel, as a sheet of its own. `useMoreSheet`
 * holds the behaviour; this file is markup. Test hooks: `mobile-sheet`, `reaction` (with
 * `data-emoji`), `more-chat`, `more-people`, `raise-hand`, `captions-toggle`, `more-layout`,
 * `open-polls`.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { ChatIcon, CloseIcon } from '../../ui/icons';
import { CaptionsIcon, CaptionsOffIcon } from '../captions/captions-icons';
import { PollIcon } from '../polls/poll-icons';
import { GridIcon, HandIcon, PeopleIcon, SpotlightIcon } from '../room-core/room-icons';
import { useMoreSheet } from './useMoreSheet';
import type { RoomControls } from './useRoomControls';

function Row({
  testId,
  icon,
  label,
  pressed,
  disabled,
  badge,
  onClick,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  badge?: ReactNode;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      className={`room-sheet__row${pressed ? ' room-sheet__row--on' : ''}`}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="room-sheet__icon">{icon}</span>
      <span className="room-sheet__label">{label}</span>
      {badge}
    </button>
  );
}

export function MobileSheet({
  controls,
  onClose,
}: {
  controls: RoomControls;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const s = useMoreSheet(controls, onClose);
  const titleId = useId();
  return (
    <div
      className="room-sheet-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) s.close();
      }}
    >
      <div
        ref={s.sheetRef}
        className="room-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="mobile-sheet"
      >
        <div className="room-sheet__head">
          <h2 id={titleId} className="room-sheet__title">
            {t('room.mobile.sheet')}
          </h2>
          <button
            type="button"
            className="room-sheet__close"
            aria-label={t('room.mobile.close')}
            onClick={s.close}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="room-sheet__reactions" role="group" aria-label={t('room.reactions.bar')}>
          {s.reactions.choices.map(({ emoji, name }) => (
            <button
              key={emoji}
              type="button"
              className="room-sheet__emoji"
              data-testid="reaction"
              data-emoji={emoji}
              aria-label={t(`room.reactions.names.${name}`)}
              disabled={!s.reactions.connected}
              onClick={() => s.reactions.send(emoji)}
            >
              <span aria-hidden="true">{emoji}</span>
            </button>
          ))}
        </div>
        <Row
          testId="more-chat"
          icon={<ChatIcon />}
          label={t('room.mobile.chat')}
          onClick={s.openChat}
          badge={
            s.unread > 0 && (
              <span
                className="room-sheet__badge"
                aria-label={t('room.toolbar.chatUnread', { count: s.unread })}
              >
                {s.unread > 99 ? '99+' : s.unread}
              </span>
            )
          }
        />
        <Row
          testId="more-people"
          icon={<PeopleIcon />}
          label={t('room.mobile.people', { count: s.memberCount })}
          onClick={s.openPeople}
        />
        {s.hand.shown && (
          <Row
            testId="raise-hand"
            icon={<HandIcon />}
            label={s.hand.up ? t('room.toolbar.lowerHand') : t('room.toolbar.raiseHand')}
            pressed={s.hand.up}
            disabled={s.hand.disabled}
            onClick={s.hand.toggle}
          />
        )}
        <Row
          testId="captions-toggle"
          icon={s.captions.on ? <CaptionsIcon /> : <CaptionsOffIcon />}
          label={s.captions.on ? t('room.captions.turnOff') : t('room.captions.turnOn')}
          pressed={s.captions.on}
          disabled={s.captions.disabled}
          onClick={s.captions.toggle}
        />
        {s.layout.offered && (
          <Row
            testId="more-layout"
            icon={s.layout.grid ? <SpotlightIcon /> : <GridIcon />}
            label={s.layout.grid ? t('room.mobile.spotlight') : t('room.mobile.gridView')}
            disabled={s.layout.disabled}
            onClick={s.layout.toggle}
          />
        )}
        <Row
          testId="open-polls"
          icon={<PollIcon />}
          label={t('room.mobile.polls')}
          onClick={s.polls.open}
          badge={
            s.polls.unanswered && (
              <span className="room-sheet__badge" data-testid="polls-badge">
                {t('polls.badge')}
              </span>
            )
          }
        />
      </div>
    </div>
  );
}
