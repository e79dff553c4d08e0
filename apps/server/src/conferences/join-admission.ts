/**
 * Who gets into a meeting: the waiting room's gate before, then every join outcome of SPEC.md
 * in its order, and the membership recorded. ConferenceService runs a join through this and
 * announces what changed.
 */
import { CONFERENCE_STATUS, MEETING_MAX_MEMBERS, WAITING_STATUS } from '@meet/shared';
import type { Database, Db } from '../db/database.js';
import type { ConferenceChanges, ConferenceRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { ConferencesRepository } from './conferences-repository.js';
import type { RoomActivityRepository } from './room-activity-repository.js';

export interface JoinInput {
  conferenceId: string;
  deviceId: string;
  userConferenceName: string;
  voiceLanguage: string;
  subtitle: number;
  translate: number;
  forceJoin: number;
}

export interface JoinResult {
  conference: ConferenceRow;
  memberId: number;
  /** Devices of the same user that were in the meeting and have been replaced. */
  replacedDevices: string[];
}

/** A join let through, with what it changed beyond the membership. */
export interface Admission extends JoinResult {
  /** The creator came back to a meeting nobody hosted and is its host again. */
  hostTaken: boolean;
  /** They were on the waiting list and are now in. */
  leftWaitingList: boolean;
}

/**
 * How many people fill the meeting's places, for a joiner: everyone else in it except its
 * creator and host. Those two always get in and never take a place, so a crowd that filled the
 * meeting cannot lock them out of their own meeting.
 */
export function countsAgainstCap(
  members: readonly { userId: number }[],
  conf: Pick<ConferenceRow, 'creatorId' | 'hostId'>,
  joinerId: number,
): number {
  const counted = members
    .map((m) => m.userId)
    .filter((id) => id !== joinerId && id !== conf.creatorId && id !== conf.hostId);
  return new Set(counted).size;
}

export class JoinAdmission {
  constructor(
    private readonly database: Database,
    private readonly conferences: ConferencesRepository,
    private readonly activity: RoomActivityRepository,
    private readonly clock: Clock,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  /**
   * Before the join transaction: someone the waiting room holds back is put on (or kept on) the
   * list: the meeting it waits for, or nothing when the waiting room lets them through. Outside
   * the transaction so the entry survives the 3018 answer.
   */
  async holdInWaitingRoom(user: UserRow, input: JoinInput): Promise<ConferenceRow | undefined> {
    const conf = await this.conferences.byNumber(input.conferenceId);
    if (!conf?.waitingRoom || conf.status === CONFERENCE_STATUS.finished || conf.lockRoom) return;
    if (user.id === conf.creatorId || user.id === conf.hostId) return;
    if (await this.conferences.isBlocked(conf.id, user.id)) return;
    const entry = await this.activity.waitingEntry(conf.id, user.id);
    if (entry?.status === WAITING_STATUS.approved) return;
    const active = await this.conferences.activeMembers(conf.id);
    if (active.some((m) => m.userId === user.id)) return;
    await this.activity.upsertWaiting({
      conferenceId: conf.id,
      userId: user.id,
      deviceId: input.deviceId,
      userConferenceName: input.userConferenceName,
      userAvatar: user.avatarUrl,
    });
    return conf;
  }

  /**
   * Checks every join outcome in SPEC.md's order and records the membership. Runs in one
   * transaction holding the meeting row, so two joiners cannot both take the 25th place.
   */
  admit(user: UserRow, input: JoinInput): Promise<Admission> {
    return this.db.transaction(async (tx) => {
      const conf = await this.conferences.byNumber(input.conferenceId, tx, true);
      if (!conf) throw AppError.meetingNoExist();
      if (conf.status === CONFERENCE_STATUS.finished) throw AppError.meetingOver();
      if (await this.conferences.isBlocked(conf.id, user.id, tx)) throw AppError.removedByHost();
      const privileged = user.id === conf.creatorId || user.id === conf.hostId;
      if (conf.lockRoom && !privileged) throw AppError.meetingLocked();
      const active = await this.conferences.activeMembers(conf.id, tx);
      const mine = active.filter((m) => m.userId === user.id);
      // Someone the host let in (status 3) passes the waiting room once; joining admits them.
      // Someone already inside (a reload, another device) was admitted before.
      const waiting = await this.activity.waitingEntry(conf.id, user.id, tx);
      const admitted = waiting?.status === WAITING_STATUS.approved || mine.length > 0;
      if (conf.waitingRoom && !privileged && !admitted) {
        throw AppError.waitingRoom({
          conferenceId: conf.conferenceId,
          conferenceUri: conf.conferenceUri,
        });
      }

      const elsewhere = mine.filter((m) => m.deviceId !== input.deviceId);
      if (elsewhere.length > 0 && !input.forceJoin) throw AppError.badRequest('alreadyInMeeting');
      if (!privileged && countsAgainstCap(active, conf, user.id) >= MEETING_MAX_MEMBERS)
        throw AppError.meetingFull();

      await this.conferences.setMembersState(
        elsewhere.map((m) => m.id),
        'replaced',
        tx,
      );
      const fields = {
        userConferenceName: input.userConferenceName,
        voiceLanguage: input.voiceLanguage,
        subtitle: input.subtitle,
        translate: input.translate,
      };
      const sameDevice = mine.find((m) => m.deviceId === input.deviceId);
      let memberId: number;
      if (sameDevice) {
        await this.conferences.updateMember(sameDevice.id, fields, tx);
        memberId = sameDevice.id;
      } else {
        const row = await this.conferences.insertMember(
          { conferenceId: conf.id, userId: user.id, deviceId: input.deviceId, ...fields },
          tx,
        );
        memberId = row.id;
      }

      const changes: ConferenceChanges = {};
      if (conf.status === CONFERENCE_STATUS.reserved) {
        changes.status = CONFERENCE_STATUS.running;
        changes.startedAt = new Date(this.clock.now());
      }
      // A creator coming back takes the host role again when nobody holds it, or when it only
      // passed to someone because the host had gone (issue 29).
      if (
        user.id === conf.creatorId &&
        conf.hostId !== user.id &&
        (conf.hostId === 0 || conf.hostHandedOver)
      ) {
        changes.hostId = user.id;
        changes.hostLeftAt = null;
        changes.hostHandedOver = false;
      }
      const conference = Object.keys(changes).length
        ? await this.conferences.update(conf.id, changes, tx)
        : conf;
      const leftWaitingList = !!waiting && waiting.status !== WAITING_STATUS.admitted;
      if (leftWaitingList)
        await this.activity.setWaitingStatus(conf.id, [user.id], WAITING_STATUS.admitted, tx);
      return {
        conference,
        memberId,
        replacedDevices: elsewhere.map((m) => m.deviceId),
        hostTaken: changes.hostId !== undefined,
        leftWaitingList,
      };
    });
  }
}
