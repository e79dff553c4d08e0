/**
 * How long the meeting has been recorded, ticking each second, or null while it is not: read
 * from the room's properties (recordStatus, recordStartedAt), which a joiner gets in the join
 * answer, so everyone shows the same time. The start is the server's, so the server's clock
 * (the same offset Home uses) measures it.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { serverTimestamp } from '../../api/conference-api';
import { useRoomState } from '../room-core/RoomContext';
import { recordingElapsed } from './record-rules';

const TICK_MS = 1000;

function useClockOffset(): number {
  const offset = useQuery({
    queryKey: ['clockOffset'],
    queryFn: async () => (await serverTimestamp()) - Date.now(),
    staleTime: Infinity,
    retry: false,
  });
  return offset.data ?? 0;
}

export function useRecordingElapsed(): string | null {
  const recording = useRoomState((s) => s.properties.recordStatus === 1);
  const startedAt = useRoomState((s) => s.properties.recordStartedAt);
  const offset = useClockOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!recording) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [recording]);
  return recording ? recordingElapsed(startedAt, now + offset) : null;
}
