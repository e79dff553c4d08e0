/**
 * The reservation form as plain data: a draft of wall-clock fields in a zone, the defaults (next
 * half hour, one hour long), an edit's pre-fill, a new start carrying the end along (the meeting
 * keeps its length), and the checks of SPEC.md section 5 with the catalogue's keys, so the client
 * refuses what the server would refuse, in the same words.
 */
import {
  DEFAULT_MEETING_DURATION_MS,
  MAX_RESERVATION_MS,
  TOPIC_MAX,
  fromZoned,
  hasTime,
  isShowableTime,
  toZoned,
  type MeetingListItem,
} from '@meet/shared';
import type { ReservationBody } from '../../api/conference-api';
import { lengthLimit } from '../../ui/length-limit';

export interface ReservationDraft {
  topic: string;
  timezone: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  subtitle: boolean;
}

export type ReservationField = 'topic' | 'start' | 'end';
export type ReservationErrorKey =
  | 'topicRequired'
  | 'topicTooLong'
  | 'endBeforeStart'
  | 'meetingTooLong'
  | 'timeRequired'
  | 'timeOutOfRange'
  | 'meetingInPast';
export type ReservationErrors = Partial<Record<ReservationField, ReservationErrorKey>>;

const HALF_HOUR_MS = 30 * 60 * 1000;

function endFields(startMs: number, timezone: string, lengthMs = DEFAULT_MEETING_DURATION_MS) {
  const end = toZoned(startMs + lengthMs, timezone);
  return { endDate: end.date, endTime: end.time };
}

/** A new reservation: the next half hour in the zone, lasting the default hour. */
export function newDraft(now: number, timezone: string, topic = ''): ReservationDraft {
  // Half hours line up in every zone but the few with :45 offsets, where it is still a fine start.
  const start = Math.ceil((now + 1) / HALF_HOUR_MS) * HALF_HOUR_MS;
  const zoned = toZoned(start, timezone);
  return {
    topic,
    timezone,
    startDate: zoned.date,
    startTime: zoned.time,
    ...endFields(start, timezone),
    subtitle: false,
  };
}

/**
 * An existing reservation, in the zone it was planned in. One without a time (stored before
 * times were bounded) gets a new draft's times, so editing it is how it gets one.
 */
export function draftFromItem(item: MeetingListItem, now: number): ReservationDraft {
  if (!hasTime(item)) {
    return { ...newDraft(now, item.timezone, item.meetingTitle), subtitle: item.asrEnabled };
  }
  const start = toZoned(item.startTime, item.timezone);
  const end = toZoned(item.endTime, item.timezone);
  return {
    topic: item.meetingTitle,
    timezone: item.timezone,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    subtitle: item.asrEnabled,
  };
}

/**
 * How long the draft's meeting lasts; the default hour when its times do not make a length the
 * form would take (one missing, or an end before the start or more than 24 hours after it).
 */
export function draftLength(draft: ReservationDraft): number {
  const length =
    instant(draft.endDate, draft.endTime, draft.timezone) -
    instant(draft.startDate, draft.startTime, draft.timezone);
  return length >= 0 && length <= MAX_RESERVATION_MS ? length : DEFAULT_MEETING_DURATION_MS;
}

/**
 * A new start moves the end with it, so the meeting keeps its length (a new one's hour, an edited
 * one's own), unless the user has set the end themselves: then the end stays where they put it.
 */
export function withStart(
  draft: ReservationDraft,
  startDate: string,
  startTime: string,
  endTouched: boolean,
): ReservationDraft {
  const next = { ...draft, startDate, startTime };
  if (endTouched) return next;
  const start = instant(startDate, startTime, draft.timezone);
  return Number.isNaN(start)
    ? next
    : { ...next, ...endFields(start, draft.timezone, draftLength(draft)) };
}

/**
 * The draft in another zone. Times the user chose keep their wall-clock fields (10:00 there is
 * what they mean), so they are other instants and may now be past; a new draft's untouched
 * defaults keep their instants instead (still the next half hour, read in the new zone).
 */
export function withTimezone(
  draft: ReservationDraft,
  timezone: string,
  keepInstants: boolean,
): ReservationDraft {
  const start = instant(draft.startDate, draft.startTime, draft.timezone);
  const end = instant(draft.endDate, draft.endTime, draft.timezone);
  if (!keepInstants || Number.isNaN(start) || Number.isNaN(end)) return { ...draft, timezone };
  const zonedStart = toZoned(start, timezone);
  const zonedEnd = toZoned(end, timezone);
  return {
    ...draft,
    timezone,
    startDate: zonedStart.date,
    startTime: zonedStart.time,
    endDate: zonedEnd.date,
    endTime: zonedEnd.time,
  };
}

function instant(date: string, time: string, timezone: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return NaN;
  return fromZoned(date, time, timezone);
}

/** A start whose minute has gone by is in the past (the fields have no seconds). */
const MINUTE_MS = 60_000;

/**
 * The draft's errors, or the body to send. `now` is the server's clock: a start already past is
 * refused, but for the one an edited reservation was saved with (`savedStart`), which may have
 * passed while it was not started; an end already past is refused as the server refuses it.
 */
export function validateDraft(
  draft: ReservationDraft,
  now: number,
  savedStart: number | null = null,
): {
  errors: ReservationErrors;
  body: ReservationBody | null;
} {
  const errors: ReservationErrors = {};
  const topic = draft.topic.trim();
  if (!topic) errors.topic = 'topicRequired';
  else if (lengthLimit(topic, TOPIC_MAX).over) errors.topic = 'topicTooLong';
  const startTime = instant(draft.startDate, draft.startTime, draft.timezone);
  const endTime = instant(draft.endDate, draft.endTime, draft.timezone);
  if (Number.isNaN(startTime)) errors.start = 'timeRequired';
  else if (!isShowableTime(startTime)) errors.start = 'timeOutOfRange';
  else if (startTime + MINUTE_MS <= now && startTime !== savedStart) errors.start = 'meetingInPast';
  if (Number.isNaN(endTime)) errors.end = 'timeRequired';
  else if (!isShowableTime(endTime)) errors.end = 'timeOutOfRange';
  else if (!Number.isNaN(startTime)) {
    if (endTime < startTime) errors.end = 'endBeforeStart';
    else if (endTime - startTime > MAX_RESERVATION_MS) errors.end = 'meetingTooLong';
  }
  if (!errors.start && !errors.end && endTime <= now) errors.end = 'meetingInPast';
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return {
    errors,
    body: { topic, timezone: draft.timezone, startTime, endTime, subtitle: draft.subtitle ? 1 : 0 },
  };
}
