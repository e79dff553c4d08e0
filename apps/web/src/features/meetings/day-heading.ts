/** The heading of a day group: "Tomorrow · Thursday, January 16" (year only when not this year). */
import type { TFunction } from '../../i18n/i18n';
import type { DayFlags } from '@meet/shared';

export function dayHeading(day: DayFlags, t: TFunction, locale: string): string {
  const [y, m, d] = day.date.split('-').map(Number) as [number, number, number];
  // The group's calendar date is formatted as such (in UTC), not re-zoned.
  const date = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(day.isCurrentYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
  const relative = day.isToday
    ? t('meetings.today')
    : day.isTomorrow
      ? t('meetings.tomorrow')
      : day.isYesterday
        ? t('meetings.yesterday')
        : null;
  return relative ? `${relative} · ${date}` : date;
}
