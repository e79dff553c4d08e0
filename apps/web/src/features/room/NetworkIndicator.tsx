/**
 * My own network, in words beside its coloured dot (issue 29): SPEC.md's thresholds on half the
 * round trip to the media server (fine ≤ 50 ms, common ≤ 200, low ≤ 5000), and "poor" whenever
 * the downlink is too full for the video the tiles want, so that what I see (a lower picture)
 * has its reason said. Test hook: `my-network` with `data-status` and `data-lowered`.
 */
import { networkStatus } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import { useRoomState } from '../room-core/RoomContext';

export function NetworkIndicator() {
  const { t } = useTranslation();
  const network = useRoomState((s) => (s.connection === 'connected' ? s.network : null));
  if (!network) return null;
  const status = network.lowered ? 'low' : networkStatus(network.rttMs);
  const text = network.lowered ? t('room.net.lowered') : t(`room.net.${status}`);
  const title =
    network.rttMs === null
      ? text
      : `${text} · ${t('room.net.rtt', { ms: Math.round(network.rttMs) })}`;
  return (
    <span
      className="room-mynet"
      data-testid="my-network"
      data-status={status}
      data-lowered={network.lowered || undefined}
      role="status"
      title={title}
    >
      <span className={`room-net room-net--${status}`} aria-hidden="true" />
      <span className="room-mynet__text">{text}</span>
    </span>
  );
}
