/**
 * Where the recording notices go (RecordingNotices.tsx): their code is fetched only once the
 * meeting is being recorded, in the cloud or on someone's computer, so a room that never is
 * loads none of it (the room's code stays within its budget).
 */
import { lazy, Suspense } from 'react';
import { useRoomState } from '../room-core/RoomContext';

const RecordingNotices = lazy(() =>
  import('./RecordingNotices').then((m) => ({ default: m.RecordingNotices })),
);

export function RecordingNoticesSlot() {
  const recorded = useRoomState(
    (s) => s.properties.recordStatus === 1 || s.peers.some((p) => !!p.localRecording),
  );
  if (!recorded) return null;
  return (
    <Suspense fallback={null}>
      <RecordingNotices />
    </Suspense>
  );
}
