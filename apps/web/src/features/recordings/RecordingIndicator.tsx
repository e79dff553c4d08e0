/**
 * The "being recorded" badge every member sees over the stage: a red dot and the elapsed time.
 * Test hooks: `recording-indicator` (data-record-type audio|video), `recording-elapsed`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useRoomState } from '../room-core/RoomContext';
import { useRecordingElapsed } from './useRecordingElapsed';
import './room-record.css';

export function RecordingIndicator() {
  const { t } = useTranslation();
  const elapsed = useRecordingElapsed();
  const type = useRoomState((s) => (s.properties.recordType === 1 ? 'audio' : 'video'));
  if (elapsed === null) return null;
  const label = t(`recordings.room.indicator.${type}`);
  return (
    <div
      className="recording-indicator"
      data-testid="recording-indicator"
      data-record-type={type}
      role="status"
      aria-label={`${label} ${elapsed}`}
      title={label}
    >
      <span className="recording-indicator__dot" aria-hidden="true" />
      <span className="recording-indicator__label">{t('recordings.room.indicator.short')}</span>
      <span className="recording-indicator__time" data-testid="recording-elapsed">
        {elapsed}
      </span>
    </div>
  );
}
