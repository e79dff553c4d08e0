/**
 * What needs the host comes to the host (issue 30): while someone waits to be admitted and the
 * waiting tab is not open, a strip above the toolbar says who, with Admit and Deny; several
 * waiting, how many, with Admit all and View (the waiting tab). A host may close it; it comes
 * back when someone new arrives. Test hooks: `waiting-notice` (`data-count`), `waiting-admit`,
 * `waiting-deny`, `waiting-view`.
 */
import { useState } from 'react';
import { WAITING_STATUS } from '@meet/shared';
import { useTranslation } from '../../app/useTranslation';
import { IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { HostIcon } from '../room-core/room-icons';
import { amHost } from '../room-core/roles';
import { useHostActions } from './useHostActions';

export function WaitingNotice() {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const { admit, deny } = useHostActions();
  const host = useRoomState(amHost);
  const tabOpen = useRoomState((s) => s.panel === 'waiting');
  const entries = useRoomState((s) => s.waiting);
  const [closedFor, setClosedFor] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const waiting = entries.filter((e) => e.status === WAITING_STATUS.waiting);
  // Closed: until someone new is waiting.
  if (!host || tabOpen || waiting.length === 0 || waiting.every((e) => closedFor.has(e.userId)))
    return null;

  const answer = async (ids: number[], how: 'admit' | 'deny') => {
    setBusy(true);
    const done = how === 'admit' ? await admit(ids) : await deny(ids, false);
    setBusy(false);
    if (done) dispatch({ type: 'waitingRemoved', userIds: ids });
  };
  const one = waiting.length === 1 ? waiting[0]! : null;
  return (
    <div
      className="room-host-message room-waiting-notice"
      data-testid="waiting-notice"
      data-count={waiting.length}
      role="status"
    >
      <span className="room-host-message__icon" aria-hidden="true">
        <HostIcon size={20} />
      </span>
      <span className="room-host-message__text">
        {one
          ? t('room.waiting.noticeOne', { name: one.userConferenceName })
          : t('room.waiting.noticeMany', { count: waiting.length })}
      </span>
      {one ? (
        <button
          type="button"
          className="room-host-message__action"
          data-testid="waiting-deny"
          disabled={busy}
          onClick={() => void answer([one.userId], 'deny')}
        >
          {t('room.waiting.deny')}
        </button>
      ) : (
        <button
          type="button"
          className="room-host-message__action"
          data-testid="waiting-view"
          onClick={() => dispatch({ type: 'panel', panel: 'waiting' })}
        >
          {t('room.waiting.view')}
        </button>
      )}
      <button
        type="button"
        className="room-host-message__action room-host-message__action--primary"
        data-testid="waiting-admit"
        disabled={busy}
        onClick={() =>
          void answer(
            waiting.map((e) => e.userId),
            'admit',
          )
        }
      >
        {one ? t('room.waiting.admit') : t('room.waiting.admitAll')}
      </button>
      <IconButton
        className="room-host-message__close"
        aria-label={t('common.close')}
        title={t('common.close')}
        onClick={() => setClosedFor(new Set(waiting.map((e) => e.userId)))}
      >
        <CloseIcon size={18} />
      </IconButton>
    </div>
  );
}
