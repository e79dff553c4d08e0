/**
 * Host controls of a meeting (SPEC.md section 7: `conference/set` and its command types, and
 * `changeHost`): who may give which command, what it changes in the meeting, and each member's
 * controls (forced mute, disabled camera, raised hand) that the live room applies.
 *
 * Controls live in the database, not in the live room: per-member ones with the meeting
 * (MemberControlsRepository), so they survive a reconnect, the room closing while empty, a rejoin
 * and a server restart (a force-muted member cannot escape by coming back); meeting-wide ones
 * (confMute, lock, screen sharing) in the meeting row. A command is stored once and announced
 * once — members' controls and mute all by `membersChanged`, lock and screen sharing by the
 * meeting service's `propertiesChanged` — and the announcement carries no state: the live room
 * reads the stored controls back and applies them (RoomModeration), on whichever node holds it.
 */
import { EventEmitter } from 'node:events';
import {
  CONFERENCE_STATUS,
  CONF_MUTE,
  HAND,
  assertUnreachable,
  commandSchema,
  type Command,
  type HostAction,
} from '@meet/shared';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { ConferencesRepository } from './conferences-repository.js';
import type { MemberControlsRepository } from './member-controls-repository.js';
import type { ConferenceService } from './conference-service.js';
import {
  effectiveControls,
  NO_CONTROLS,
  type MemberControls,
} from '../domain/effective-controls.js';

export type { MemberControls };

/** What the host asks one member's client to do with its own media. */
export interface MemberAction {
  userId: number;
  action: HostAction;
}

export interface HostControlEvents {
  /**
   * Members' controls of a meeting changed (already stored), with what some of their clients
   * must do. Carries no state: the room reads the stored controls, so an event relayed from
   * another node or arriving late cannot bring back an older state.
   */
  membersChanged: [conferenceId: string, actions: MemberAction[]];
}

export { effectiveControls };

/** Which meeting a call is about: its uri or its number. */
export interface MeetingRef {
  conferenceUri?: string;
  conferenceId?: string;
  /**
   * How a meeting number is looked up: routes pass the lookup guard's (a number can be
   * scanned; a uri cannot). Without it, directly.
   */
  byNumber?: (conferenceId: string) => Promise<ConferenceRow>;
}

type Ext = Command['ext'];

interface Context {
  conf: ConferenceRow;
  caller: UserRow;
  /** User ids of everyone in the meeting now. */
  members: Set<number>;
  isHost: boolean;
}

export class HostControl extends EventEmitter<HostControlEvents> {
  constructor(
    private readonly conferences: ConferencesRepository,
    private readonly service: ConferenceService,
    private readonly store: MemberControlsRepository,
  ) {
    super();
    // Controls last as long as the meeting; a removed member's go with them.
    service.on('ended', (conferenceId) => void this.forget(conferenceId));
    service.on('removed', (conferenceId, userIds) => void this.forget(conferenceId, userIds));
  }

  private async forget(conferenceId: string, userIds?: number[]): Promise<void> {
    const conf = await this.conferences.byNumber(conferenceId).catch(() => undefined);
    if (conf) await this.store.delete(conf.id, userIds).catch(() => undefined);
  }

  /** A member's controls as stored (never touched: none). */
  async controlsOf(conferenceRowId: number, userId: number): Promise<MemberControls> {
    return (await this.store.of(conferenceRowId, [userId])).get(userId) ?? NO_CONTROLS;
  }

  /** These members' controls as stored (those never touched are absent: none). */
  controlsOfMembers(
    conferenceRowId: number,
    userIds: number[],
  ): Promise<Map<number, MemberControls>> {
    return this.store.of(conferenceRowId, userIds);
  }

  /** The meeting a call names, by uri first, then by number. */
  async find(ref: MeetingRef): Promise<ConferenceRow> {
    if (ref.conferenceUri) {
      const row = await this.conferences.byUri(ref.conferenceUri);
      if (row) return row;
      if (!ref.conferenceId) throw AppError.meetingNoExist();
    }
    if (!ref.conferenceId) throw AppError.badRequest('fieldRequired', { field: 'conferenceUri' });
    return ref.byNumber ? ref.byNumber(ref.conferenceId) : this.service.get(ref.conferenceId);
  }

  private async context(ref: MeetingRef, caller: UserRow): Promise<Context> {
    const conf = await this.find(ref);
    if (conf.status === CONFERENCE_STATUS.finished) throw AppError.meetingOver();
    const members = new Set((await this.conferences.activeMembers(conf.id)).map((m) => m.userId));
    if (!members.has(caller.id)) throw AppError.forbidden('notInMeeting');
    return { conf, caller, members, isHost: caller.id === conf.hostId };
  }

  /** `conference/set`: `setContent` is the command, already JSON-decoded. */
  async command(caller: UserRow, ref: MeetingRef, setContent: unknown): Promise<void> {
    const parsed = commandSchema.safeParse(setContent);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw AppError.badRequest('invalidRequest', {
        detail: `setContent ${where}${issue?.message ?? 'is not a command'}`,
      });
    }
    const { ext, room } = parsed.data;
    const ctx = await this.context({ ...ref, conferenceUri: ref.conferenceUri ?? room }, caller);
    const type = ext.ext_type;
    switch (type) {
      case 'hand_up':
        return this.handUp(ctx, ext);
      case 'change_host':
        return this.changeHostTo(ctx, userIdOf(ext.new_host_code ?? ext.code_list?.[0]));
      case 'conf_mute':
      case 'video_enable':
      case 'screen_share':
      case 'lock_room':
      case 'kick_member':
      case 'conf_dismiss':
        if (!ctx.isHost) throw AppError.forbidden('hostOnly');
        return this.hostCommand(ctx, type, ext);
      default:
        return assertUnreachable(type);
    }
  }

  /** `conference/changeHost`, and `change_host`: the host hands over, or the creator reclaims. */
  async changeHost(caller: UserRow, ref: MeetingRef, newHost: string | number | undefined) {
    const ctx = await this.context(ref, caller);
    await this.changeHostTo(ctx, userIdOf(newHost));
  }

  private async changeHostTo(ctx: Context, newHostId: number): Promise<void> {
    const reclaim = newHostId === ctx.caller.id && ctx.caller.id === ctx.conf.creatorId;
    if (!ctx.isHost && !reclaim) throw AppError.forbidden('hostOnly');
    if (!ctx.members.has(newHostId)) throw AppError.badRequest('memberNotInMeeting');
    if (newHostId !== ctx.conf.hostId) await this.service.setHost(ctx.conf, newHostId);
  }

  private async hostCommand(
    ctx: Context,
    type: Exclude<Ext['ext_type'], 'hand_up' | 'change_host'>,
    ext: Ext,
  ): Promise<void> {
    const { conf } = ctx;
    switch (type) {
      case 'conf_mute': {
        const value = valueOf(ext, ['0', '1', '2']);
        if (ext.scope !== 'all' && ext.code_list?.length) return this.muteSome(ctx, ext, value);
        const confMute = Number(value);
        // A meeting-wide word replaces what was said about single members. It is the default of
        // every member's forced mute, so it is stored here (not through the meeting service,
        // whose event would announce the same command a second time).
        await this.store.clearForceMute(conf.id);
        await this.conferences.update(conf.id, { confMute });
        const action = confMute === CONF_MUTE.off ? undefined : 'muteAudio';
        return this.announce(conf, [...ctx.members], (userId) =>
          userId === conf.hostId ? undefined : action,
        );
      }
      case 'video_enable': {
        const disabled = valueOf(ext, ['0', '1']) === '0';
        const targets = this.targets(ctx, ext);
        await this.store.set(conf.id, targets, { videoDisabled: disabled });
        return this.announce(conf, targets, () => (disabled ? 'disableVideo' : undefined));
      }
      case 'screen_share':
        await this.service.setProperties(conf, {
          screenShareAllowed: valueOf(ext, ['0', '1']) === '1',
        });
        return;
      case 'lock_room':
        await this.service.setProperties(conf, { lockRoom: valueOf(ext, ['0', '1']) === '1' });
        return;
      case 'kick_member': {
        if (!ext.code_list?.length)
          throw AppError.badRequest('fieldRequired', { field: 'code_list' });
        const targets = this.targets(ctx, ext);
        if (targets.length) await this.service.remove(conf, targets);
        return;
      }
      case 'conf_dismiss':
        await this.service.end(conf, ctx.caller);
        return;
      default:
        return assertUnreachable(type);
    }
  }

  /** conf_mute about some members: '1' mute, '2' force mute, '0' lift their force mute. */
  private async muteSome(ctx: Context, ext: Ext, value: string): Promise<void> {
    const targets = this.targets(ctx, ext);
    if (value === '2') await this.store.set(ctx.conf.id, targets, { forceMute: true });
    if (value === '0') await this.store.set(ctx.conf.id, targets, { forceMute: false });
    this.announce(ctx.conf, targets, () => (value === '0' ? undefined : 'muteAudio'));
  }

  /**
   * hand_up: a member raises ('1') or lowers ('0') their own hand; the host approves ('1') or
   * refuses ('0') some members, or everyone whose hand is up. Approval lifts a forced mute and
   * turns the member's microphone on.
   */
  private async handUp(ctx: Context, ext: Ext): Promise<void> {
    const value = valueOf(ext, ['0', '1']);
    const { conf, caller } = ctx;
    const aboutSelf =
      ext.scope !== 'all' &&
      (!ext.code_list?.length ||
        (ext.code_list.length === 1 && ext.code_list[0] === String(caller.id)));
    if (aboutSelf) {
      await this.store.set(conf.id, [caller.id], {
        handUp: value === '1' ? HAND.apply : HAND.none,
      });
      return this.announce(conf, [caller.id]);
    }
    if (!ctx.isHost) throw AppError.forbidden('hostOnly');
    let targets = this.targets(ctx, ext);
    if (ext.scope === 'all') {
      const controls = await this.store.of(conf.id, targets);
      targets = targets.filter((userId) => controls.get(userId)?.handUp === HAND.apply);
    }
    const approve = value === '1';
    await this.store.set(
      conf.id,
      targets,
      approve ? { handUp: HAND.approve, forceMute: false } : { handUp: HAND.refuse },
    );
    this.announce(conf, targets, () => (approve ? 'unmuteAudio' : undefined));
  }

  /** The members a command is about: everyone but the host, or those of code_list. */
  private targets(ctx: Context, ext: Ext): number[] {
    const { members, conf } = ctx;
    if (ext.scope === 'all') return [...members].filter((id) => id !== conf.hostId);
    if (!ext.code_list?.length) {
      throw AppError.badRequest('invalidRequest', { detail: 'code_list or scope "all" is needed' });
    }
    const ids = [...new Set(ext.code_list.map(userIdOf))];
    if (!ids.some((id) => members.has(id))) throw AppError.badRequest('memberNotInMeeting');
    return ids.filter((id) => members.has(id) && id !== conf.hostId);
  }

  /** Tells the live room that these members' controls changed, with a command for some. */
  private announce(
    conf: ConferenceRow,
    userIds: number[],
    actionOf: (userId: number) => HostAction | undefined = () => undefined,
  ): void {
    if (userIds.length === 0) return;
    const actions = userIds.flatMap((userId) => {
      const action = actionOf(userId);
      return action ? [{ userId, action }] : [];
    });
    this.emit('membersChanged', conf.conferenceId, actions);
  }
}

function valueOf<const T extends string>(ext: Ext, allowed: readonly T[]): T {
  const value = ext.ext_value.trim();
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw AppError.badRequest('invalidRequest', {
    detail: `ext_value of ${ext.ext_type} must be ${allowed.join(', ')}`,
  });
}

function userIdOf(code: string | number | undefined): number {
  const id = Number(code);
  if (code === undefined || code === '') {
    throw AppError.badRequest('fieldRequired', { field: 'new_host_code' });
  }
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw AppError.badRequest('invalidRequest', { detail: `${String(code)} is not a user id` });
  }
  return id;
}
