/** The invite link and the invitation text people paste into chats and mails. */
import type { TFunction } from '../../app/i18n';
import { gmtOffset, timeRange, toZoned } from '@meet/shared';
import { formatConferenceId } from './join-session';

export interface ShareTarget {
  conferenceId: string;
  topic: string;
  timezone: string;
  startTime: number;
  /** Null for an instant meeting without a planned end. */
  endTime: number | null;
}

export function inviteLink(conferenceId: string, origin = window.location.origin): string {
  return `${origin}/i/${conferenceId}`;
}

/** "2030-03-10 10:00 – 11:00 (GMT+08:00) Asia/Shanghai", in the meeting's own zone. */
export function meetingTime(target: ShareTarget, t: TFunction): string {
  const { date } = toZoned(target.startTime, target.timezone);
  const zone = `(${gmtOffset(target.timezone, target.startTime)}) ${target.timezone}`;
  if (target.endTime === null) {
    return `${date} ${toZoned(target.startTime, target.timezone).time} ${zone}`;
  }
  const range = timeRange(target.startTime, target.endTime, target.timezone);
  const next = range.endsNextDay ? ` ${t('meetings.nextDay')}` : '';
  return `${date} ${range.start} – ${range.end}${next} ${zone}`;
}

export function invitationText(
  target: ShareTarget,
  inviter: string,
  link: string,
  t: TFunction,
): string {
  return [
    inviter ? t('share.inviteLine', { name: inviter }) : t('share.inviteLineAnonymous'),
    '',
    t('share.topicLine', { topic: target.topic }),
    t('share.timeLine', { time: meetingTime(target, t) }),
    t('share.idLine', { id: formatConferenceId(target.conferenceId) }),
    '',
    t('share.linkLine', { link }),
  ].join('\n');
}
