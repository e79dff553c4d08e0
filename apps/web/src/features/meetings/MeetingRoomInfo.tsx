/**
 * The meeting's own corner of the room: topic, ID (as people read it aloud) and Share, which
 * opens the same share dialog as Home.
 */
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { conferenceApi } from '../../api/conference-api';
import { useAuth } from '../auth/AuthProvider';
import { formatConferenceId } from './join-session';
import { browserTimezone } from './useTimezone';

const ShareDialog = lazy(() => import('./ShareDialog'));

export function MeetingRoomInfo({ conferenceId, topic }: { conferenceId: string; topic: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [sharing, setSharing] = useState(false);
  const info = useQuery({
    queryKey: ['conferenceInfo', conferenceId],
    queryFn: () => conferenceApi.info(conferenceId, { silent: true }),
    retry: false,
  });
  const meeting = info.data;
  return (
    <div className="meeting-room-info">
      <span id="meeting-title" className="meeting-room-info__topic">
        {meeting?.conferenceName ?? topic}
      </span>
      <span className="meeting-room-info__id" data-testid="meeting-id">
        {formatConferenceId(conferenceId)}
      </span>
      <button
        type="button"
        className="meeting-room-info__share"
        data-testid="share-meeting"
        disabled={!meeting}
        onClick={() => setSharing(true)}
      >
        {t('share.share')}
      </button>
      <Suspense fallback={null}>
        {sharing && meeting && (
          <ShareDialog
            target={{
              conferenceId: meeting.conferenceId,
              topic: meeting.conferenceName,
              timezone: meeting.reserved ? meeting.timezone : browserTimezone(),
              startTime: meeting.startTime,
              endTime: meeting.endTime,
            }}
            inviter={user?.userName ?? ''}
            onClose={() => setSharing(false)}
          />
        )}
      </Suspense>
    </div>
  );
}
