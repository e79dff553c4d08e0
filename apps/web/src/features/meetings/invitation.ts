/** The invite link and the invitation text people paste into chats and mails. */
import type { TFunction } from '../../i18n/i18n';
import { gmtOffset, isShowableTime, timeRange, toZoned } from '@meet/shared';
import { formatConferenceId } from './join-session';

export interface ShareTarget {
  conferenceId: string;
  topic: string;
  timezone: string;
  /** Null when the meeting has no time that can be shown: the invitation says none. */
  startTime: number | null;
  /** Null for an instant meeting without a planned end. */
  endTime: number | null;
}

export function inviteLink(conferenceId: string, origin = window.location.origin): string {
  return `${origin}/i/${conferenceId}`;
}

/**
 * "2030-03-10 10:00 – 11:00 (GMT+08:00) Asia/Shanghai", in the meeting's own zone; null when
 * the meeting has no time that can be shown (one stored before times were bounded).
 */
export function meetingTime(target: ShareTarget, t: TFunction): string | null {
  const { startTime, endTime } = target;
  if (!isShowableTime(startTime) || (endTime !== null && !isShowableTime(endTime))) return null;
  const { date } = toZoned(startTime, target.timezone);
  const zone = `(${gmtOffset(target.timezone, startTime)}) ${target.timezone}`;
  if (endTime === null) {
    return `${date} ${toZoned(startTime, target.timezone).time} ${zone}`;
  }
  const range = timeRange(startTime, endTime, target.timezone);
  const next = range.endsNextDay ? ` ${t('meetings.nextDay')}` : '';
  return `${date} ${range.start} – ${range.end}${next} ${zone}`;
}

export function invitationText(
  target: ShareTarget,
  inviter: string,
  link: string,
  t: TFunction,
): string {
  const time = meetingTime(target, t);
  return [
    inviter ? t('share.inviteLine', { name: inviter }) : t('share.inviteLineAnonymous'),
    '',
    t('share.topicLine', { topic: target.topic }),
    ...(time === null ? [] : [t('share.timeLine', { time })]),
    t('share.idLine', { id: formatConferenceId(target.conferenceId) }),
    '',
    t('share.linkLine', { link }),
  ].join('\n');
}
