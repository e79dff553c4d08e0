/**
 * One member's tile: their camera (or screen) video, else their avatar; the name cut to 10
 * characters in a small tile (else only where it does not fit), a muted-mic icon, a host badge, the network dot, a ring while speaking and the
 * member's reactions floating up.
 * Test hook: `data-member-id` + `data-source`, with a <video> only while the camera is on.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { networkStatus, truncateName, type MediaSource, type PeerInfo } from '@meet/shared';
import { Avatar } from '../../ui/Avatar';
import { TrackVideo, useTrack } from '../room-core/media';
import { ReactionBursts } from './ReactionBursts';
import { HandIcon, MicOffIcon, PinIcon } from '../room-core/room-icons';
import { useRoomDispatch, useRoomState } from '../room-core/RoomContext';
import { handRaised, isHostMember } from '../room-core/roles';
import { useTileRef } from './visibility';
import type { SelfCornerProps } from './self-corner';

export interface MemberTileProps {
  peer: PeerInfo;
  source: MediaSource;
  isMe: boolean;
  /** `pip`: my own small corner window beside one other person (PairView). */
  variant: 'grid' | 'main' | 'side' | 'pip';
  style?: React.CSSProperties;
  /** Without its pin button (a phone's strip pins with a tap on the whole tile). */
  pinnable?: boolean;
  /**
   * Told once the tile has its picture: the video's first frame, or at once when it shows the
   * avatar (the float view keeps the previous main window over it until then).
   */
  onReady?: () => void;
  /** The float view's previous main window, kept over the new one for a moment (`data-held`). */
  held?: boolean;
  /** My movable corner window's props (self-corner.ts), on the tile's root. */
  frame?: SelfCornerProps;
}

export function MemberTile({
  peer,
  source,
  isMe,
  variant,
  style,
  pinnable = true,
  onReady,
  held = false,
  frame,
}: MemberTileProps) {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const speaking = useRoomState((s) => !!s.speaking[peer.peerId]);
  const rtt = useRoomState((s) => s.stats[peer.peerId]?.rttMs ?? null);
  const hostId = useRoomState((s) => s.hostId);
  const pinned = useRoomState((s) => s.lockedId === peer.peerId);
  const video = useTrack(peer.peerId, source, 'video');
  const myAudio = useTrack(isMe ? peer.peerId : null, 'camera', 'audio');
  const tileRef = useTileRef(peer.peerId, source);

  const screen = source === 'screen';
  // My own flags follow my local tracks at once; the server's echo comes a round trip later.
  // Their connection dropped (issue 29): kept in place, without media, until they are back.
  const reconnecting = !isMe && !!peer.reconnecting;
  const cameraOn = screen || (isMe ? !!video : peer.videoEnabled && !reconnecting);
  // Another member's camera that stopped moving: said, not shown as if live.
  const [frozen, setFrozen] = useState(false);
  const watchFreeze = !isMe && !screen && cameraOn;
  const micOn = isMe ? !!myAudio : peer.audioEnabled;
  const isHost = isHostMember(peer, hostId);
  // A raised hand shows on the tile, not only in the People list (issue 30).
  const raised = !screen && handRaised(peer);
  const net = networkStatus(rtt);
  const showsVideo = cameraOn && !!video;
  // Nothing to wait for when the picture is the avatar.
  useEffect(() => {
    if (!showsVideo) onReady?.();
  }, [showsVideo, onReady]);
  // SPEC.md's 10-character cut is for the small tiles; elsewhere the name is cut (with an
  // ellipsis) only where the tile is too narrow for it, and "(You)" always stays.
  const name = variant === 'side' ? truncateName(peer.displayName, 10) : peer.displayName;

  return (
    <div
      ref={tileRef}
      className={`room-tile room-tile--${variant}${speaking && !screen ? ' room-tile--speaking' : ''}${held ? ' room-tile--held' : ''}`}
      data-held={held || undefined}
      aria-hidden={held || undefined}
      data-member-id={peer.peerId}
      data-source={source}
      data-audio={screen ? undefined : peer.audioEnabled ? 'on' : 'off'}
      data-video={screen ? undefined : cameraOn ? 'on' : 'off'}
      data-reconnecting={reconnecting || undefined}
      data-frozen={(watchFreeze && frozen) || undefined}
      data-hand={raised ? 'up' : undefined}
      data-local-recording={(!screen && peer.localRecording) || undefined}
      {...frame}
      style={frame?.style ?? style}
    >
      {cameraOn ? (
        <TrackVideo
          track={video}
          // A phone's back camera shows the world the right way round; the selfie one as a mirror.
          mirror={isMe && !screen && video?.getSettings?.().facingMode !== 'environment'}
          fit={screen ? 'contain' : 'cover'}
          onFrozenChange={watchFreeze ? setFrozen : undefined}
          onFrame={onReady}
        />
      ) : null}
      {/* Under a camera too: until its first frame is decoded the picture is the avatar, never
          a black box (issue 30); the video covers it from its first frame on. */}
      {!screen && (
        <div className={`room-tile__avatar${cameraOn && video ? ' room-tile__avatar--under' : ''}`}>
          <Avatar
            src={peer.avatar || null}
            name={peer.displayName}
            size={variant === 'side' || variant === 'pip' ? 48 : 88}
          />
        </div>
      )}
      {watchFreeze && frozen && (
        <div className="room-tile__reconnecting" data-testid="tile-frozen" role="status">
          {t('room.view.poorConnection')}
        </div>
      )}
      {reconnecting && (
        <div className="room-tile__reconnecting" data-testid="tile-reconnecting" role="status">
          {t('room.view.reconnecting')}
        </div>
      )}
      <div className="room-tile__bar">
        {!screen && !isMe && (
          <span
            className={`room-net room-net--${net}`}
            role="img"
            title={t(`room.net.${net}`)}
            aria-label={t(`room.net.${net}`)}
          />
        )}
        <span className="room-tile__name" title={peer.displayName}>
          {screen ? (
            <span className="room-tile__name-text">{t('room.view.screenOf', { name })}</span>
          ) : (
            <span className="room-tile__name-text">{name}</span>
          )}
          {isMe && !screen && <span className="room-tile__you">{t('room.view.youSuffix')}</span>}
        </span>
        {isHost && !screen && <span className="room-badge">{t('room.view.host')}</span>}
        {!screen && peer.localRecording && (
          <span
            className="room-badge room-badge--rec"
            data-testid="tile-local-recording"
            title={t('room.view.localRecording')}
          >
            {t('room.view.rec')}
          </span>
        )}
        {raised && (
          <span
            className="room-tile__hand"
            data-testid="tile-hand"
            role="img"
            aria-label={t('room.hands.raised')}
            title={t('room.hands.raised')}
          >
            <HandIcon size={16} />
          </span>
        )}
      </div>
      {!screen && <ReactionBursts peerId={peer.peerId} name={peer.displayName} />}
      {!screen && !micOn && (
        <span className="room-tile__muted" aria-label={t('room.members.micOff')} role="img">
          <MicOffIcon size={18} />
        </span>
      )}
      {pinnable && (
        <button
          type="button"
          className={`room-tile__pin${pinned ? ' room-tile__pin--on' : ''}`}
          aria-pressed={pinned}
          aria-label={pinned ? t('room.view.unpin') : t('room.view.pin')}
          title={pinned ? t('room.view.unpin') : t('room.view.pin')}
          onClick={() => {
            dispatch({ type: 'lock', peerId: pinned ? null : peer.peerId });
            // A pin only shows in the main window, so pinning from the grid opens float view.
            if (!pinned) dispatch({ type: 'viewMode', mode: 'float' });
          }}
        >
          <PinIcon size={18} />
        </button>
      )}
    </div>
  );
}
