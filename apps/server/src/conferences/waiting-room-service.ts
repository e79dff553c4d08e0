/**
 * The host's side of the waiting room (SPEC.md sections 4 and 7): the list, admitting, denying
 * (optionally for good), turning the room on and off, and a joiner leaving the list. What
 * changes is announced through ConferenceService's events: `waitingListChanged` for hosts in
 * the room, `waitingNotice` for the people waiting (the message socket).
 */
import {
  CONFERENCE_STATUS,
  WAITING_STATUS,
  type WaitingEntry,
  type WaitingRoomMessage,
} from '@meet/shared';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { ConferencesRepository } from './conferences-repository.js';
import type { RoomActivityRepository } from './room-activity-repository.js';
import type { ConferenceService } from './conference-service.js';
import type { HostControl, MeetingRef } from './host-control.js';

export class WaitingRoomService {
  constructor(
    private readonly service: ConferenceService,
    private readonly hostControl: HostControl,
    private readonly conferences: ConferencesRepository,
    private readonly activity: RoomActivityRepository,
  ) {}

  /** The meeting, if the caller is its host now (or its creator while nobody holds the role). */
  async hostedBy(caller: UserRow, ref: MeetingRef): Promise<ConferenceRow> {
    const conf = await this.hostControl.find(ref);
    if (conf.status === CONFERENCE_STATUS.finished) throw AppError.meetingOver();
    const isHost = caller.id === conf.hostId || (conf.hostId === 0 && caller.id === conf.creatorId);
    if (!isHost) throw AppError.forbidden('hostOnly');
    return conf;
  }

  /** Everyone waiting or approved but not in yet (status 1 filtered out), oldest first. */
  async list(conf: ConferenceRow, userIds?: string[]): Promise<WaitingEntry[]> {
    const wanted = userIds?.length ? new Set(userIds.map(Number)) : undefined;
    return (await this.activity.waitingList(conf.id))
      .filter((row) => !wanted || wanted.has(row.userId))
      .map((row) => ({
        userId: row.userId,
        userAvatar: row.userAvatar,
        userConferenceName: row.userConferenceName,
        status: row.status,
      }));
  }

  /** Lets these people in: their next join passes, and their waiting screen joins at once. */
  async approve(conf: ConferenceRow, userIds: number[]): Promise<number[]> {
    const waiting = (await this.activity.waitingList(conf.id))
      .filter((row) => row.status === WAITING_STATUS.waiting && userIds.includes(row.userId))
      .map((row) => row.userId);
    const approved = await this.activity.setWaitingStatus(
      conf.id,
      waiting,
      WAITING_STATUS.approved,
    );
    this.announce(conf, approved, 'waiting_room_approve');
    return approved;
  }

  /** Turns these people away; with the blocklist they cannot come back (3017). */
  async deny(conf: ConferenceRow, userIds: number[], block: boolean): Promise<number[]> {
    const listed = new Set((await this.activity.waitingList(conf.id)).map((row) => row.userId));
    const denied = userIds.filter((id) => listed.has(id));
    if (block) {
      for (const userId of denied) await this.conferences.block(conf.id, userId, 'denied');
    }
    await this.activity.removeWaiting(conf.id, denied);
    this.announce(conf, denied, block ? 'waiting_room_kick_out' : 'waiting_room_deny');
    return denied;
  }

  /**
   * Turns the waiting room on or off. Turning it off lets everyone still waiting in, as a
   * Zoom host expects ("admit all" is implied when nobody is held back any more).
   */
  async setEnabled(conf: ConferenceRow, on: boolean): Promise<void> {
    await this.service.setProperties(conf, { waitingRoom: on });
    if (!on) {
      const waiting = (await this.activity.waitingList(conf.id)).map((row) => row.userId);
      await this.approve(conf, waiting);
    }
  }

  /** The joiner gave up waiting. */
  async leave(conf: ConferenceRow, userId: number): Promise<void> {
    const removed = await this.activity.removeWaiting(conf.id, [userId]);
    if (removed.length) this.service.emit('waitingListChanged', conf.conferenceId);
  }

  /** What a (re)connecting waiting socket should be told now, if anything. */
  async stateFor(conf: ConferenceRow, userId: number): Promise<WaitingRoomMessage | 'waiting'> {
    if (conf.status === CONFERENCE_STATUS.finished) return 'conference_closed';
    if (await this.conferences.isBlocked(conf.id, userId)) return 'waiting_room_kick_out';
    const entry = await this.activity.waitingEntry(conf.id, userId);
    if (!entry || entry.status === WAITING_STATUS.admitted) return 'waiting_room_error';
    if (entry.status === WAITING_STATUS.approved) return 'waiting_room_approve';
    return 'waiting';
  }

  private announce(conf: ConferenceRow, userIds: number[], message: WaitingRoomMessage): void {
    if (userIds.length === 0) return;
    this.service.emit('waitingNotice', conf, userIds, message);
    this.service.emit('waitingListChanged', conf.conferenceId);
  }
}
