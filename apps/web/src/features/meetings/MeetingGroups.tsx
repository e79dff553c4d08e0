/** Meetings grouped by day in the chosen zone: the running ones first, then one group a date. */
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { groupMeetingsByDay, type MeetingListItem } from '@meet/shared';
import { dayHeading } from './day-heading';
import { MeetingItem, type MeetingItemActions } from './MeetingItem';

export interface MeetingGroupsProps extends Partial<MeetingItemActions> {
  items: MeetingListItem[];
  now: number;
  timezone: string;
  order: 'asc' | 'desc';
  userId: number | null;
  joiningId?: string | null;
}

export function MeetingGroups({
  items,
  now,
  timezone,
  order,
  userId,
  joiningId,
  ...actions
}: MeetingGroupsProps) {
  const { t, i18n } = useTranslation();
  const groups = useMemo(
    () => groupMeetingsByDay(items, now, timezone, order),
    [items, now, timezone, order],
  );
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en-US';
  return (
    <div className="meeting-groups">
      {groups.map((group) => {
        const heading = group.day
          ? dayHeading(group.day, t, locale)
          : t(group.current ? 'meetings.current' : 'meetings.timeUnknown');
        return (
          <section
            key={group.key}
            className="meeting-group"
            aria-label={heading}
            data-testid="meeting-group"
            data-date={group.key}
          >
            <h2
              className={
                group.current
                  ? 'meeting-group__title meeting-group__title--now'
                  : 'meeting-group__title'
              }
            >
              {heading}
            </h2>
            <ul className="meeting-group__list">
              {group.items.map((item) => (
                <MeetingItem
                  key={item.meetingId}
                  item={item}
                  now={now}
                  timezone={timezone}
                  mine={userId !== null && item.creatorId === userId}
                  joining={joiningId === item.meetingId}
                  {...actions}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
