/**
 * /meeting/{id}: the live room for the meeting this tab joined. Without a join in this tab the
 * invite page takes over. Leaving, being removed or the meeting ending lead to the end screen
 * (what happened, who ended it, the quality rating, rejoin where possible); being replaced by
 * another device leads to the invite page; a reload stays here (straight back in within a
 * minute of being in the room). Away past the reconnect grace, it joins again by itself, or ends
 * on the screen that says why not (ended, removed, locked). Someone the host let in from the
 * waiting room enters without the pre-join screen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ResultCode } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import { Navigate, useNavigate, useParams } from 'react-router';
import { StorageKeys } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import type { RoomLeftReason } from '../room/RoomScreen';
import { conferenceApi } from '../../api/conference-api';
import { signInLost } from '../../api/client';
import { DeviceErrorLog } from '../client-log/DeviceErrorLog';
import { EndScreen } from './EndScreen';
import type { EndReason } from './end-screen';
import {
  clearAutoJoin,
  clearJoinPayload,
  ensureDeviceId,
  isAutoJoin,
  markInRoom,
  recentlyInRoom,
  stillInRoom,
  joinDisplayName,
} from './join-session';
import { JoinOutcomes } from './JoinOutcomes';
import { joinPayloadFor } from './join-payload';
import { MeetingRoomInfo } from './MeetingRoomInfo';
import { meetingsKey } from './meeting-queries';
import { useJoinMeeting } from './useJoinMeeting';
import './meetings.css';

const RoomScreen = lazy(() => import('../room/RoomScreen'));

/**
 * The room's socket says when this device was replaced or removed: the status is asked of the
 * API this often only while the socket is not up and joined (before joining, and while it
 * reconnects).
 */
const STATUS_POLL_MS = 3000;

export function MeetingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, isRealLogin, user } = useAuth();
  const conferenceId = useParams().conferenceId ?? '';
  // Read once: leaving clears it, and the page must not turn into a redirect while it leaves.
  const [joined] = useState(() => joinPayloadFor(conferenceId));
  // Admitted from the waiting room, or reloaded within a minute of being in the room: straight in.
  const [autoJoin] = useState(
    () => isAutoJoin(conferenceId) || (!!joined && recentlyInRoom(conferenceId)),
  );
  const [end, setEnd] = useState<{ reason: EndReason; by?: string } | null>(null);
  const [socketUp, setSocketUp] = useState(false);
  // Away past the reconnect grace: joining again by itself, and a refusal shown as its end.
  const away = useRef(false);
  const onRefused = useCallback((code: number) => {
    if (!away.current) return;
    if (code === ResultCode.meetingOver) setEnd({ reason: 'ended' });
    else if (code === ResultCode.removedByHost) setEnd({ reason: 'kicked' });
    else if (code === ResultCode.meetingLocked) setEnd({ reason: 'locked' });
  }, []);
  // Rejoining from the end screen is a new join of this meeting (it may meet the waiting room).
  const rejoin = useJoinMeeting({ onRefused });
  const { locked: lockShown, closeLock, join: joinAgain } = rejoin;
  // The end screen says the meeting is locked: no dialog saying it again over it.
  useEffect(() => {
    if (end?.reason === 'locked' && lockShown) closeLock();
  }, [end, lockShown, closeLock]);
  // The room and the status poll may both report the end; the first report wins.
  const left = useRef(false);

  useEffect(() => {
    // Back here after a reload with this tab's join: the flag has done its work (routing).
    localStorage.removeItem(StorageKeys.meetingRoomReload);
    const mark = () => {
      localStorage.setItem(StorageKeys.meetingRoomReload, '1');
      stillInRoom(conferenceId);
    };
    window.addEventListener('beforeunload', mark);
    return () => window.removeEventListener('beforeunload', mark);
  }, [conferenceId]);

  const status = useQuery({
    queryKey: ['conferenceStatus', conferenceId],
    queryFn: () => conferenceApi.status(conferenceId, ensureDeviceId()),
    refetchInterval: socketUp ? false : STATUS_POLL_MS,
    retry: false,
    enabled: !!joined && !!token && !end,
  });

  const home = isRealLogin ? '/home' : '/join';
  const goHome = useCallback(() => void navigate(home, { replace: true }), [navigate, home]);

  const onLeft = useCallback(
    (reason: RoomLeftReason, by?: string) => {
      if (left.current) return;
      left.current = true;
      const name = joinDisplayName() ?? user?.userName ?? '';
      clearJoinPayload();
      // Leaving before the room connected (or if its socket missed it) still leaves the meeting.
      if (reason === 'left' || reason === 'cancelled')
        void conferenceApi.quit(conferenceId, ensureDeviceId()).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: meetingsKey });
      switch (reason) {
        case 'left':
        case 'ended':
        case 'kicked':
          setEnd({ reason, by });
          return;
        case 'seatLost':
          // Past the reconnect grace the seat is gone: the same join again (same name; the
          // devices are this browser's), straight into the room — or the end that says why not.
          away.current = true;
          setEnd({ reason: 'away' });
          void joinAgain({ conferenceId, userConferenceName: name }, { admitted: true });
          return;
        case 'cancelled':
          goHome();
          return;
        case 'replaced':
          void navigate(`/i/${conferenceId}?reason=replaced`, { replace: true });
          return;
        case 'signedOut':
          // As any authentication failure (SPEC.md section 4, "Auth"): to sign-in.
          signInLost(token);
          return;
      }
    },
    [conferenceId, goHome, navigate, queryClient, token, user, joinAgain],
  );

  const myState = status.data?.myState;
  useEffect(() => {
    if (myState === 'replaced') onLeft('replaced');
    else if (myState === 'removed') onLeft('kicked');
  }, [myState, onLeft]);

  if (end)
    return (
      <>
        <EndScreen
          conferenceId={conferenceId}
          reason={end.reason}
          by={end.by}
          onHome={goHome}
          homeLabel={t(isRealLogin ? 'common.backHome' : 'end.joinAnother')}
          retrying={rejoin.joining}
          onRetry={() =>
            void rejoin.join({
              conferenceId,
              userConferenceName: joinDisplayName() ?? user?.userName ?? '',
            })
          }
        />
        <JoinOutcomes flow={rejoin} />
      </>
    );
  if (!joined || !token) return <Navigate to={`/i/${conferenceId}`} replace />;
  return (
    <Suspense fallback={<div className="room-loading" />}>
      <RoomScreen
        conferenceId={conferenceId}
        token={token}
        deviceId={ensureDeviceId()}
        displayName={joinDisplayName() ?? user?.userName ?? ''}
        onLeft={onLeft}
        autoJoin={autoJoin}
        onAutoJoined={clearAutoJoin}
        onEntered={() => markInRoom(conferenceId)}
        onConnected={setSocketUp}
        meeting={joined}
        extras={
          <>
            <MeetingRoomInfo conferenceId={conferenceId} topic={joined.conferenceName} />
            <DeviceErrorLog />
          </>
        }
      />
    </Suspense>
  );
}
