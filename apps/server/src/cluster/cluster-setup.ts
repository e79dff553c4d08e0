/**
 * Joins this node to a cluster (config.cluster): registers it, relays the services' events to
 * the other nodes, hands a dead node's meetings on, and lets recording commands reach the media
 * node that holds the meeting. Nothing happens here in the embedded default.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import type { RecordingRow } from '../db/schema/index.js';
import type { RecordingMedia } from '../recordings/capture/recording-control.js';
import { ClusterBus } from './cluster-bus.js';
import { ClusterNodes } from './cluster-nodes.js';

/** Nodes on the same database are one cluster; its Redis names start with this. */
export function clusterPrefix(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const id = `${url.hostname}:${url.port}${url.pathname}`;
  return `meet:${createHash('sha256').update(id).digest('hex').slice(0, 12)}`;
}

interface RecordingEvents {
  started: [conferenceId: string, recording: RecordingRow];
  stopped: [conferenceId: string];
}

/**
 * Recording commands for the node holding the meeting: this node's recorder acts at once (and is
 * awaited, so Janus has stopped writing before composition starts here), the others hear the
 * event and act if the room is theirs.
 */
export class RecordingRelay extends EventEmitter<RecordingEvents> implements RecordingMedia {
  constructor(private readonly local: () => RecordingMedia | undefined) {
    super();
  }

  /** Wires the events from other nodes to this node's recorder. */
  listen(log: FastifyBaseLogger): void {
    const failed = (error: unknown) => log.warn({ err: error }, 'a recording command failed here');
    this.on('started', (id, recording) => void this.local()?.started(id, recording).catch(failed));
    this.on('stopped', (id) => void this.local()?.stopped(id).catch(failed));
  }

  async started(conferenceId: string, recording: RecordingRow): Promise<void> {
    this.emit('started', conferenceId, recording);
  }

  async stopped(conferenceId: string): Promise<void> {
    await this.local()?.stopped(conferenceId);
    this.emit('stopped', conferenceId);
  }
}

export interface Cluster {
  nodes: ClusterNodes;
  bus: ClusterBus;
  close(): Promise<void>;
}

/**
 * Connects this node to the others' events. It takes meetings once `nodes.start()` runs (when it
 * listens: before that nobody could reach it).
 */
export async function joinCluster(
  config: Config,
  services: FastifyInstance,
  recording: RecordingRelay,
  port: () => number,
  log: FastifyBaseLogger,
): Promise<Cluster> {
  const nodes = new ClusterNodes(
    services.database.db,
    { role: config.role, publicUrl: config.publicUrl, port },
    log,
  );
  const bus = new ClusterBus(nodes.nodeId, `${clusterPrefix(config.databaseUrl!)}:events`, log);
  await bus.connect(config.redisUrl!);
  // Every announcement a room listens to (the waiting-room notice is not one: it goes out
  // through the /message sockets, which already reach every node).
  bus.relay('conferences', services.conferenceService, [
    'replaced',
    'hostChanged',
    'ended',
    'propertiesChanged',
    'waitingListChanged',
    'removed',
    'renamed',
  ]);
  bus.relay('hostControl', services.hostControl, ['membersChanged']);
  bus.relay('captions', services.captions, ['stateChanged', 'speechChanged']);
  bus.relay('recording', recording, ['started', 'stopped']);
  recording.listen(log);
  nodes.on('orphaned', (rowIds) => {
    log.info({ meetings: rowIds.length }, 'meetings of a dead node are being placed again');
    services.conferenceService.resetRoomConnections(rowIds).catch((error: unknown) => {
      log.error({ err: error }, 'giving members of a dead node time to reconnect failed');
    });
  });
  nodes.on('lostMeetings', () => services.rooms?.evictAll());
  return {
    nodes,
    bus,
    close: async () => {
      await nodes
        .stop()
        .catch((error: unknown) => log.warn({ err: error }, 'leaving the cluster failed'));
      bus.close();
    },
  };
}
