/**
 * /meeting/{id} until the live room exists: the meeting's topic, ID and host, Share and Leave.
 * It polls this device's membership so a join elsewhere ("replaced") sends the user to the invite
 * page with the reason, and marks a reload so the routing rule sends a reloaded tab there too.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { conferenceApi } from '../../api/conference-api';
import { StorageKeys } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { toast } from '../../ui/toast-store';
import {
  clearJoinPayload,
  ensureDeviceId,
  formatConferenceId,
  joinPayloadFor,
} from './join-session';
import { meetingsKey } from './meeting-queries';
import { browserTimezone } from './useTimezone';
import './meetings.css';

const ShareDialog = lazy(() => import('./ShareDialog'));

const STATUS_POLL_MS = 3000;

export function MeetingPlaceholder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isRealLogin, user } = useAuth();
  const conferenceId = useParams().conferenceId ?? '';
  const [sharing, setSharing] = useState(false);
  const joined = joinPayloadFor(conferenceId);

  const info = useQuery({
    queryKey: ['conferenceInfo', conferenceId],
    queryFn: () => conferenceApi.info(conferenceId, { silent: true }),
    retry: false,
  });
  const status = useQuery({
    queryKey: ['conferenceStatus', conferenceId],
    queryFn: () => conferenceApi.status(conferenceId, ensureDeviceId()),
    refetchInterval: STATUS_POLL_MS,
    retry: false,
  });

  const myState = status.data?.myState;
  useEffect(() => {
    if (myState === 'replaced') {
      clearJoinPayload();
      void navigate(`/i/${conferenceId}?reason=replaced`, { replace: true });
    } else if (myState === 'removed') {
      clearJoinPayload();
      toast.warning(t('errors.youRemovedByHost'));
      void navigate(`/i/${conferenceId}`, { replace: true });
    }
  }, [myState, conferenceId, navigate, t]);

  // A reload lands on the invite page (SPEC.md section 2): the flag outlives this page only then.
  useEffect(() => {
    const mark = () => localStorage.setItem(StorageKeys.meetingRoomReload, '1');
    window.addEventListener('beforeunload', mark);
    return () => window.removeEventListener('beforeunload', mark);
  }, []);

  const leave = useMutation({
    mutationFn: () => conferenceApi.quit(conferenceId, ensureDeviceId()),
    onSettled: async () => {
      clearJoinPayload();
      await queryClient.invalidateQueries({ queryKey: meetingsKey });
      void navigate(isRealLogin ? '/home' : '/join', { replace: true });
    },
  });

  const meeting = info.data;
  const topic = meeting?.conferenceName ?? joined?.conferenceName ?? '';
  const hostName = meeting?.hostName ?? joined?.hostName ?? '';
  return (
    <main className="page-center">
      <section className="meeting-stage" aria-labelledby="meeting-title">
        <Logo label={t('common.appName')} />
        <h1 id="meeting-title" className="meeting-stage__title">
          {topic || t('pages.meeting')}
        </h1>
        <dl className="meeting-stage__facts">
          <div>
            <dt>{t('meeting.id')}</dt>
            <dd data-testid="meeting-id">{formatConferenceId(conferenceId)}</dd>
          </div>
          {hostName && (
            <div>
              <dt>{t('meeting.host')}</dt>
              <dd>{hostName}</dd>
            </div>
          )}
          {status.data && (
            <div>
              <dt>{t('meeting.participants')}</dt>
              <dd>{status.data.num}</dd>
            </div>
          )}
        </dl>
        <p className="meeting-stage__soon">{t('meeting.roomComingSoon')}</p>
        <div className="meeting-stage__actions">
          <Button variant="secondary" onClick={() => setSharing(true)} disabled={!meeting}>
            {t('share.share')}
          </Button>
          <Button className="btn--danger" loading={leave.isPending} onClick={() => leave.mutate()}>
            {t('meeting.leave')}
          </Button>
        </div>
      </section>
      <Suspense fallback={null}>
        {sharing && meeting && (
          <ShareDialog
            target={{
              conferenceId: meeting.conferenceId,
              topic: meeting.conferenceName,
              // An instant meeting has no zone of its own; the viewer's reads best.
              timezone: meeting.reserved ? meeting.timezone : browserTimezone(),
              startTime: meeting.startTime,
              endTime: meeting.endTime,
            }}
            inviter={user?.userName ?? ''}
            onClose={() => setSharing(false)}
          />
        )}
      </Suspense>
    </main>
  );
}
