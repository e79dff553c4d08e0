/** The right-side members panel: everyone in member order, with badges and media flags. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { orderMembers } from '@meet/shared';
import { IconButton } from '../../ui/Button';
import { Avatar } from '../../ui/Avatar';
import { CloseIcon } from '../../ui/icons';
import { CamIcon, CamOffIcon, MicIcon, MicOffIcon, ShareIcon } from './room-icons';
import { useRoomDispatch, useRoomState } from './RoomContext';

export function MembersPanel() {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const me = useRoomState((s) => s.me);
  const peers = useRoomState((s) => s.peers);
  const hostId = useRoomState((s) => s.hostId);
  const localShare = useRoomState((s) => s.localShare);
  const members = useMemo(() => {
    const all = (me ? [me, ...peers] : peers).map((p) => ({
      ...p,
      isHost: p.isHost || (hostId !== 0 && p.userId === hostId),
    }));
    return orderMembers(all, me?.peerId ?? '');
  }, [me, peers, hostId]);

  return (
    <aside className="room-panel" aria-label={t('room.members.title')} data-testid="members-list">
      <header className="room-panel__header">
        <div>
          <h2 className="room-panel__title">{t('room.members.title')}</h2>
          <div className="room-panel__sub">
            {t('room.members.count', { count: members.length })}
          </div>
        </div>
        <IconButton
          aria-label={t('room.members.close')}
          onClick={() => dispatch({ type: 'panel', panel: null })}
        >
          <CloseIcon />
        </IconButton>
      </header>
      <ul className="room-panel__list">
        {members.map((m) => {
          const isMe = m.peerId === me?.peerId;
          const sharing = m.shareEnabled || (isMe && localShare);
          return (
            <li key={m.peerId} className="room-member" data-member-row={m.peerId}>
              <Avatar src={m.avatar || null} name={m.displayName} size={36} />
              <div className="room-member__main">
                <div className="room-member__name" title={m.displayName}>
                  {m.displayName}
                  {isMe && <span className="room-member__tag">({t('room.members.me')})</span>}
                </div>
                {m.isHost && <div className="room-member__role">{t('room.members.host')}</div>}
              </div>
              <div className="room-member__flags">
                {sharing && (
                  <span
                    role="img"
                    aria-label={t('room.members.sharing')}
                    title={t('room.members.sharing')}
                    className="room-flag room-flag--share"
                  >
                    <ShareIcon size={18} />
                  </span>
                )}
                <span
                  role="img"
                  aria-label={
                    m.videoEnabled ? t('room.members.cameraOn') : t('room.members.cameraOff')
                  }
                  className={`room-flag${m.videoEnabled ? '' : ' room-flag--off'}`}
                >
                  {m.videoEnabled ? <CamIcon size={18} /> : <CamOffIcon size={18} />}
                </span>
                <span
                  role="img"
                  aria-label={m.audioEnabled ? t('room.members.micOn') : t('room.members.micOff')}
                  className={`room-flag${m.audioEnabled ? '' : ' room-flag--off'}`}
                >
                  {m.audioEnabled ? <MicIcon size={18} /> : <MicOffIcon size={18} />}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
