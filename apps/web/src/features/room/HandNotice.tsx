/**
 * A raised hand comes to the host (issue 30): while members have a hand up and the People tab is
 * not open, a strip above the toolbar says who, with Lower hand and Let speak (several: how many,
 * with Lower all, Let all speak and View, which opens the People tab). Closed with ×, it comes
 * back when another hand goes up. Test hooks: `hand-notice` (`data-count`), `hand-notice-lower`,
 * `hand-notice-approve`, `hand-notice-view`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { HandIcon } from '../room-core/room-icons';
import { amHost, handRaised } from '../room-core/roles';
import { RoomStrip, StripAction } from './RoomStrip';
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
    <RoomStrip
      testId="hand-notice"
      count={raised.length}
      icon={<HandIcon size={20} />}
      text={
        one
          ? t('room.announce.handRaised', { name: one.displayName })
          : t('room.hands.count', { count: raised.length })
      }
      onClose={() => setClosedFor(new Set(raised.map((p) => p.peerId)))}
    >
      {!one && (
        <StripAction
          testId="hand-notice-view"
          onClick={() => dispatch({ type: 'panel', panel: 'members' })}
        >
          {t('room.waiting.view')}
        </StripAction>
      )}
      <StripAction testId="hand-notice-lower" disabled={busy} onClick={() => void answer(false)}>
        {one ? t('room.hands.refuse') : t('room.hands.refuseAll')}
      </StripAction>
      <StripAction
        testId="hand-notice-approve"
        primary
        disabled={busy}
        onClick={() => void answer(true)}
      >
        {one ? t('room.hands.approve') : t('room.hands.approveAll')}
      </StripAction>
    </RoomStrip>
  );
}
