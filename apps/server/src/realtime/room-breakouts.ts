/**
 * Breakout rooms in a live meeting: the host plans rooms and who goes where, opens them (with an
 * optional timer), moves people, broadcasts to every room and closes them with a countdown back
 * to the main room; members can ask the host for help. Each breakout room has its own media
 * server room and chat: RoomManager moves a member's media (the `move` it gives); this class
 * owns the plan, stores every change, and tells everyone what changed.
 */
import {
  BREAKOUT_COUNTDOWN_SECONDS,
  ResultCode,
  assertUnreachable,
  type BreakoutAssignment,
  type BreakoutRequest,
  type BreakoutState,
  type RoomResponses,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { BreakoutsRepository } from '../conferences/breakouts-repository.js';
import {
  assignmentsOf,
  dueAt,
  roomOf,
  withAssignment,
  type BreakoutPlan,
} from '../domain/breakout-plan.js';
import type { Peer } from './peer.js';
import { RoomError } from './room-error.js';
import type { Room } from './room.js';

/** Moves a member's media and membership to another room of the meeting. */
export type MoveMember = (room: Room, peer: Peer, group: number) => Promise<void>;

export class RoomBreakouts {
  constructor(
    private readonly store: BreakoutsRepository,
    private readonly clock: Clock,
    private readonly move: MoveMember,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One breakout request of a member (each checks who may send it). */
  handle(
    room: Room,
    peer: Peer,
    request: BreakoutRequest,
  ): Promise<RoomResponses[BreakoutRequest['type']]> | RoomResponses[BreakoutRequest['type']] {
    switch (request.type) {
      case 'breakoutSetup':
        return this.setup(room, peer, request.rooms, request.assignments);
      case 'breakoutOpen':
        return this.open(room, peer, request.minutes);
      case 'breakoutMove':
        return this.moveMember(room, peer, request.userId, request.room);
      case 'breakoutBroadcast':
        return this.broadcast(room, peer, request.text);
      case 'breakoutClose':
        return this.close(room, peer);
      case 'breakoutHelp':
        return this.askForHelp(room, peer);
      default:
        return assertUnreachable(request);
    }
  }

  /** Reads the meeting's plan when its room opens on this node. */
  async load(room: Room): Promise<void> {
    room.breakout = await this.store.of(room.rowId);
  }

  /** The room a member (re)connecting belongs in. */
  placeOf(room: Room, userId: number): number {
    return roomOf(room.breakout, userId);
  }

  /** What one member is told: hosts see everyone's place, others only their own room. */
  stateFor(room: Room, peer: Peer): BreakoutState {
    const plan = room.breakout;
    const now = this.clock.now();
    const isHost = peer.userId === room.hostId;
    return {
      status: plan.status,
      rooms: plan.rooms,
      endsInMs:
        plan.status === 'open' && plan.endsAt !== null ? Math.max(0, plan.endsAt - now) : null,
      closesInMs:
        plan.status === 'closing' && plan.closesAt !== null
          ? Math.max(0, plan.closesAt - now)
          : null,
      myRoom: peer.group,
      members: isHost
        ? [...room.peers.values()].map((p) => ({
            userId: p.userId,
            displayName: p.info.displayName,
            room: plan.status === 'idle' ? (plan.assignments.get(p.userId) ?? 0) : p.group,
            askedForHelp: plan.help.has(p.userId),
          }))
        : [],
    };
  }

  /** Tells every member the breakout rooms' state as they may see it. */
  announce(room: Room): void {
    for (const peer of room.peers.values())
      peer.notify({ type: 'breakoutState', breakout: this.stateFor(room, peer) });
  }

  /** Tells the hosts only (a member's own place did not change). */
  private announceToHosts(room: Room): void {
    for (const peer of room.hosts())
      peer.notify({ type: 'breakoutState', breakout: this.stateFor(room, peer) });
  }

  private async save(room: Room, plan: BreakoutPlan): Promise<void> {
    await this.store.save(room.rowId, plan);
    room.breakout = plan;
  }

  private requireHost(room: Room, peer: Peer): void {
    if (peer.userId !== room.hostId) throw new RoomError(ResultCode.failure, 'hostOnly');
  }

  /** Host: the rooms and who goes where, while they are not open. */
  setup(room: Room, peer: Peer, rooms: string[], assignments: BreakoutAssignment[]) {
    this.requireHost(room, peer);
    return room.serial(async () => {
      if (room.breakout.status !== 'idle') throw new RoomError(ResultCode.failure, 'breakoutOpen');
      const names = rooms.map((name) => name.trim());
      await this.save(room, {
        ...room.breakout,
        rooms: names,
        assignments: assignmentsOf(names.length, assignments),
      });
      this.announceToHosts(room);
      return { breakout: this.stateFor(room, peer) };
    });
  }

  /** Host: opens the planned rooms; everyone assigned goes to their room now. */
  open(room: Room, peer: Peer, minutes: number) {
    this.requireHost(room, peer);
    return room.serial(async () => {
      const plan = room.breakout;
      if (plan.status !== 'idle') throw new RoomError(ResultCode.failure, 'breakoutOpen');
      if (plan.rooms.length === 0) throw new RoomError(ResultCode.failure, 'breakoutNone');
      const now = this.clock.now();
      await this.save(room, {
        ...plan,
        status: 'open',
        endsAt: minutes > 0 ? now + minutes * 60_000 : null,
        closesAt: null,
        help: new Set(),
      });
      await this.placeEveryone(room);
      this.announce(room);
      return { breakout: this.stateFor(room, peer) };
    });
  }

  /**
   * Host: moves a member (or themselves) to a room; while rooms are not open this only changes
   * the plan. A member may move only themselves, and only back to the main room.
   */
  moveMember(room: Room, peer: Peer, userId: number, target: number) {
    const self = userId === peer.userId;
    if (!(self && target === 0)) this.requireHost(room, peer);
    return room.serial(async () => {
      const plan = room.breakout;
      if (target > plan.rooms.length) throw new RoomError(ResultCode.failure, 'breakoutNone');
      if (plan.status === 'idle' && peer.userId !== room.hostId)
        throw new RoomError(ResultCode.failure, 'breakoutClosed');
      let next = withAssignment(plan, userId, target);
      // The host coming to a room answers its members' calls for help.
      if (userId === room.hostId && target > 0) {
        const help = new Set(
          [...plan.help].filter((id) => room.peers.get(String(id))?.group !== target),
        );
        next = { ...next, help };
      }
      await this.save(room, next);
      const member = room.peers.get(String(userId));
      if (member && next.status !== 'idle') await this.move(room, member, target);
      if (member && next.status !== 'idle')
        member.notify({ type: 'breakoutState', breakout: this.stateFor(room, member) });
      this.announceToHosts(room);
      return { breakout: this.stateFor(room, peer) };
    });
  }

  /** Host: a message to everyone in every room. */
  broadcast(room: Room, peer: Peer, text: string): Record<string, never> {
    this.requireHost(room, peer);
    if (room.breakout.status === 'idle') throw new RoomError(ResultCode.failure, 'breakoutClosed');
    room.broadcast({ type: 'breakoutBroadcast', text: text.trim(), from: peer.info.displayName });
    return {};
  }

  /** Host: everyone comes back to the main room when the countdown ends. */
  close(room: Room, peer: Peer) {
    this.requireHost(room, peer);
    return room.serial(async () => {
      if (room.breakout.status === 'idle')
        throw new RoomError(ResultCode.failure, 'breakoutClosed');
      if (room.breakout.status === 'open') await this.startClosing(room);
      return { breakout: this.stateFor(room, peer) };
    });
  }

  /** A member in a breakout room asks the host to come; hosts are told once per call. */
  async askForHelp(room: Room, peer: Peer): Promise<Record<string, never>> {
    if (peer.group === 0 || room.breakout.status === 'idle')
      throw new RoomError(ResultCode.failure, 'breakoutClosed');
    await room.serial(async () => {
      if (room.breakout.help.has(peer.userId)) return;
      room.breakout = { ...room.breakout, help: new Set([...room.breakout.help, peer.userId]) };
      for (const host of room.hosts())
        host.notify({
          type: 'breakoutHelp',
          userId: peer.userId,
          displayName: peer.info.displayName,
          room: peer.group,
        });
      this.announceToHosts(room);
    });
    return {};
  }

  /** The host left, a member joined or left: the host's list follows. */
  membersChanged(room: Room): void {
    if (room.breakout.rooms.length > 0) this.announceToHosts(room);
  }

  /** Runs what became due (the timer's end, the countdown's end) in this room. */
  async tick(room: Room): Promise<void> {
    const due = dueAt(room.breakout, this.clock.now());
    if (!due) return;
    await room.serial(async () => {
      const now = dueAt(room.breakout, this.clock.now());
      if (now === 'startClosing') await this.startClosing(room);
      else if (now === 'finish') await this.finish(room);
    });
  }

  private async startClosing(room: Room): Promise<void> {
    await this.save(room, {
      ...room.breakout,
      status: 'closing',
      closesAt: this.clock.now() + BREAKOUT_COUNTDOWN_SECONDS * 1000,
    });
    this.announce(room);
  }

  /** Everyone back in the main room; the plan stays for another round. */
  private async finish(room: Room): Promise<void> {
    await this.save(room, {
      ...room.breakout,
      status: 'idle',
      endsAt: null,
      closesAt: null,
      help: new Set(),
    });
    await this.placeEveryone(room);
    await room.closeEmptyGroups();
    this.announce(room);
  }

  /** Moves every member to where the plan says they belong now. */
  private async placeEveryone(room: Room): Promise<void> {
    const moves = [...room.peers.values()].filter(
      (p) => p.group !== roomOf(room.breakout, p.userId),
    );
    await Promise.all(
      moves.map((p) =>
        this.move(room, p, roomOf(room.breakout, p.userId)).catch((error: unknown) =>
          this.log.warn({ err: error, userId: p.userId }, 'moving a member failed'),
        ),
      ),
    );
  }
}
