/**
 * The toolbar's "Record to this computer" button (every member): starts a local recording of
 * the meeting as I see it, stops it, and says while the last file is being saved. Test hooks:
 * `local-record-button` (aria-pressed while recording, data-state idle|recording|stopping).
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useLocalRecording } from './useLocalRecording';
import { useToolbarItem } from '../room/toolbar/toolbar-slots';

function LocalRecordIcon({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect
        x="3"
        y="5"
        width="18"
        height="14"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3.5" fill={on ? '#ea4335' : 'currentColor'} />
    </svg>
  );
}

export function LocalRecordButton() {
  const { t } = useTranslation();
  const r = useLocalRecording();
  const slot = useToolbarItem('local-record');
  const label =
    r.state === 'recording'
      ? t('room.localRecording.stop')
      : r.state === 'stopping'
        ? t('room.localRecording.saving')
        : t('room.localRecording.start');
  return slot.place(
    <button
      type="button"
      data-testid="local-record-button"
      data-state={r.state}
      aria-pressed={r.state === 'recording'}
      className={`room-btn${r.state === 'recording' ? ' room-btn--active' : ''}`}
      aria-label={label}
      title={label}
      disabled={r.state === 'stopping'}
      onClick={r.toggle}
      {...slot.item(r.state === 'recording')}
    >
      <LocalRecordIcon on={r.state !== 'idle'} />
      {slot.label(label)}
    </button>,
  );
}
