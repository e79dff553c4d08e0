/**
 * The host message: "you are the host, the panel has your tools", two seconds after joining
 * (host-message.ts says when). A card in its own strip above the toolbar, so it covers no
 * video. It goes by itself after a few seconds (not while pointed at or focused), or on close.
 * Test hook: `host-message`.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import {
  HOST_MESSAGE_DELAY_MS,
  HOST_MESSAGE_SHOW_MS,
  shouldShowHostMessage,
  wasReloaded,
} from './host-message';
import { HostIcon } from '../room-core/room-icons';
import { useRoomDispatch, useRoomMeeting, useRoomState } from '../room-core/RoomContext';
import { amHost } from '../room-core/roles';

type Phase = 'pending' | 'shown' | 'done';

export function HostMessage() {
  const { t } = useTranslation();
  const dispatch = useRoomDispatch();
  const { conferenceId, endTime } = useRoomMeeting();
  const host = useRoomState(amHost);
  const connected = useRoomState((s) => s.connection === 'connected');
  const [reloaded] = useState(() => wasReloaded(conferenceId));
  const [phase, setPhase] = useState<Phase>('pending');
  // Someone reading it or reaching for its buttons keeps it there.
  const [held, setHeld] = useState(false);

  // Decided at the first connection; a reconnect later does not greet again.
  useEffect(() => {
    if (phase !== 'pending' || !connected) return;
    if (!shouldShowHostMessage({ host, endTime, reloaded })) {
      setPhase('done');
      return;
    }
    const timer = setTimeout(() => setPhase('shown'), HOST_MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, connected, host, endTime, reloaded]);

  useEffect(() => {
    if (phase !== 'shown' || held) return;
    const timer = setTimeout(() => setPhase('done'), HOST_MESSAGE_SHOW_MS);
    return () => clearTimeout(timer);
  }, [phase, held]);

  if (phase !== 'shown' || !host) return null;
  return (
    <div
      className="room-host-message"
      data-testid="host-message"
      role="status"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="room-host-message__icon">
        <HostIcon size={20} />
      </span>
      <span className="room-host-message__text">{t('room.hostMessage.text')}</span>
      <button
        type="button"
        className="room-host-message__action"
        onClick={() => {
          dispatch({ type: 'panel', panel: 'controls' });
          setPhase('done');
        }}
      >
        {t('room.hostMessage.open')}
      </button>
      <IconButton
        className="room-host-message__close"
        aria-label={t('room.hostMessage.close')}
        title={t('room.hostMessage.close')}
        onClick={() => setPhase('done')}
      >
        <CloseIcon size={18} />
      </IconButton>
    </div>
  );
}
