/**
 * The control-plane rules of meetings: joining (JoinAdmission decides who gets in and with
 * which outcome), taking over from another device, leaving, and when a meeting ends. Routes and
 * sockets call this; it announces what changed as typed events.
 */
import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import {
  CONFERENCE_STATUS,
  SEAT_CONNECT_GRACE_MS,
  SEAT_RECONNECT_GRACE_MS,
  UNJOINED_MEETING_TTL_MS,
  type ConferenceProperties,
  type MeetingInfo,
  type MyState,
  type WaitingRoomMessage,
} from '@meet/shared';
import type { RoomActivityRepository } from './room-activity-repository.js';
import type { Db, Database } from '../db/database.js';
import {
  users,
  type ConferenceChanges,
  type ConferenceMemberRow,
  type ConferenceRow,
  type UserRow,
} from '../db/schema/index.js';
import { entitlementsOf } from '../payments/entitlements.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { ConferencesRepository } from './conferences-repository.js';
import type { MemberControlsRepository } from './member-controls-repository.js';
import { effectiveControls } from '../domain/effective-controls.js';
import type { JoinAdmission, JoinInput, JoinResult } from './join-admission.js';
import { meetingInfoOf, propertiesOf } from './present.js';

/** Who ended a meeting for everyone. */
export type EndedBy = Pick<UserRow, 'id' | 'userName'>;

export interface ConferenceEvents {
  /** The same user joined on another device; these devices are out. */
  replaced: [conferenceId: string, userId: number, deviceIds: string[]];
  hostChanged: [conferenceId: string, hostId: number];
  /** The meeting is over: ended for all by `endedBy`, or the last one left (null). */
  ended: [conferenceId: string, endedBy: EndedBy | null];
  /** Lock, waiting room, screen sharing, recording… changed (mute all: HostControl's event). */
  propertiesChanged: [conferenceId: string, properties: ConferenceProperties];
  /** Someone joined, left or was moved in the waiting list. */
  waitingListChanged: [conferenceId: string];
  /** Waiting-room notice for these users (message socket). */
  waitingNotice: [conference: ConferenceRow, userIds: number[], message: WaitingRoomMessage];
  /** Members removed by the host. */
  removed: [conferenceId: string, userIds: number[]];
  /** A member changed the name they show in this meeting. */
  renamed: [conferenceId: string, userId: number, displayName: string];
}

export class ConferenceService extends EventEmitter<ConferenceEvents> {
  constructor(
    private readonly database: Database,
    private readonly conferences: ConferencesRepository,
    private readonly activity: RoomActivityRepository,
    /** Read only, for a viewer's own controls in Meeting info; HostControl changes them. */
    private readonly memberControls: MemberControlsRepository,
    /** Who may join now, and who waits in the waiting room. */
    private readonly admission: JoinAdmission,
    private readonly clock: Clock,
    /** How long a dropped `/room` connection keeps its seat (Config.reconnectGraceMs). */
    readonly reconnectGraceMs = SEAT_RECONNECT_GRACE_MS,
  ) {
    super();
  }

  private get db(): Db {
    return this.database.db;
  }

  async get(conferenceId: string): Promise<ConferenceRow> {
    const row = await this.conferences.byNumber(conferenceId);
    if (!row) throw AppError.meetingNoExist();
    return row;
  }

  async info(row: ConferenceRow, viewerId?: number): Promise<MeetingInfo> {
    const active = await this.conferences.activeMembers(row.id);
    const names = await this.conferences.userNames([row.creatorId, row.hostId]);
    const mine = viewerId ? active.find((m) => m.userId === viewerId) : undefined;
    const [viewer] = viewerId
      ? await this.db.select().from(users).where(eq(users.id, viewerId))
      : [];
    const controls = viewerId
      ? (await this.memberControls.of(row.id, [viewerId])).get(viewerId)
      : undefined;
    return meetingInfoOf(row, {
      personal: effectiveControls(controls, {
        isHost: viewerId !== undefined && viewerId === row.hostId,
        confMute: row.confMute,
      }),
      viewer: viewer && entitlementsOf(viewer, this.clock.now()),
      creatorName: names.get(row.creatorId) ?? '',
      hostName: names.get(row.hostId) ?? '',
      num: new Set(active.map((m) => m.userId)).size,
      joinTime: mine ? mine.joinedAt.getTime() : null,
    });
  }

  /** A join (JoinAdmission decides), and what it changed announced. */
  async join(user: UserRow, input: JoinInput): Promise<JoinResult> {
    const waitingFor = await this.admission.holdInWaitingRoom(user, input);
    if (waitingFor) {
      this.emit('waitingListChanged', waitingFor.conferenceId);
      throw AppError.waitingRoom({
        conferenceId: waitingFor.conferenceId,
        conferenceUri: waitingFor.conferenceUri,
      });
    }
    const result = await this.admission.admit(user, input);
    if (result.replacedDevices.length) {
      this.emit('replaced', result.conference.conferenceId, user.id, result.replacedDevices);
    }
    if (result.hostTaken)
      this.emit('hostChanged', result.conference.conferenceId, result.conference.hostId);
    if (result.leftWaitingList) this.emit('waitingListChanged', result.conference.conferenceId);
    return result;
  }

  /** Changes meeting properties and tells everyone. */
  async setProperties(conf: ConferenceRow, fields: ConferenceChanges): Promise<ConferenceRow> {
    const updated = await this.conferences.update(conf.id, fields);
    this.emit('propertiesChanged', updated.conferenceId, propertiesOf(updated));
    return updated;
  }

  /** Properties read from elsewhere changed (its recording started or stopped): everyone is told. */
  async refreshProperties(conf: ConferenceRow): Promise<void> {
    const updated = await this.conferences.byId(conf.id);
    if (updated) this.emit('propertiesChanged', updated.conferenceId, propertiesOf(updated));
  }

  async setHost(conf: ConferenceRow, hostId: number): Promise<ConferenceRow> {
    // Given by the host (or taken by the creator): chosen, not a handover the creator undoes.
    const updated = await this.conferences.update(conf.id, {
      hostId,
      hostHandedOver: false,
      hostLeftAt: null,
    });
    this.emit('hostChanged', updated.conferenceId, hostId);
    return updated;
  }

  /** Removes members for good: they are out now and a rejoin answers 3017. */
  async remove(conf: ConferenceRow, userIds: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const userId of userIds) {
        await this.conferences.block(conf.id, userId, 'kicked', tx);
        const mine = (await this.conferences.joinedMembers(conf.id, tx)).filter(
          (m) => m.userId === userId,
        );
        await this.conferences.setMembersState(
          mine.map((m) => m.id),
          'removed',
          tx,
        );
      }
    });
    this.emit('removed', conf.conferenceId, userIds);
  }

  /** Ends the meeting for everyone: members out, waiting people told, later joiners get 3008. */
  async end(conf: ConferenceRow, endedBy: UserRow | null = null): Promise<void> {
    if (conf.status === CONFERENCE_STATUS.finished) return;
    await this.db.transaction(async (tx) => {
      const joined = await this.conferences.joinedMembers(conf.id, tx);
      await this.conferences.setMembersState(
        joined.map((m) => m.id),
        'left',
        tx,
      );
      await this.conferences.update(
        conf.id,
        { status: CONFERENCE_STATUS.finished, endedAt: new Date(this.clock.now()) },
        tx,
      );
    });
    await this.closeWaitingList(conf);
    // Only who it was (the event crosses nodes over Redis: no more of the account than that).
    this.emit(
      'ended',
      conf.conferenceId,
      endedBy && { id: endedBy.id, userName: endedBy.userName },
    );
  }

  /** A meeting that ended sends everyone still waiting away (conference_closed). */
  private async closeWaitingList(conf: ConferenceRow): Promise<void> {
    const waiting = (await this.activity.waitingList(conf.id)).map((w) => w.userId);
    if (waiting.length === 0) return;
    await this.activity.removeWaiting(conf.id, waiting);
    this.emit('waitingNotice', conf, waiting, 'conference_closed');
  }

  /**
   * Leaves the meeting (one device, or all of the user's). A leaving host leaves the role
   * empty; the last one out ends the meeting.
   */
  async quit(userId: number, conferenceId: string, deviceId?: string): Promise<ConferenceRow> {
    const conf = await this.conferences.byNumber(conferenceId);
    if (!conf) throw AppError.meetingNoExist();
    return this.leave(conf.id, (joined) =>
      joined.filter(
        (m) => m.userId === userId && (deviceId === undefined || m.deviceId === deviceId),
      ),
    );
  }

  /**
   * Frees the seats of devices that never connected to the room, or dropped and did not come
   * back, in time — as if they had left — and removes instant meetings nobody ever joined.
   * One of those with a recording is ended instead, never removed: the recording is its
   * owner's, and goes on to be processed. Run every few seconds, and after start-up's reset.
   */
  async sweepSeats(): Promise<void> {
    const expired = await this.conferences.expiredSeats();
    for (const rowId of new Set(expired.map((m) => m.conferenceId))) {
      // A host whose seat expired had the whole grace to come back: the role passes at once.
      await this.leave(
        rowId,
        (joined) => {
          const now = this.clock.now();
          return joined.filter(
            (m) => !m.roomConnected && m.seatDeadline && m.seatDeadline.getTime() <= now,
          );
        },
        { handOver: true },
      );
    }
    await this.handOverHosts();
    const unjoined = await this.conferences.unjoinedInstantMeetings(
      this.clock.now() - UNJOINED_MEETING_TTL_MS,
    );
    for (const { conference, recorded } of unjoined) {
      if (recorded) await this.end(conference);
      else await this.conferences.delete(conference.id);
    }
  }

  /**
   * After a restart (or the death of the node holding these meetings) no socket is connected:
   * every member has the connect grace to come back. Without ids, every meeting's members.
   */
  async resetRoomConnections(conferenceRowIds?: number[]): Promise<number> {
    return this.conferences.resetRoomConnections(
      this.clock.now() + SEAT_CONNECT_GRACE_MS,
      conferenceRowIds,
    );
  }

  /** The name a member shows in this meeting (every device of theirs in it). */
  async rename(conferenceId: string, userId: number, displayName: string): Promise<void> {
    const row = await this.get(conferenceId);
    const mine = (await this.conferences.activeMembers(row.id)).filter((m) => m.userId === userId);
    if (mine.length === 0) throw AppError.forbidden('notInMeeting');
    for (const m of mine)
      await this.conferences.updateMember(m.id, { userConferenceName: displayName });
    this.emit('renamed', row.conferenceId, userId, displayName);
  }

  /**
   * Takes the memberships `pick` chooses out of the meeting, in one transaction holding the
   * meeting's row, and announces what that changed: the host's role, the meeting's end.
   */
  private async leave(
    conferenceRowId: number,
    pick: (joined: ConferenceMemberRow[]) => ConferenceMemberRow[],
    options: { handOver?: boolean } = {},
  ): Promise<ConferenceRow> {
    const { before, after } = await this.db.transaction(async (tx) => {
      const conf = await this.conferences.byId(conferenceRowId, tx, true);
      if (!conf) throw AppError.meetingNoExist();
      const leaving = pick(await this.conferences.joinedMembers(conf.id, tx));
      if (leaving.length === 0) return { before: conf, after: conf };
      await this.conferences.setMembersState(
        leaving.map((m) => m.id),
        'left',
        tx,
      );
      const gone = new Set(leaving.map((m) => m.id));
      const remaining = (await this.conferences.activeMembers(conf.id, tx)).filter(
        (m) => !gone.has(m.id),
      );
      const changes: ConferenceChanges = {};
      if (
        leaving.some((m) => m.userId === conf.hostId) &&
        !remaining.some((m) => m.userId === conf.hostId)
      ) {
        // SPEC.md: the host leaving clears the role. With others still in, it passes on after
        // the reconnect grace (handOverHosts), or now if that grace is what ran out.
        const next = options.handOver ? await this.successorOf(remaining, tx) : undefined;
        changes.hostId = next ?? 0;
        changes.hostHandedOver = next !== undefined;
        changes.hostLeftAt =
          next === undefined && remaining.length > 0 ? new Date(this.clock.now()) : null;
      }
      if (remaining.length === 0 && conf.status === CONFERENCE_STATUS.running) {
        changes.status = CONFERENCE_STATUS.finished;
        changes.endedAt = new Date(this.clock.now());
      }
      const after = Object.keys(changes).length
        ? await this.conferences.update(conf.id, changes, tx)
        : conf;
      return { before: conf, after };
    });
    if (before.hostId !== after.hostId) this.emit('hostChanged', after.conferenceId, after.hostId);
    if (before.status !== after.status && after.status === CONFERENCE_STATUS.finished) {
      // The last one out (often the host) ends it: those still waiting must not wait forever.
      await this.closeWaitingList(after);
      this.emit('ended', after.conferenceId, null);
    }
    return after;
  }

  /**
   * Meetings the host left more than the reconnect grace ago, with others still in: the role
   * passes to the longest-present signed-in member (or, with only visitors, the longest-present
   * one), so that someone can always admit from the waiting room (issue 29).
   */
  async handOverHosts(): Promise<void> {
    const cutoff = new Date(this.clock.now() - this.reconnectGraceMs);
    for (const rowId of await this.conferences.hostlessSince(cutoff)) {
      const changed = await this.db.transaction(async (tx) => {
        const conf = await this.conferences.byId(rowId, tx, true);
        if (!conf || conf.hostId !== 0 || !conf.hostLeftAt || conf.hostLeftAt > cutoff) return;
        const next = await this.successorOf(await this.conferences.activeMembers(conf.id, tx), tx);
        const changes: ConferenceChanges =
          next === undefined
            ? { hostLeftAt: null }
            : { hostId: next, hostHandedOver: true, hostLeftAt: null };
        return this.conferences.update(conf.id, changes, tx);
      });
      if (changed && changed.hostId !== 0)
        this.emit('hostChanged', changed.conferenceId, changed.hostId);
    }
  }

  /** Who takes the host role: signed-in members before visitors, the longest present first. */
  private async successorOf(members: ConferenceMemberRow[], tx: Db): Promise<number | undefined> {
    if (members.length === 0) return undefined;
    const visitors = await this.conferences.visitorIds(
      members.map((m) => m.userId),
      tx,
    );
    const [first] = [...members].sort(
      (a, b) =>
        Number(visitors.has(a.userId)) - Number(visitors.has(b.userId)) ||
        a.joinedAt.getTime() - b.joinedAt.getTime(),
    );
    return first?.userId;
  }

  /** A device's `/room` socket connected: its seat is held while it stays. */
  /**
   * A device's `/room` socket connected: its seat is held from now on. False when there is no
   * seat to hold (never joined, removed, or away past the reconnect grace).
   */
  async roomConnected(conferenceRowId: number, userId: number, deviceId: string): Promise<boolean> {
    return this.conferences.setRoomConnection(conferenceRowId, userId, deviceId, {
      connected: true,
    });
  }

  /** A device's `/room` socket dropped: it has the reconnect grace to come back. */
  async roomDisconnected(conferenceRowId: number, userId: number, deviceId: string) {
    await this.conferences.setRoomConnection(conferenceRowId, userId, deviceId, {
      connected: false,
      deadline: this.clock.now() + this.reconnectGraceMs,
    });
  }

  /** Is this user in the meeting now, on any device? */
  async isMember(conf: ConferenceRow, userId: number): Promise<boolean> {
    const active = await this.conferences.activeMembers(conf.id);
    return active.some((m) => m.userId === userId);
  }

  /** Is this device of this user in the meeting now? */
  async isActive(conf: ConferenceRow, userId: number, deviceId: string): Promise<boolean> {
    const active = await this.conferences.activeMembers(conf.id);
    return active.some((m) => m.userId === userId && m.deviceId === deviceId);
  }

  /** This caller's membership state on a device: none, joined, left, replaced, removed. */
  async stateOf(conf: ConferenceRow, userId: number, deviceId?: string): Promise<MyState> {
    const rows = await this.conferences.membersOfUser(conf.id, userId);
    const row = deviceId ? rows.find((m) => m.deviceId === deviceId) : rows[0];
    if (await this.conferences.isBlocked(conf.id, userId)) return 'removed';
    return row?.state ?? 'none';
  }

  properties = propertiesOf;
}
