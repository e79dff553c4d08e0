/**
 * Polls inside the meeting: keeps the meeting's poll list fresh from the room's `pollChanged`
 * events (and on host changes and reconnects), gives the toolbar the "unanswered" badge and a
 * way to open the dialog, and mounts the dialog (its code loaded on first open). The room feeds
 * it (features/room/RoomScreen.tsx); polls import nothing of the room. `useRoomPolls` throws
 * outside <RoomPolls>.
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
import { POLL_STATUS, hasUnansweredPoll, type PeerInfo, type PollChange } from '@meet/shared';
import type { ConnectionState, RoomClientHandle } from '../../room-client/types';
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
  /** The first such poll someone else manages: every member is asked to vote (PollPrompt). */
  prompt: { voteId: number; title: string } | null;
}

const RoomPollsContext = createContext<RoomPollsValue | null>(null);

export function useRoomPolls(): RoomPollsValue {
  const value = useContext(RoomPollsContext);
  if (!value) throw new Error('useRoomPolls must be used inside <RoomPolls>');
  return value;
}

/** What polls need of the room they are in. */
export interface RoomPollsProps {
  /** For its `pollChanged` events. */
  client: Pick<RoomClientHandle, 'on'>;
  conferenceUri: string;
  /** Me in the meeting; null until the join's answer. */
  me: PeerInfo | null;
  hostId: number;
  /** I am the host: I may create polls. */
  host: boolean;
  connection: ConnectionState;
  children: ReactNode;
}

export function RoomPolls({
  client,
  conferenceUri,
  me,
  hostId,
  host,
  connection,
  children,
}: RoomPollsProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
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
  const asked = (list.data ?? []).find(
    (p) => p.status === POLL_STATUS.inProgress && p.joined === 0 && !p.isHost,
  );
  const promptId = asked?.voteId;
  const promptTitle = asked?.title;
  const value = useMemo<RoomPollsValue>(
    () => ({
      open,
      show: () => setOpen(true),
      hide: () => setOpen(false),
      unanswered,
      prompt: promptId === undefined ? null : { voteId: promptId, title: promptTitle ?? '' },
    }),
    [open, unanswered, promptId, promptTitle],
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
