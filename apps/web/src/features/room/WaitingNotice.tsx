/**
 * What needs the host comes to the host (issue 30): while someone waits to be admitted and the
 * waiting tab is not open, a strip above the toolbar says who, with Admit and Deny; several
 * waiting, how many, with Admit all and View (the waiting tab). A host may close it; it comes
 * back when someone new arrives. Test hooks: `waiting-notice` (`data-count`), `waiting-admit`,
 * `waiting-deny`, `waiting-view`.
 */
import { useState } from 'react';
import { WAITING_STATUS } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { HostIcon } from '../room-core/room-icons';
import { amHost } from '../room-core/roles';
import { RoomStrip, StripAction } from './RoomStrip';
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
    <RoomStrip
      testId="waiting-notice"
      count={waiting.length}
      icon={<HostIcon size={20} />}
      text={
        one
          ? t('room.waiting.noticeOne', { name: one.userConferenceName })
          : t('room.waiting.noticeMany', { count: waiting.length })
      }
      onClose={() => setClosedFor(new Set(waiting.map((e) => e.userId)))}
    >
      {one ? (
        <StripAction
          testId="waiting-deny"
          disabled={busy}
          onClick={() => void answer([one.userId], 'deny')}
        >
          {t('room.waiting.deny')}
        </StripAction>
      ) : (
        <StripAction
          testId="waiting-view"
          onClick={() => dispatch({ type: 'panel', panel: 'waiting' })}
        >
          {t('room.waiting.view')}
        </StripAction>
      )}
      <StripAction
        testId="waiting-admit"
        primary
        disabled={busy}
        onClick={() =>
          void answer(
            waiting.map((e) => e.userId),
            'admit',
          )
        }
      >
        {one ? t('room.waiting.admit') : t('room.waiting.admitAll')}
      </StripAction>
    </RoomStrip>
  );
}
