/**
 * The host is gone (issue 29): their connection dropped (their tile says "Reconnecting…"), or they
 * left and nobody holds the role (SPEC.md: hostId 0). Everyone else is told, in the same strip as
 * the host message, and that the role passes to someone here if the host does not come back
 * within the server's grace. A host whose page closed (the tab, not the network) left. Test hook: `host-gone` with `data-reason` (`reconnecting`, `left`).
 */
import { useTranslation } from '../../i18n/useTranslation';
import { HostIcon } from '../room-core/room-icons';
import { useRoomState } from '../room-core/RoomContext';

export function HostGoneNotice() {
  const { t } = useTranslation();
  const reason = useRoomState((s) => {
    if (s.connection !== 'connected' || !s.me) return null;
    if (s.hostId === 0) return 'left';
    if (s.hostId === s.me.userId) return null;
    const host = s.peers.find((p) => p.userId === s.hostId);
    if (host) return host.reconnecting ? 'reconnecting' : null;
    // A host who closed their tab keeps the role for the grace (a reload comes back as host)
    // but is gone from the room: they left — said only of a host seen here, not one who never came.
    return s.hostSeenId === s.hostId ? 'left' : null;
  });
  if (!reason) return null;
  return (
    <div className="room-host-message" data-testid="host-gone" data-reason={reason} role="status">
      <span className="room-host-message__icon" aria-hidden="true">
        <HostIcon size={20} />
      </span>
      <span className="room-host-message__text">{t(`room.hostGone.${reason}`)}</span>
    </div>
  );
}
