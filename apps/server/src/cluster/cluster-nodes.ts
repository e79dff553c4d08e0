/**
 * Several nodes on one database: each node says it is alive twice a second, every live meeting is
 * placed on one media node (the database decides, so two nodes never place it twice), and a node
 * that stops beating has its meetings placed again where the members reconnect.
 *
 * Off in the embedded default: one process holds every meeting, nothing is written here.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONFERENCE_STATUS } from '@meet/shared';
import type { Db } from '../db/database.js';
import { clusterNodes, conferences, meetingPlacements } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

export type NodeRole = 'all' | 'api' | 'media' | 'worker';

/** The roles whose nodes run a media server and take meetings. */
const MEDIA_ROLES: NodeRole[] = ['all', 'media'];

/** The role a draining node's row shows (no media role: nothing is placed on it). */
const DRAINING_ROLE = 'draining';

export const HEARTBEAT_MS = 500;
/** A node not heard from for this long is dead: its meetings go elsewhere. */
export const NODE_ALIVE_MS = 2000;

/** A media node as members reach it. */
export interface MediaNode {
  id: string;
  publicUrl: string | null;
  port: number;
}

export interface ClusterEvents {
  /**
   * These meetings were on nodes that died; their members are reconnecting to other nodes.
   * Told on the one node that found the death (the database picks it).
   */
  orphaned: [conferenceRowIds: number[]];
  /** This node was taken for dead (a stall, a database outage) and its meetings placed again. */
  lostMeetings: [];
}

export class ClusterNodes extends EventEmitter<ClusterEvents> {
  readonly nodeId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Stopping soon (ops/drain.ts): its meetings stay here, new ones go to other media nodes. */
  private draining = false;

  constructor(
    private readonly db: Db,
    private readonly self: {
      role: NodeRole;
      publicUrl: string | undefined;
      /** The port this node listens on (known once it listens). */
      port: () => number;
    },
    private readonly log: FastifyBaseLogger,
    private readonly timing = { heartbeatMs: HEARTBEAT_MS, aliveMs: NODE_ALIVE_MS },
  ) {
    super();
  }

  get takesMeetings(): boolean {
    return !this.draining && MEDIA_ROLES.includes(this.self.role);
  }

  /**
   * Takes no new meetings: its row's role is no media role any more, so no node places one
   * here, while the meetings placed here stay (their placements are not touched).
   */
  async drain(): Promise<void> {
    this.draining = true;
    await this.db
      .update(clusterNodes)
      .set({ role: DRAINING_ROLE })
      .where(eq(clusterNodes.id, this.nodeId));
  }

  /** Joins the cluster (the first heartbeat, once the node listens), then beats until `stop`. */
  async start(): Promise<void> {
    await this.heartbeat();
    this.timer = setInterval(() => {
      this.beating = this.heartbeat().catch((error: unknown) =>
        this.log.warn({ err: error }, 'cluster heartbeat failed'),
      );
    }, this.timing.heartbeatMs);
    this.timer.unref();
  }

  /** Leaves the cluster: this node's meetings are placed again at once, not after a timeout. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.beating;
    await this.db.transaction(async (tx) => {
      await tx.delete(meetingPlacements).where(eq(meetingPlacements.nodeId, this.nodeId));
      await tx.delete(clusterNodes).where(eq(clusterNodes.id, this.nodeId));
    });
  }

  /**
   * The media node of a meeting: where it is, or (not placed yet, or its node is dead) the live
   * media node with the fewest live meetings, this node first among equals. With `here`, a
   * meeting with no live node comes to this node (a member is already connected to it).
   */
  async place(conferenceRowId: number, options: { here?: boolean } = {}): Promise<MediaNode> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.placement(conferenceRowId);
      if (current) return current;
      const target = options.here && this.takesMeetings ? this.nodeId : await this.leastLoaded();
      if (!target) throw AppError.noMediaNode();
      // Only a placement on a dead node is replaced: of two nodes racing, the first one wins and
      // the second reads its choice on the next turn.
      await this.db
        .insert(meetingPlacements)
        .values({ conferenceId: conferenceRowId, nodeId: target, placedAt: sql`now()` })
        .onConflictDoUpdate({
          target: meetingPlacements.conferenceId,
          set: { nodeId: target, placedAt: sql`now()` },
          setWhere: sql`not exists (select 1 from ${clusterNodes} where ${clusterNodes.id} = ${meetingPlacements.nodeId} and ${this.alive()})`,
        });
    }
    throw AppError.noMediaNode();
  }

  /** Where a meeting is now, if its node is alive. */
  async placement(conferenceRowId: number): Promise<MediaNode | undefined> {
    const [row] = await this.db
      .select({ id: clusterNodes.id, publicUrl: clusterNodes.publicUrl, port: clusterNodes.port })
      .from(meetingPlacements)
      .innerJoin(clusterNodes, eq(clusterNodes.id, meetingPlacements.nodeId))
      .where(and(eq(meetingPlacements.conferenceId, conferenceRowId), this.alive()));
    return row;
  }

  /**
   * A member lost its connection to the meeting's node: if that node's port refuses connections
   * (the process is gone), it is taken for dead now rather than after its heartbeat lapses, and
   * the meeting is placed again at once. A node that answers, or cannot be reached to ask (a
   * timeout, an unknown host), is left to its heartbeat.
   */
  async checkPlacement(conferenceRowId: number, at: (node: MediaNode) => string): Promise<void> {
    const node = await this.placement(conferenceRowId);
    if (!node || node.id === this.nodeId) return;
    const refused = await fetch(`${at(node)}/healthz`, { signal: AbortSignal.timeout(PROBE_MS) })
      .then(() => false)
      .catch((error: unknown) => connectionRefused(error));
    if (!refused) return;
    this.log.warn({ node: node.id }, 'a media node refuses connections: taken for dead');
    await this.db
      .update(clusterNodes)
      .set({ seenAt: sql`now() - interval '1 hour'` })
      .where(eq(clusterNodes.id, node.id));
    await this.reap();
  }

  /** Live nodes (the operators' view, and the tests'). */
  async liveNodes(): Promise<
    { id: string; role: string; publicUrl: string | null; port: number }[]
  > {
    return this.db
      .select({
        id: clusterNodes.id,
        role: clusterNodes.role,
        publicUrl: clusterNodes.publicUrl,
        port: clusterNodes.port,
      })
      .from(clusterNodes)
      .where(this.alive());
  }

  private alive() {
    return sql`${clusterNodes.seenAt} > now() - make_interval(secs => ${this.timing.aliveMs / 1000})`;
  }

  private async leastLoaded(): Promise<string | undefined> {
    const load = sql<number>`count(${conferences.id})`;
    const [row] = await this.db
      .select({ id: clusterNodes.id, load })
      .from(clusterNodes)
      .leftJoin(meetingPlacements, eq(meetingPlacements.nodeId, clusterNodes.id))
      .leftJoin(
        conferences,
        and(
          eq(conferences.id, meetingPlacements.conferenceId),
          sql`${conferences.status} <> ${CONFERENCE_STATUS.finished}`,
        ),
      )
      .where(and(inArray(clusterNodes.role, MEDIA_ROLES), this.alive()))
      .groupBy(clusterNodes.id)
      .orderBy(load, sql`${clusterNodes.id} = ${this.nodeId} desc`, clusterNodes.id)
      .limit(1);
    return row?.id;
  }

  private async heartbeat(): Promise<void> {
    if (this.stopped) return;
    const updated = await this.db
      .update(clusterNodes)
      .set({ seenAt: sql`now()`, port: this.self.port() })
      .where(eq(clusterNodes.id, this.nodeId))
      .returning({ id: clusterNodes.id });
    if (updated.length === 0) {
      const first = !this.timer;
      await this.db.insert(clusterNodes).values({
        id: this.nodeId,
        role: this.draining ? DRAINING_ROLE : this.self.role,
        publicUrl: this.self.publicUrl ?? null,
        port: this.self.port(),
        startedAt: sql`now()`,
        seenAt: sql`now()`,
      });
      if (!first) {
        // Another node took this one for dead meanwhile and handed its meetings on.
        this.log.warn('this node was taken for dead; its meetings were placed again');
        this.emit('lostMeetings');
      }
    }
    await this.reap();
  }

  /** Removes dead nodes; the node whose delete wins reconnects their members' seats. */
  private async reap(): Promise<void> {
    const orphaned = await this.db.transaction(async (tx) => {
      const dead = await tx
        .delete(clusterNodes)
        .where(sql`not ${this.alive()}`)
        .returning({ id: clusterNodes.id });
      if (dead.length === 0) return [];
      const ids = dead.map((d) => d.id);
      this.log.warn({ nodes: ids }, 'cluster nodes stopped answering');
      const placements = await tx
        .delete(meetingPlacements)
        .where(inArray(meetingPlacements.nodeId, ids))
        .returning({ conferenceId: meetingPlacements.conferenceId });
      return placements.map((p) => p.conferenceId);
    });
    if (orphaned.length > 0) this.emit('orphaned', orphaned);
  }
}

const PROBE_MS = 1000;

function connectionRefused(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === 'ECONNREFUSED') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The address members use for a node: its PUBLIC_URL, or its port at the host they reached. */
export function nodeUrl(node: MediaNode, request: { protocol: string; hostname: string }): string {
  if (node.publicUrl) return node.publicUrl.replace(/\/$/, '');
  return `${request.protocol}://${request.hostname}:${node.port}`;
}
