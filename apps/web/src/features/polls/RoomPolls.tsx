/**
 * Polls inside the meeting: keeps the meeting's poll list fresh from the room's `pollChanged`
 * events (and on host changes and reconnects), gives the toolbar the "unanswered" badge and a
 * way to open the dialog, and mounts the dialog (its code loaded on first open). `useRoomPolls` throws outside <RoomPolls>.
 */
import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { hasUnansweredPoll, type PollChange } from '@meet/shared';
import { useRoomClient, useRoomMeeting, useRoomState } from '../room/RoomContext';
import { amHost } from '../room/roles';
import { pollsKey, usePollList } from './poll-queries';
import type { PollsPlace } from './usePollsDialog';

// As on Home, the dialog's code comes when it is first opened, not with the room.
const PollsDialog = lazy(() => import('./PollsDialog').then((m) => ({ default: m.PollsDialog })));

export interface RoomPollsValue {
  open: boolean;
  show(): void;
  hide(): void;
  /** A launched poll I have not answered (the more-apps badge). */
  unanswered: boolean;
}

const RoomPollsContext = createContext<RoomPollsValue | null>(null);

export function useRoomPolls(): RoomPollsValue {
  const value = useContext(RoomPollsContext);
  if (!value) throw new Error('useRoomPolls must be used inside <RoomPolls>');
  return value;
}

export function RoomPolls({ children }: { children: ReactNode }) {
  const client = useRoomClient();
  const { conferenceUri } = useRoomMeeting();
  const me = useRoomState((s) => s.me);
  const hostId = useRoomState((s) => s.hostId);
  const connection = useRoomState((s) => s.connection);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const host = amHost({ me, hostId });
  // The server lists the polls of members only: wait for the join's answer.
  const list = usePollList(conferenceUri, me !== null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: pollsKey(conferenceUri) });
    void queryClient.invalidateQueries({ queryKey: ['poll'] });
  }, [queryClient, conferenceUri]);

  useEffect(
    () =>
      client.on('pollChanged', () =>
        queryClient.invalidateQueries({ queryKey: pollsKey(conferenceUri) }),
      ),
    [client, queryClient, conferenceUri],
  );

  // Who manages the polls moved, or notices may have been missed while reconnecting.
  const seen = useRef({ hostId, connection });
  useEffect(() => {
    const before = seen.current;
    seen.current = { hostId, connection };
    const hostMoved = before.hostId !== hostId;
    const reconnected = before.connection !== 'connected' && connection === 'connected';
    if (me && (hostMoved || reconnected)) refresh();
  }, [hostId, connection, me, refresh]);

  const subscribe = useCallback(
    (listener: (voteId: number, change: PollChange) => void) => client.on('pollChanged', listener),
    [client],
  );
  const place = useMemo<PollsPlace>(
    () => ({
      conferenceUri,
      inMeeting: true,
      canCreate: host,
      nickname: me?.displayName ?? '',
      subscribe,
    }),
    [conferenceUri, host, me?.displayName, subscribe],
  );

  const unanswered = hasUnansweredPoll(list.data ?? []);
  const value = useMemo<RoomPollsValue>(
    () => ({ open, show: () => setOpen(true), hide: () => setOpen(false), unanswered }),
    [open, unanswered],
  );

  return (
    <RoomPollsContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <PollsDialog place={place} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </RoomPollsContext.Provider>
  );
}
