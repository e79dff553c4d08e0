/**
 * The only code that talks to Janus (through janode): starts and supervises the Janus process,
 * keeps one management session for rooms, hands out per-peer sessions, and after a Janus
 * crash reconnects, re-creates the live rooms and announces `restarted` so clients republish.
 */
import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { randomCode } from '../lib/crypto.js';
import { rawRecordingsDir } from '../recordings/recording-names.js';
import { defaultRouteInterface, writeJanusConfig } from './janus-config.js';
import { JanusProcess, freePort, janusBinary } from './janus-process.js';

export { VideoRoomPlugin };
export type { VideoRoomHandle, JanodeSession };

export interface JanusOptions {
  dataDir: string;
  /** Where its configuration is written ($DATA_DIR/janus unless given). */
  confDir?: string;
  iceInterface?: string;
  rtpPortRange: string;
  nat1to1?: string;
}

export interface GatewayEvents {
  restarted: [];
  talking: [room: number, feed: number, talking: boolean, level: number];
  down: [];
}

const ROOM_DEFAULTS = {
  publishers: 60,
  bitrate: 1_400_000,
  bitrate_cap: true,
  fir_freq: 10,
  audiocodec: 'opus',
  videocodec: 'vp8',
  opus_fec: true,
  opus_dtx: true,
  audiolevel_ext: true,
  audiolevel_event: true,
  audio_active_packets: 25,
  audio_level_average: 45,
  notify_joining: false,
  require_pvtid: false,
};

/** How long a request to Janus may take before it counts as lost (it would hang otherwise). */
export const JANUS_TIMEOUT_MS = 10_000;

/** A Janus answer within `ms`, or an error naming what was asked. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`media server did not answer ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class JanusGateway extends EventEmitter<GatewayEvents> {
  readonly adminKey = randomCode(24);
  private process: JanusProcess | undefined;
  private connection: JanodeConnection | undefined;
  private mgmtSession: JanodeSession | undefined;
  private mgmt: VideoRoomHandle | undefined;
  private readonly rooms = new Map<number, { observer?: VideoRoomHandle }>();
  private connecting: Promise<void> | undefined;
  private stopped = false;
  restarts = 0;

  constructor(
    private readonly options: JanusOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    Janode.Logger.setLevel('error');
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  get up(): boolean {
    return !!this.mgmt && !!this.process?.running;
  }

  /**
   * Finds Janus and writes its config (a missing binary throws here, stopping the start), then
   * starts it in the background: the HTTP server need not wait, and whatever needs Janus waits
   * in `ready()`. A Janus that fails to start is logged and restarted by its supervisor.
   */
  async start(): Promise<void> {
    const binary = await janusBinary();
    const confDir = this.options.confDir ?? path.join(this.options.dataDir, 'janus');
    const wsPort = await freePort();
    const iceInterface = this.options.iceInterface ?? (await defaultRouteInterface()) ?? 'eth0';
    const configFile = await writeJanusConfig({
      confDir,
      wsPort,
      adminKey: this.adminKey,
      iceInterface,
      rtpPortRange: this.options.rtpPortRange,
      nat1to1: this.options.nat1to1,
      recordingsDir: rawRecordingsDir(this.options.dataDir),
    });
    this.process = new JanusProcess(binary, configFile, confDir, wsPort, this.log);
    this.process.on('exit', () => this.onJanusDown());
    this.process.on('ready', () => {
      if (this.restarts > 0 || !this.connection) void this.connect();
    });
    const janus = this.process;
    void janus
      .start()
      .then(() => this.connect())
      .then(
        () => this.log.info({ pid: janus.pid, wsPort, iceInterface }, 'janus ready'),
        (error: unknown) => {
          if (!this.stopped) this.log.error({ err: error }, 'janus did not start');
        },
      );
  }

  private downAt = 0;

  private onJanusDown(): void {
    if (this.stopped) return;
    this.downAt = Date.now();
    this.restarts += 1;
    this.connection = undefined;
    this.mgmtSession = undefined;
    this.mgmt = undefined;
    for (const room of this.rooms.values()) room.observer = undefined;
    this.emit('down');
  }

  private connect(): Promise<void> {
    this.connecting ??= this.doConnect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async doConnect(): Promise<void> {
    const url = `ws://127.0.0.1:${this.process!.wsPort}/`;
    const connection = await Janode.connect({
      address: { url },
      retry_time_secs: 0.2,
      max_retries: 20,
    });
    connection.on(Janode.EVENT.CONNECTION_ERROR, (error: Error) =>
      this.log.warn({ err: error }, 'janus connection error'),
    );
    const session = await connection.create();
    const mgmt = await session.attach(VideoRoomPlugin);
    // Stopped while connecting (the start runs in the background): nothing may stay open.
    if (this.stopped) {
      await connection.close().catch(() => undefined);
      return;
    }
    this.connection = connection;
    this.mgmtSession = session;
    this.mgmt = mgmt;
    if (this.restarts > 0) {
      // Rooms lived only in the dead Janus's memory: create them again, then let clients republish.
      for (const room of this.rooms.keys()) await this.createRoom(room);
      this.log.warn(
        { rooms: this.rooms.size, downMs: Date.now() - this.downAt },
        'janus restarted; rooms re-created',
      );
      this.emit('restarted');
    }
  }

  /** Waits (briefly) for Janus to be reachable. */
  async ready(timeoutMs = 8000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.up) {
      if (this.stopped) throw new Error('media server stopped');
      if (Date.now() > deadline) throw new Error('media server unavailable');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async createRoom(room: number): Promise<void> {
    const mgmt = this.mgmt!;
    const exists = await mgmt.exists({ room });
    if (!exists.exists) {
      await mgmt.message({
        request: 'create',
        room,
        admin_key: this.adminKey,
        description: `room ${room}`,
        ...ROOM_DEFAULTS,
      });
    }
    // An observer joined to the room receives its talking events, once for everyone.
    const observer = await this.mgmtSession!.attach(VideoRoomPlugin);
    observer.on(
      VideoRoomPlugin.EVENT.VIDEOROOM_TALKING,
      (data: { feed: number; talking: boolean; audio_level?: number }) => {
        this.emit('talking', room, data.feed, data.talking, data.audio_level ?? 0);
      },
    );
    await observer.joinPublisher({ room, display: '__observer__' });
    this.rooms.set(room, { observer });
  }

  private readonly roomOps = new Map<number, Promise<unknown>>();

  /**
   * Runs one room's create and destroy one after another: a member joining while the last one
   * leaves must not have the room destroyed under them half-way through its creation.
   */
  private roomOp<T>(room: number, fn: () => Promise<T>): Promise<T> {
    const next = (this.roomOps.get(room) ?? Promise.resolve()).then(fn, fn);
    const settled = next.catch(() => undefined);
    this.roomOps.set(room, settled);
    void settled.then(() => {
      if (this.roomOps.get(room) === settled) this.roomOps.delete(room);
    });
    return next;
  }

  ensureRoom(room: number): Promise<void> {
    return this.roomOp(room, async () => {
      await this.ready();
      if (this.rooms.get(room)?.observer) return;
      this.rooms.set(room, {});
      await withTimeout(this.createRoom(room), JANUS_TIMEOUT_MS, 'creating a room');
    });
  }

  destroyRoom(room: number): Promise<void> {
    return this.roomOp(room, async () => {
      const entry = this.rooms.get(room);
      this.rooms.delete(room);
      if (!this.mgmt) return;
      await withTimeout(
        (async () => {
          await entry?.observer?.detach().catch(() => undefined);
          await this.mgmt?.destroy({ room }).catch(() => undefined);
        })(),
        JANUS_TIMEOUT_MS,
        'destroying a room',
      ).catch((error: unknown) => this.log.warn({ err: error, room }, 'room destroy failed'));
    });
  }

  /** A Janus session for one peer; destroying it removes all its handles from the room. */
  async openSession(): Promise<JanodeSession> {
    await this.ready();
    return this.connection!.create();
  }

  async kick(room: number, feed: number): Promise<void> {
    await this.mgmt
      ?.message({ request: 'kick', room, id: feed, secret: undefined })
      .catch(() => undefined);
  }

  /** Stops (or allows again) relaying a publisher's stream: the server-side half of host mute. */
  async moderate(room: number, feed: number, mid: string, mute: boolean): Promise<void> {
    await this.mgmt?.message({ request: 'moderate', room, id: feed, mid, mute, secret: undefined });
  }

  /**
   * Sends one stream of a publisher (say its audio) as plain RTP to 127.0.0.1:`port`, with the
   * given payload type; returns the forwarder's id.
   */
  async forwardStream(
    room: number,
    feed: number,
    mid: string,
    port: number,
    pt: number,
  ): Promise<number> {
    if (!this.mgmt) throw new Error('media server unavailable');
    const started = await withTimeout(
      this.mgmt.startForward({
        room,
        feed,
        host: '127.0.0.1',
        admin_key: this.adminKey,
        streams: [{ mid, port, pt }],
      }),
      JANUS_TIMEOUT_MS,
      'starting a forward',
    );
    const forwarder = started.forwarders?.[0] as { audio_stream?: number; video_stream?: number };
    const id = forwarder?.audio_stream ?? forwarder?.video_stream;
    if (typeof id !== 'number') throw new Error('the media server gave no forwarder id');
    return id;
  }

  async stopForward(room: number, feed: number, stream: number): Promise<void> {
    await this.mgmt
      ?.stopForward({ room, feed, stream, admin_key: this.adminKey })
      .catch(() => undefined);
  }

  /** Kills the Janus process as a crash would; the supervisor brings it back. */
  crash(): void {
    this.process?.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.connection?.close().catch(() => undefined);
    await this.process?.stop();
  }
}
