/**
 * The host's waiting room tab: who waits, admit one or all, deny one (optionally for good). The
 * room's right panel feeds it (features/room/RoomPanel.tsx). Test hooks: rows
 * `data-waiting-user-id`, `waiting-admit`, `waiting-deny`, `waiting-admit-all`, and in the deny
 * dialog `input[name=addToBlackList]` and `waiting-deny-confirm`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { WaitingEntry } from '@meet/shared';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useWaitingListRefresh } from './useWaitingList';
import type { WaitingDispatch } from './waiting-list';
import './waiting-tab.css';

/** What the tab shows and does, as the room gives it. */
export interface WaitingTabProps {
  conferenceUri: string;
  /** Who waits now (the room store's `waiting`). */
  entries: readonly WaitingEntry[];
  /** The meeting's waiting room is on. */
  enabled: boolean;
  /** Lets them in; resolves false on a refusal (the API client has shown it). */
  admit(userIds: number[]): Promise<boolean>;
  /** Turns them away, for good with `addToBlackList`; resolves false on a refusal. */
  deny(userIds: number[], addToBlackList: boolean): Promise<boolean>;
  /** The room store's dispatch, for the list fetched here and who was answered here. */
  dispatch: WaitingDispatch;
}

function DenyDialog({
  entry,
  deny: denyJoin,
  dispatch,
  onClose,
}: {
  entry: WaitingEntry;
  onClose: () => void;
} & Pick<WaitingTabProps, 'deny' | 'dispatch'>) {
  const { t } = useTranslation();
  const [block, setBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const deny = async () => {
    setBusy(true);
    const done = await denyJoin([entry.userId], block);
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

export function WaitingTab({
  conferenceUri,
  entries: waiting,
  enabled,
  admit: admitJoin,
  deny,
  dispatch,
}: WaitingTabProps) {
  const { t } = useTranslation();
  const [denying, setDenying] = useState<WaitingEntry | null>(null);
  useWaitingListRefresh(true, conferenceUri, dispatch);

  const admit = async (ids: number[]) => {
    if (await admitJoin(ids)) dispatch({ type: 'waitingRemoved', userIds: ids });
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
      {denying && (
        <DenyDialog
          entry={denying}
          deny={deny}
          dispatch={dispatch}
          onClose={() => setDenying(null)}
        />
      )}
    </div>
  );
}
