/**
 * One row of the people list: avatar, name with host / creator / guest labels, raised hand,
 * share, camera and microphone state. The host also gets a "more" button on every other
 * member's row whose menu holds their actions and, for a raised hand, approve and refuse.
 * Test hooks: `data-member-row`, `hand-state` (`data-hand`), `member-more` and in its menu
 * `member-mute`, `member-video`, `member-make-host`, `member-remove`; `hand-approve`,
 * `hand-refuse`, `rename-me`, `reclaim-host`.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { PeerInfo } from '@meet/shared';
import { Avatar } from '../../ui/Avatar';
import { EditIcon, MoreIcon } from '../../ui/icons';
import { useMenuButton } from '../../ui/useMenuButton';
import {
  CamIcon,
  CamOffIcon,
  HandIcon,
  HostIcon,
  MicIcon,
  MicOffIcon,
  PersonRemoveIcon,
  ShareIcon,
} from '../room-core/room-icons';
import { handRaised } from '../room-core/roles';

export interface MemberRowProps {
  member: PeerInfo & { isHost: boolean };
  isMe: boolean;
  sharing: boolean;
  /** I am the host and this is someone else: their actions are mine to take. */
  manage: boolean;
  /** My own row, as the creator who is not host: I may take the role back. */
  canReclaim: boolean;
  onMute(): void;
  onVideo(): void;
  onMakeHost(): void;
  onRemove(): void;
  onHand(approve: boolean): void;
  onRename(): void;
  onReclaim(): void;
}

export function MemberRow(props: MemberRowProps) {
  const { t } = useTranslation();
  const { member: m, isMe, sharing, manage } = props;
  const raised = handRaised(m);
  const roles = [
    m.isHost && t('room.members.host'),
    m.isCreator && t('room.members.creator'),
    m.isVisitor && t('room.members.visitor'),
  ].filter(Boolean);
  const micLabel = m.forceMuted
    ? t('room.members.forceMuted')
    : m.audioEnabled
      ? t('room.members.micOn')
      : t('room.members.micOff');
  const camLabel = m.videoDisabled
    ? t('room.members.videoDisabled')
    : m.videoEnabled
      ? t('room.members.cameraOn')
      : t('room.members.cameraOff');
  const muteLabel = m.forceMuted ? t('room.members.allowUnmute') : t('room.members.mute');
  const videoLabel = m.videoDisabled ? t('room.members.allowVideo') : t('room.members.stopVideo');

  return (
    <li
      className={`room-member${manage ? ' room-member--managed' : ''}`}
      data-member-row={m.peerId}
    >
      <Avatar src={m.avatar || null} name={m.displayName} size={36} />
      <div className="room-member__main">
        <div className="room-member__line">
          <span className="room-member__name" title={m.displayName}>
            {m.displayName}
          </span>
          {isMe && <span className="room-member__tag">({t('room.members.me')})</span>}
          {isMe && (
            <button
              type="button"
              className="room-member__edit"
              data-testid="rename-me"
              aria-label={t('room.rename.open')}
              title={t('room.rename.open')}
              onClick={props.onRename}
            >
              <EditIcon size={16} />
            </button>
          )}
        </div>
        {roles.length > 0 && <div className="room-member__role">{roles.join(' · ')}</div>}
        {raised && manage && (
          <div className="room-member__hand">
            <button
              type="button"
              className="room-chip room-chip--primary"
              data-testid="hand-approve"
              onClick={() => props.onHand(true)}
            >
              {t('room.hands.approve')}
            </button>
            <button
              type="button"
              className="room-chip"
              data-testid="hand-refuse"
              onClick={() => props.onHand(false)}
            >
              {t('room.hands.refuse')}
            </button>
          </div>
        )}
        {props.canReclaim && (
          <button
            type="button"
            className="room-chip room-member__reclaim"
            data-testid="reclaim-host"
            onClick={props.onReclaim}
          >
            {t('room.members.reclaim')}
          </button>
        )}
      </div>
      <div className="room-member__flags">
        {raised && (
          <span
            role="img"
            data-testid="hand-state"
            data-hand={m.handUp}
            aria-label={t('room.hands.raised')}
            title={t('room.hands.raised')}
            className="room-flag room-flag--hand"
          >
            <HandIcon size={18} />
          </span>
        )}
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
          aria-label={camLabel}
          title={camLabel}
          className={`room-flag${m.videoEnabled ? '' : ' room-flag--off'}${m.videoDisabled ? ' room-flag--held' : ''}`}
        >
          {m.videoEnabled ? <CamIcon size={18} /> : <CamOffIcon size={18} />}
        </span>
        <span
          role="img"
          aria-label={micLabel}
          title={micLabel}
          className={`room-flag${m.audioEnabled ? '' : ' room-flag--off'}${m.forceMuted ? ' room-flag--held' : ''}`}
        >
          {m.audioEnabled ? <MicIcon size={18} /> : <MicOffIcon size={18} />}
        </span>
      </div>
      {manage && (
        <MemberActions
          name={m.displayName}
          actions={[
            {
              testId: 'member-mute',
              label: muteLabel,
              icon: m.forceMuted ? <MicIcon size={20} /> : <MicOffIcon size={20} />,
              onSelect: props.onMute,
            },
            {
              testId: 'member-video',
              label: videoLabel,
              icon: m.videoDisabled ? <CamIcon size={20} /> : <CamOffIcon size={20} />,
              onSelect: props.onVideo,
            },
            {
              testId: 'member-make-host',
              label: t('room.members.makeHost'),
              icon: <HostIcon size={20} />,
              onSelect: props.onMakeHost,
            },
            {
              testId: 'member-remove',
              label: t('room.members.remove'),
              icon: <PersonRemoveIcon size={20} />,
              danger: true,
              onSelect: props.onRemove,
            },
          ]}
        />
      )}
    </li>
  );
}

interface MemberAction {
  testId: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onSelect: () => void;
}

/** The host's actions on a member: a "more" button that is always there, and its menu. */
function MemberActions({ name, actions }: { name: string; actions: MemberAction[] }) {
  const { t } = useTranslation();
  const menu = useMenuButton();
  return (
    <div className="room-member__more">
      <button
        type="button"
        className="room-member__more-btn"
        data-testid="member-more"
        aria-label={t('room.members.moreFor', { name })}
        title={t('room.members.more')}
        {...menu.triggerProps}
      >
        <MoreIcon size={20} />
      </button>
      {menu.open && (
        <div
          className="room-member__menu"
          aria-label={t('room.members.actionsFor', { name })}
          {...menu.menuProps}
        >
          {actions.map((action) => (
            <button
              key={action.testId}
              className={`room-member__menu-item${action.danger ? ' room-member__menu-item--danger' : ''}`}
              data-testid={action.testId}
              {...menu.itemProps(action.onSelect)}
            >
              {action.icon}
              <span>{action.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
