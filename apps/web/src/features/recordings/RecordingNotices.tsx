/**
 * Recording and privacy notices (issue 30), in the strip above the toolbar:
 * - cloud recording: when it starts (or when I join a meeting being recorded) every member is
 *   told "This meeting is being recorded", once for that recording (kept for the tab, so a
 *   reload does not ask again); the REC badge stays over the stage throughout;
 * - recording to a computer: whoever records the meeting on their own computer is named to
 *   everyone else while they do, as Zoom does; closed, it comes back when someone else starts.
 * Test hooks: `recording-notice` (+ `recording-notice-ok`), `local-recording-notice`
 * (`data-count`, + `local-recording-notice-ok`).
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useRoomMeeting, useRoomState } from '../room-core/RoomContext';
import { RoomStrip, StripAction } from '../room/RoomStrip';

const SEEN_KEY = 'meet.recordingNoticeSeen';

function seenRecording(): string | null {
  try {
    return sessionStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

function RecDot() {
  return <span className="recording-indicator__dot" />;
}

function CloudRecordingNotice() {
  const { t } = useTranslation();
  const { conferenceUri } = useRoomMeeting();
  const recording = useRoomState((s) => s.properties.recordStatus === 1);
  const startedAt = useRoomState((s) => s.properties.recordStartedAt);
  const type = useRoomState((s) => (s.properties.recordType === 1 ? 'audio' : 'video'));
  const key = `${conferenceUri}/${startedAt}`;
  const [seen, setSeen] = useState(seenRecording);
  if (!recording || seen === key) return null;
  const ok = () => {
    setSeen(key);
    try {
      sessionStorage.setItem(SEEN_KEY, key);
    } catch {
      // Without storage the notice is still closed for this page.
    }
  };
  return (
    <RoomStrip
      testId="recording-notice"
      count={1}
      icon={<RecDot />}
      text={`${t('recordings.room.notice.cloud')} ${t(`recordings.room.notice.${type}Hint`)}`}
      onClose={ok}
    >
      <StripAction testId="recording-notice-ok" primary onClick={ok}>
        {t('recordings.room.notice.ok')}
      </StripAction>
    </RoomStrip>
  );
}

function LocalRecordingNotice() {
  const { t } = useTranslation();
  const peers = useRoomState((s) => s.peers);
  const recorders = peers.filter((p) => p.localRecording);
  const [closedFor, setClosedFor] = useState<ReadonlySet<string>>(new Set());
  if (recorders.length === 0 || recorders.every((p) => closedFor.has(p.peerId))) return null;
  const close = () => setClosedFor(new Set(recorders.map((p) => p.peerId)));
  const first = recorders[0]!;
  return (
    <RoomStrip
      testId="local-recording-notice"
      count={recorders.length}
      icon={<RecDot />}
      text={
        recorders.length === 1
          ? t('recordings.room.notice.localOne', { name: first.displayName })
          : t('recordings.room.notice.localMany', {
              name: first.displayName,
              count: recorders.length - 1,
            })
      }
      onClose={close}
    >
      <StripAction testId="local-recording-notice-ok" onClick={close}>
        {t('recordings.room.notice.ok')}
      </StripAction>
    </RoomStrip>
  );
}

export function RecordingNotices() {
  return (
    <>
      <CloudRecordingNotice />
      <LocalRecordingNotice />
    </>
  );
}
