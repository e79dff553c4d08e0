/**
 * The connection's word for tests (`data-testid="connection-state"`, always in the DOM) and a
 * banner for people: connecting spinner, "reconnecting" after a drop, "unable to connect".
 */
import { useTranslation } from 'react-i18next';
import { useRoomClient, useRoomState } from './RoomContext';

export function ConnectionState() {
  const connection = useRoomState((s) => s.connection);
  return (
    <span className="room-sr-only" data-testid="connection-state">
      {connection}
    </span>
  );
}

export function ConnectionBanner() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const connection = useRoomState((s) => s.connection);
  const reconnecting = useRoomState((s) => s.reconnecting);
  if (connection === 'connected' || connection === 'disconnect') return null;
  if (connection === 'failed')
    return (
      <div className="room-banner room-banner--error" role="alert">
        {t('room.connection.failed')}
        <button type="button" className="room-banner__action" onClick={() => void client.leave()}>
          {t('room.connection.leave')}
        </button>
      </div>
    );
  return (
    <div className="room-banner" role="status">
      <span className="room-spinner" aria-hidden="true" />
      {reconnecting ? t('room.connection.reconnecting') : t('room.connection.connecting')}
    </div>
  );
}
