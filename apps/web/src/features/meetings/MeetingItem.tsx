/**
 * One meeting in a Home list: time range in the chosen zone, title, ID, badges and actions. A
 * scheduled meeting offers "Add to calendar" (its .ics file); one of mine that my calendar
 * subscription lists (syncCalendar) says so.
 */
import { useTranslation } from '../../i18n/useTranslation';
import {
  CONFERENCE_STATUS,
  isShowableTime,
  scheduleFlags,
  timeRange,
  type MeetingListItem,
} from '@meet/shared';
import { meetingIcsUrl } from '../../api/calendar-api';
import { Button } from '../../ui/Button';
import { CalendarIcon } from '../../ui/icons';
// Polls (issue 6): results and the xlsx of a meeting's polls from Home.
import { MeetingPollsEntry } from '../polls/MeetingPollsEntry';
import { formatConferenceId } from './join-session';

export interface MeetingItemActions {
  onJoin(item: MeetingListItem): void;
  onShare(item: MeetingListItem): void;
  onEdit(item: MeetingListItem): void;
  onDelete(item: MeetingListItem): void;
}

export interface MeetingItemProps extends Partial<MeetingItemActions> {
  item: MeetingListItem;
  now: number;
  timezone: string;
  /** The signed-in user created it, so they start it and may change a reservation. */
  mine: boolean;
  joining?: boolean;
}

export function MeetingItem({
  item,
  now,
  timezone,
  mine,
  joining,
  onJoin,
  onShare,
  onEdit,
  onDelete,
}: MeetingItemProps) {
  const { t } = useTranslation();
  const finished = item.status === CONFERENCE_STATUS.finished;
  const running = item.status === CONFERENCE_STATUS.running;
  const reserved = item.status === CONFERENCE_STATUS.reserved;
  const flags = scheduleFlags(item, now, timezone);
  const end = finished ? (item.finishTime ?? item.endTime) : item.endTime;
  // A meeting without a time that can be shown is listed all the same, saying so.
  const range =
    isShowableTime(item.startTime) && isShowableTime(end)
      ? timeRange(item.startTime, end, timezone)
      : null;
  return (
    <li className="meeting-item" data-testid="meeting-item" data-meeting-id={item.meetingId}>
      <div className="meeting-item__time">
        <span data-testid="meeting-time">
          {range ? `${range.start} – ${range.end}` : t('meetings.timeUnknown')}
        </span>
        {range?.endsNextDay && (
          <span className="meeting-item__next-day">{t('meetings.nextDay')}</span>
        )}
      </div>
      <div className="meeting-item__main">
        <div className="meeting-item__title-row">
          <h3 className="meeting-item__title" title={item.meetingTitle}>
            {item.meetingTitle}
          </h3>
          {running && <span className="badge badge--live">{t('meetings.inProgress')}</span>}
          {flags?.aboutToBegin && (
            <span className="badge badge--soon">{t('meetings.aboutToBegin')}</span>
          )}
          {flags?.overDur && <span className="badge badge--overdue">{t('meetings.overdue')}</span>}
          {mine && reserved && item.conferenceProperties.syncCalendar === 1 && (
            <span
              className="badge meeting-item__feed"
              title={t('integrations.calendar.inFeedHint')}
              data-testid="meeting-in-feed"
            >
              <CalendarIcon size={12} />
              {t('integrations.calendar.inFeed')}
            </span>
          )}
        </div>
        <p className="meeting-item__meta">
          <span className="meeting-item__id">
            {t('meetings.meetingId', { id: formatConferenceId(item.meetingId) })}
          </span>
          {!mine && item.creator && ` · ${t('meetings.createdBy', { name: item.creator })}`}
        </p>
      </div>
      {finished && (
        <div className="meeting-item__actions">
          <MeetingPollsEntry item={item} mine={mine} />
        </div>
      )}
      {!finished && (
        <div className="meeting-item__actions">
          {mine && reserved && <MeetingPollsEntry item={item} mine={mine} />}
          {mine && reserved && onEdit && (
            <Button variant="text" size="small" onClick={() => onEdit(item)}>
              {t('meetings.edit')}
            </Button>
          )}
          {mine && reserved && onDelete && (
            <Button variant="text" size="small" onClick={() => onDelete(item)}>
              {t('meetings.delete')}
            </Button>
          )}
          {reserved && (
            <a
              className="btn btn--text btn--small"
              href={meetingIcsUrl(item.meetingId)}
              download={`meeting-${item.meetingId}.ics`}
              aria-label={t('integrations.calendar.addToCalendarLabel', {
                topic: item.meetingTitle,
              })}
              data-testid="add-to-calendar"
            >
              {t('integrations.calendar.addToCalendar')}
            </a>
          )}
          {onShare && (
            <Button variant="secondary" size="small" onClick={() => onShare(item)}>
              {t('share.share')}
            </Button>
          )}
          {onJoin && (
            <Button size="small" loading={joining} onClick={() => onJoin(item)}>
              {mine && reserved ? t('meetings.start') : t('meetings.join')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
