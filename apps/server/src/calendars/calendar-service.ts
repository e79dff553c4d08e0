/**
 * Calendars (issue 16): "Add to calendar" for one scheduled meeting, and each user's private
 * subscription address (Google Calendar, Outlook and Apple Calendar poll it) listing their
 * scheduled meetings — changed ones with a higher SEQUENCE, deleted ones as cancelled events.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, or } from 'drizzle-orm';
import {
  CONFERENCE_STATUS,
  formatConferenceNumber,
  isShowableTime,
  serverText,
  type Language,
} from '@meet/shared';
import type { Db } from '../db/database.js';
import {
  calendarCancellations,
  calendarFeeds,
  conferences,
  users,
  type ConferenceRow,
  type UserRow,
} from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { conferenceFields } from '../conferences/conference-fields.js';
import { calendarText, type CalendarEvent } from './ics.js';

/** Cancelled and past meetings stay in the feed this long (calendars keep the history). */
const KEEP_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * An event needs times a calendar can hold. A meeting stored before every time was bounded may
 * have one past the largest date (2^53 ms): it is left out rather than failing the whole file.
 */
const writable = (e: CalendarEvent) => isShowableTime(e.startTime) && isShowableTime(e.endTime);

export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private event(conf: ConferenceRow, base: string, language: Language): CalendarEvent {
    const inviteUrl = `${base}/i/${conf.conferenceId}`;
    return {
      conferenceId: conf.conferenceId,
      topic: conf.topic,
      startTime: conf.startTime,
      endTime: conf.endTime ?? conf.startTime + 60 * 60 * 1000,
      inviteUrl,
      sequence: conf.calendarSequence,
      description: [
        serverText('calendarJoin', language, { url: inviteUrl }),
        serverText('calendarMeetingId', language, {
          id: formatConferenceNumber(conf.conferenceId),
        }),
      ],
    };
  }

  /** One meeting's event, for "Add to calendar"; null when its times cannot be written. */
  meetingIcs(conf: ConferenceRow, base: string, language: Language): string | null {
    const event = this.event(conf, base, language);
    if (!writable(event)) return null;
    return calendarText({
      events: [event],
      host: new URL(base).host,
      method: 'PUBLISH',
      now: this.clock.now(),
    });
  }

  private async tokenOf(userId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ token: calendarFeeds.token })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    return row?.token;
  }

  /** The user's subscription address, made the first time it is asked for. */
  async feedUrl(user: UserRow, base: string): Promise<string> {
    let token = await this.tokenOf(user.id);
    if (!token) {
      const made = await this.db
        .insert(calendarFeeds)
        .values({
          userId: user.id,
          token: randomBytes(24).toString('base64url'),
          createdAt: new Date(this.clock.now()),
        })
        .onConflictDoNothing()
        .returning({ token: calendarFeeds.token });
      token = made[0]?.token ?? (await this.tokenOf(user.id))!;
      // Their scheduled meetings are now in a calendar of theirs. The address is made either
      // way: a failure here (a lock conflict with a meeting being edited) only leaves a flag.
      await this.db
        .update(conferences)
        .set({ syncCalendar: 1 })
        .where(
          and(
            eq(conferences.creatorId, user.id),
            eq(conferences.reserved, true),
            eq(conferences.syncCalendar, 0),
          ),
        )
        .catch(() => undefined);
    }
    return `${base}/calendar/${token}.ics`;
  }

  /** A new address; the old one stops working at once. */
  async resetFeed(user: UserRow, base: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.db
      .insert(calendarFeeds)
      .values({ userId: user.id, token, createdAt: new Date(this.clock.now()) })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token } });
    return `${base}/calendar/${token}.ics`;
  }

  async hasFeed(userId: number): Promise<boolean> {
    return (await this.tokenOf(userId)) !== undefined;
  }

  /** The feed of a subscription address, or null for an unknown (or reset) one. */
  async feed(token: string, base: string, language: Language): Promise<string | null> {
    const [owner] = await this.db
      .select({ user: users })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(eq(calendarFeeds.token, token));
    if (!owner) return null;
    const since = this.clock.now() - KEEP_MS;
    const meetings = await this.db
      .select(conferenceFields)
      .from(conferences)
      .where(
        and(
          eq(conferences.creatorId, owner.user.id),
          eq(conferences.reserved, true),
          or(gt(conferences.endTime, since), eq(conferences.status, CONFERENCE_STATUS.reserved)),
        ),
      );
    const cancelled = await this.db
      .select()
      .from(calendarCancellations)
      .where(
        and(
          eq(calendarCancellations.creatorId, owner.user.id),
          gt(calendarCancellations.cancelledAt, new Date(since)),
        ),
      );
    const events: CalendarEvent[] = [
      ...meetings.map((m) => this.event(m, base, language)),
      ...cancelled.map((c) => ({
        conferenceId: c.conferenceId,
        topic: c.topic,
        startTime: c.startTime,
        endTime: c.endTime,
        inviteUrl: `${base}/i/${c.conferenceId}`,
        description: [],
        sequence: c.sequence,
        cancelled: true,
      })),
    ].filter(writable);
    return calendarText({
      events,
      host: new URL(base).host,
      method: 'PUBLISH',
      name: serverText('calendarName', language, { name: owner.user.userName }),
      now: this.clock.now(),
    });
  }

  /** A scheduled meeting was deleted: the feed carries it as cancelled for a while. */
  async cancelled(conf: ConferenceRow): Promise<void> {
    await this.db.insert(calendarCancellations).values({
      creatorId: conf.creatorId,
      conferenceId: conf.conferenceId,
      topic: conf.topic,
      startTime: conf.startTime,
      endTime: conf.endTime ?? conf.startTime + 60 * 60 * 1000,
      sequence: conf.calendarSequence + 1,
      cancelledAt: new Date(this.clock.now()),
    });
  }
}
