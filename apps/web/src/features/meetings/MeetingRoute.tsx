/**
 * /meeting/{id}: the live room for the meeting this tab joined. Without a join in this tab the
 * invite page takes over; leaving, being replaced, removed or the meeting ending each lead to
 * the page SPEC.md names, and a reload is marked so the routing rule sends it to the invite page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { StorageKeys } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../ui/toast-store';
import type { RoomLeftReason } from '../room/RoomScreen';
import { conferenceApi } from '../../api/conference-api';
import { clearJoinPayload, ensureDeviceId, joinDisplayName, joinPayloadFor } from './join-session';
import { MeetingRoomInfo } from './MeetingRoomInfo';
import './meetings.css';
import { meetingsKey } from './meeting-queries';

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
    enabled: !!joined && !!token,
  });

  const onLeft = useCallback(
    (reason: RoomLeftReason) => {
      clearJoinPayload();
      // Leaving before the room connected (or if its socket missed it) still leaves the meeting.
      if (reason === 'left')
        void conferenceApi.quit(conferenceId, ensureDeviceId()).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: meetingsKey });
      const home = isRealLogin ? '/home' : '/join';
      switch (reason) {
        case 'left':
          void navigate(home, { replace: true });
          return;
        case 'replaced':
          void navigate(`/i/${conferenceId}?reason=replaced`, { replace: true });
          return;
        case 'ended':
          toast.info(t('invite.conferenceOver'));
          void navigate(home, { replace: true });
          return;
        case 'kicked':
          toast.warning(t('errors.youRemovedByHost'));
          void navigate(`/i/${conferenceId}`, { replace: true });
          return;
      }
    },
    [conferenceId, isRealLogin, navigate, queryClient, t],
  );

  const myState = status.data?.myState;
  useEffect(() => {
    if (myState === 'replaced') onLeft('replaced');
    else if (myState === 'removed') onLeft('kicked');
  }, [myState, onLeft]);

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
