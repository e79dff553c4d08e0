/**
 * The host's waiting room tab: who waits, admit one or all, deny one (optionally for good).
 * Test hooks: rows `data-waiting-user-id`, `waiting-admit`, `waiting-deny`, `waiting-admit-all`,
 * and in the deny dialog `input[name=addToBlackList]` and `waiting-deny-confirm`.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation';
import type { WaitingEntry } from '@meet/shared';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useRoomDispatch, useRoomState } from './RoomContext';
import { useHostActions } from './useHostActions';
import { useWaitingListRefresh } from './useWaitingList';

function DenyDialog({ entry, onClose }: { entry: WaitingEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useHostActions();
  const dispatch = useRoomDispatch();
  const [block, setBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const deny = async () => {
    setBusy(true);
    const done = await actions.deny([entry.userId], block);
    setBusy(false);
    if (!done) return;
    dispatch({ type: 'waitingRemoved', userIds: [entry.userId] });
    onClose();
  };
  return (
    <Dialog
      open
      title={t('room.waiting.denyTitle', { name: entry.userConferenceName })}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={400}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            className="btn--danger"
            loading={busy}
            data-testid="waiting-deny-confirm"
            onClick={() => void deny()}
          >
            {t('room.waiting.deny')}
          </Button>
        </>
      }
    >
      <p className="room-dialog__text">{t('room.waiting.denyBody')}</p>
      <label className="room-check">
        <input
          type="checkbox"
          name="addToBlackList"
          checked={block}
          onChange={(e) => setBlock(e.target.checked)}
        />
        <span>{t('room.waiting.block')}</span>
      </label>
    </Dialog>
  );
}

export function WaitingTab() {
  const { t } = useTranslation();
  const actions = useHostActions();
  const dispatch = useRoomDispatch();
  const waiting = useRoomState((s) => s.waiting);
  const enabled = useRoomState((s) => s.properties.waitingRoom);
  const [denying, setDenying] = useState<WaitingEntry | null>(null);
  useWaitingListRefresh(true);

  const admit = async (ids: number[]) => {
    if (await actions.admit(ids)) dispatch({ type: 'waitingRemoved', userIds: ids });
  };

  return (
    <div className="room-waiting">
      <div className="room-panel__sub">
        {enabled ? t('room.waiting.on') : t('room.waiting.off')}
      </div>
      {waiting.length === 0 ? (
        <div className="room-panel__empty">{t('room.waiting.empty')}</div>
      ) : (
        <>
          <div className="room-waiting__bar">
            <span>{t('room.waiting.count', { count: waiting.length })}</span>
            <Button
              size="small"
              data-testid="waiting-admit-all"
              onClick={() => void admit(waiting.map((e) => e.userId))}
            >
              {t('room.waiting.admitAll')}
            </Button>
          </div>
          <ul className="room-panel__list">
            {waiting.map((entry) => (
              <li key={entry.userId} className="room-member" data-waiting-user-id={entry.userId}>
                <Avatar src={entry.userAvatar || null} name={entry.userConferenceName} size={36} />
                <div className="room-member__main">
                  <span className="room-member__name" title={entry.userConferenceName}>
                    {entry.userConferenceName}
                  </span>
                </div>
                <div className="room-waiting__actions">
                  <button
                    type="button"
                    className="room-chip"
                    data-testid="waiting-deny"
                    onClick={() => setDenying(entry)}
                  >
                    {t('room.waiting.deny')}
                  </button>
                  <button
                    type="button"
                    className="room-chip room-chip--primary"
                    data-testid="waiting-admit"
                    onClick={() => void admit([entry.userId])}
                  >
                    {t('room.waiting.admit')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {denying && <DenyDialog entry={denying} onClose={() => setDenying(null)} />}
    </div>
  );
}
