/**
 * The connection, said two ways: a line for screen readers that is always there and announces
 * each change in the user's language (`data-testid="connection-state"`, with `data-state` the
 * word tests wait for), and a banner for people who see it: connecting spinner, "reconnecting"
 * after a drop, "unable to connect" with a way out.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useRoomClient, useRoomState } from '../room-core/RoomContext';

export function ConnectionState() {
  const { t } = useTranslation();
  const connection = useRoomState((s) => s.connection);
  const reconnecting = useRoomState((s) => s.reconnecting);
  const said = connection === 'connecting' && reconnecting ? 'reconnecting' : connection;
  return (
    <span
      className="room-sr-only"
      role="status"
      data-testid="connection-state"
      data-state={connection}
    >
      {t(`room.connection.state.${said}`)}
    </span>
  );
}

/** Visual only: the status line above already tells screen readers. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const connection = useRoomState((s) => s.connection);
  const reconnecting = useRoomState((s) => s.reconnecting);
  if (connection === 'connected' || connection === 'disconnect') return null;
  if (connection === 'failed')
    return (
      <div className="room-banner room-banner--error">
        {t('room.connection.failed')}
        <button type="button" className="room-banner__action" onClick={() => void client.leave()}>
          {t('room.connection.leave')}
        </button>
      </div>
    );
  return (
    <div className="room-banner">
      <span className="room-spinner" aria-hidden="true" />
      {reconnecting ? t('room.connection.reconnecting') : t('room.connection.connecting')}
    </div>
  );
}
