/**
 * /meeting/{id}: the live room for the meeting this tab joined. Without a join in this tab the
 * invite page takes over; leaving asks for the quality rating before going home, being replaced,
 * removed or the meeting ending each lead to the page SPEC.md names, and a reload is marked so
 * the routing rule sends it to the invite page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { TOAST_LONG_MS } from '@meet/shared';
import { StorageKeys } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import { showToast } from '../../ui/toast-store';
import type { RoomLeftReason } from '../room/RoomScreen';
import { conferenceApi } from '../../api/conference-api';
import { clearJoinPayload, ensureDeviceId, joinDisplayName, joinPayloadFor } from './join-session';
import { MeetingRoomInfo } from './MeetingRoomInfo';
import { meetingsKey } from './meeting-queries';
import { RatingDialog } from './RatingDialog';
import './meetings.css';

const RoomScreen = lazy(() => import('../room/RoomScreen'));

/** The room's socket says when this device was replaced or removed; before joining it is not open yet. */
const STATUS_POLL_MS = 3000;

export function MeetingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, isRealLogin, user } = useAuth();
  const conferenceId = useParams().conferenceId ?? '';
  // Read once: leaving clears it, and the page must not turn into a redirect while it leaves.
  const [joined] = useState(() => joinPayloadFor(conferenceId));
  const [rating, setRating] = useState(false);
  // The room and the status poll may both report the end; the first report wins.
  const left = useRef(false);

  useEffect(() => {
    const mark = () => localStorage.setItem(StorageKeys.meetingRoomReload, '1');
    window.addEventListener('beforeunload', mark);
    return () => window.removeEventListener('beforeunload', mark);
  }, []);

  const status = useQuery({
    queryKey: ['conferenceStatus', conferenceId],
    queryFn: () => conferenceApi.status(conferenceId, ensureDeviceId()),
    refetchInterval: STATUS_POLL_MS,
    retry: false,
    enabled: !!joined && !!token && !rating,
  });

  const home = isRealLogin ? '/home' : '/join';
  const goHome = useCallback(() => void navigate(home, { replace: true }), [navigate, home]);

  const onLeft = useCallback(
    (reason: RoomLeftReason) => {
      if (left.current) return;
      left.current = true;
      clearJoinPayload();
      // Leaving before the room connected (or if its socket missed it) still leaves the meeting.
      if (reason === 'left' || reason === 'cancelled')
        void conferenceApi.quit(conferenceId, ensureDeviceId()).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: meetingsKey });
      switch (reason) {
        case 'left':
          setRating(true);
          return;
        case 'cancelled':
          goHome();
          return;
        case 'replaced':
          void navigate(`/i/${conferenceId}?reason=replaced`, { replace: true });
          return;
        // The toast lives in the root layout, so it stays up on the page we go to.
        case 'ended':
          showToast('info', t('invite.conferenceOver'), TOAST_LONG_MS);
          goHome();
          return;
        case 'kicked':
          showToast('warning', t('errors.youRemovedByHost'), TOAST_LONG_MS);
          void navigate(`/i/${conferenceId}`, { replace: true });
          return;
      }
    },
    [conferenceId, goHome, navigate, queryClient, t],
  );

  const myState = status.data?.myState;
  useEffect(() => {
    if (myState === 'replaced') onLeft('replaced');
    else if (myState === 'removed') onLeft('kicked');
  }, [myState, onLeft]);

  if (rating)
    return (
      <div className="meeting-after">
        <RatingDialog conferenceId={conferenceId} onDone={goHome} />
      </div>
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
        extras={<MeetingRoomInfo conferenceId={conferenceId} topic={joined.conferenceName} />}
      />
    </Suspense>
  );
}
