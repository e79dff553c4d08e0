/**
 * A raised hand comes to the host (issue 30): while members have a hand up and the People tab is
 * not open, a strip above the toolbar says who, with Lower hand and Let speak (several: how many,
 * with Lower all, Let all speak and View, which opens the People tab). Closed with ×, it comes
 * back when another hand goes up. Test hooks: `hand-notice` (`data-count`), `hand-notice-lower`,
 * `hand-notice-approve`, `hand-notice-view`.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation';
import { IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { HandIcon } from '../room-core/room-icons';
import { amHost, handRaised } from '../room-core/roles';
import { useHostActions } from './useHostActions';

export function HandNotice() {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const { answerHands } = useHostActions();
  const host = useRoomState(amHost);
  const tabOpen = useRoomState((s) => s.panel === 'members');
  const peers = useRoomState((s) => s.peers);
  const [closedFor, setClosedFor] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const raised = peers.filter(handRaised);
  if (!host || tabOpen || raised.length === 0 || raised.every((p) => closedFor.has(p.peerId)))
    return null;

  const answer = async (approve: boolean) => {
    setBusy(true);
    await answerHands(raised.length === 1 ? [raised[0]!.userId] : 'all', approve);
    setBusy(false);
  };
  const one = raised.length === 1 ? raised[0]! : null;
  return (
    <div
      className="room-host-message room-hand-notice"
      data-testid="hand-notice"
      data-count={raised.length}
      role="status"
    >
      <span className="room-host-message__icon" aria-hidden="true">
        <HandIcon size={20} />
      </span>
      <span className="room-host-message__text">
        {one
          ? t('room.announce.handRaised', { name: one.displayName })
          : t('room.hands.count', { count: raised.length })}
      </span>
      {!one && (
        <button
          type="button"
          className="room-host-message__action"
          data-testid="hand-notice-view"
          onClick={() => dispatch({ type: 'panel', panel: 'members' })}
        >
          {t('room.waiting.view')}
        </button>
      )}
      <button
        type="button"
        className="room-host-message__action"
        data-testid="hand-notice-lower"
        disabled={busy}
        onClick={() => void answer(false)}
      >
        {one ? t('room.hands.refuse') : t('room.hands.refuseAll')}
      </button>
      <button
        type="button"
        className="room-host-message__action room-host-message__action--primary"
        data-testid="hand-notice-approve"
        disabled={busy}
        onClick={() => void answer(true)}
      >
        {one ? t('room.hands.approve') : t('room.hands.approveAll')}
      </button>
      <IconButton
        className="room-host-message__close"
        aria-label={t('common.close')}
        title={t('common.close')}
        onClick={() => setClosedFor(new Set(raised.map((p) => p.peerId)))}
      >
        <CloseIcon size={18} />
      </IconButton>
    </div>
  );
}
