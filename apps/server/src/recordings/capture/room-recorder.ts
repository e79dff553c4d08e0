/**
 * The media half of cloud recording, in the live rooms of this node: while a meeting's
 * recording runs, Janus records every published camera and screen (one stream piece per
 * publish, so a republish after a media-server restart starts a new piece), and the timeline
 * composition follows is written as it happens: joins, leaves, talking, shares, cameras, names.
 *
 * Nothing here is the truth about whether a meeting records: the recording's row is. A room
 * opened after a restart reads it and goes on recording what is published from then on.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { MediaSource, TimelineType } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordingRow } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Peer } from '../../realtime/peer.js';
import type { Room } from '../../realtime/room.js';
import type { CaptureRepository } from './capture-repository.js';

interface Running {
  recordingId: number;
  recordId: string;
  /** Open stream pieces by `${peerId}:${source}` → their row ids. */
  streams: Map<string, number>;
}

export class RoomRecorder {
  private readonly running = new Map<string, Running>();
  private readonly rooms = new Map<string, Room>();

  constructor(
    private readonly capture: CaptureRepository,
    /** Where Janus writes (`$DATA_DIR/recordings/raw`). */
    private readonly rawDir: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A room opened on this node: if its meeting is being recorded, record it here too. */
  async roomOpened(room: Room): Promise<void> {
    this.rooms.set(room.conferenceId, room);
    if (this.running.has(room.conferenceId)) return;
    const recording = await this.capture.running(room.rowId);
    if (recording && this.rooms.get(room.conferenceId) === room) await this.begin(room, recording);
  }

  roomClosed(room: Room): void {
    if (this.rooms.get(room.conferenceId) !== room) return;
    this.rooms.delete(room.conferenceId);
    const run = this.running.get(room.conferenceId);
    this.running.delete(room.conferenceId);
    if (run) void this.closeStreams(run, [...run.streams.keys()]);
  }

  /** The host started recording the meeting (RecordingControl). */
  async started(conferenceId: string, recording: RecordingRow): Promise<void> {
    const room = this.rooms.get(conferenceId);
    // Told twice (here, and again through the cluster's events): begun once.
    if (room && !this.running.has(conferenceId)) await this.begin(room, recording);
  }

  /** The recording stopped: Janus stops writing before composition reads the files. */
  async stopped(conferenceId: string): Promise<void> {
    const run = this.running.get(conferenceId);
    const room = this.rooms.get(conferenceId);
    this.running.delete(conferenceId);
    if (!run || !room) return;
    await Promise.all(
      [...run.streams.keys()].map(async (key) => {
        const [peerId, source] = key.split(':') as [string, MediaSource];
        await room.peers
          .get(peerId)
          ?.media.record(source, null)
          .catch(() => undefined);
      }),
    );
  }

  private async begin(room: Room, recording: RecordingRow): Promise<void> {
    const run: Running = {
      recordingId: recording.id,
      recordId: recording.recordId,
      streams: new Map(),
    };
    this.running.set(room.conferenceId, run);
    await mkdir(path.join(this.rawDir, recording.recordId), { recursive: true });
    // Who is here, and what they show, at the start.
    const now = this.clock.now();
    const events: { type: TimelineType; userId: number; name?: string; at: number }[] = [];
    for (const peer of room.peers.values()) {
      events.push({ type: 'join', userId: peer.userId, name: peer.info.displayName, at: now });
      events.push({
        type: peer.info.videoEnabled ? 'camera_on' : 'camera_off',
        userId: peer.userId,
        at: now,
      });
      if (peer.info.feeds.screen)
        events.push({ type: 'share_start', userId: peer.userId, at: now });
    }
    await this.write(run, events);
    for (const peer of room.peers.values()) {
      for (const source of ['camera', 'screen'] as const) {
        if (peer.info.feeds[source]) await this.startStream(room, run, peer, source);
      }
    }
  }

  private async startStream(room: Room, run: Running, peer: Peer, source: MediaSource) {
    const key = `${peer.peerId}:${source}`;
    const open = run.streams.get(key);
    if (open) await this.closeStreams(run, [key]);
    // Everything from here may fail (the database restarting, Janus gone): it is logged, never
    // an unhandled rejection (the caller does not wait for it).
    try {
      const piece = await this.capture.streamCount(run.recordingId);
      const filePrefix = `${run.recordId}/${peer.userId}-${source}-${piece}`;
      const recording = await peer.media.record(source, path.join(this.rawDir, filePrefix));
      if (!recording || this.running.get(room.conferenceId) !== run) return;
      const id = await this.capture.addStream({
        recordingId: run.recordingId,
        userId: peer.userId,
        source,
        filePrefix,
        displayName: peer.info.displayName,
        startedAt: this.clock.now(),
      });
      run.streams.set(key, id);
    } catch (error) {
      this.log.warn({ err: error, recordId: run.recordId, source }, 'recording a stream failed');
    }
  }

  private async closeStreams(run: Running, keys: string[]): Promise<void> {
    const ids = keys.flatMap((key) => run.streams.get(key) ?? []);
    keys.forEach((key) => run.streams.delete(key));
    await this.capture
      .closeStreams(ids, this.clock.now())
      .catch((error: unknown) => this.log.warn({ err: error }, 'closing recorded streams failed'));
  }

  private async write(
    run: Running,
    events: { type: TimelineType; userId: number; name?: string; at: number }[],
  ): Promise<void> {
    await this.capture
      .addEvents(run.recordingId, events)
      .catch((error: unknown) => this.log.warn({ err: error }, 'recording timeline write failed'));
  }

  private event(room: Room, type: TimelineType, peer: Peer, withName = false): void {
    const run = this.running.get(room.conferenceId);
    if (!run) return;
    void this.write(run, [
      {
        type,
        userId: peer.userId,
        ...(withName ? { name: peer.info.displayName } : {}),
        at: this.clock.now(),
      },
    ]);
  }

  // What the room manager reports as it happens.

  joined(room: Room, peer: Peer): void {
    this.event(room, 'join', peer, true);
    this.event(room, peer.info.videoEnabled ? 'camera_on' : 'camera_off', peer);
  }

  left(room: Room, peer: Peer): void {
    const run = this.running.get(room.conferenceId);
    if (!run) return;
    this.event(room, 'leave', peer);
    if (run.streams.has(`${peer.peerId}:screen`)) this.event(room, 'share_stop', peer);
    void this.closeStreams(
      run,
      [...run.streams.keys()].filter((key) => key.startsWith(`${peer.peerId}:`)),
    );
  }

  feedUp(room: Room, peer: Peer, source: MediaSource): void {
    const run = this.running.get(room.conferenceId);
    if (!run) return;
    if (source === 'screen') this.event(room, 'share_start', peer);
    void this.startStream(room, run, peer, source);
  }

  feedDown(room: Room, peer: Peer, source: MediaSource): void {
    const run = this.running.get(room.conferenceId);
    if (!run) return;
    if (source === 'screen') this.event(room, 'share_stop', peer);
    else this.event(room, 'camera_off', peer);
    void this.closeStreams(run, [`${peer.peerId}:${source}`]);
  }

  talking(room: Room, peer: Peer, talking: boolean): void {
    this.event(room, talking ? 'talk_start' : 'talk_stop', peer);
  }

  camera(room: Room, peer: Peer, on: boolean): void {
    this.event(room, on ? 'camera_on' : 'camera_off', peer);
  }

  renamed(room: Room, peer: Peer): void {
    this.event(room, 'rename', peer, true);
  }

  /** The media server died: every piece ends here; republished feeds start new ones. */
  mediaDown(): void {
    for (const run of this.running.values()) void this.closeStreams(run, [...run.streams.keys()]);
  }
}
