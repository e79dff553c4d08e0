/**
 * One member's media in Janus: a session with a publisher handle per source (camera, screen)
 * and one multistream subscriber handle. Candidates that arrive before a handle exists are
 * queued; subscriber renegotiations run one at a time, as Janus wants.
 */
import { EventEmitter } from 'node:events';
import type { FeedStream, IceCandidate, Jsep, MediaSource, PcTarget } from '@meet/shared';
import {
  VideoRoomPlugin,
  type JanodeSession,
  type JanusGateway,
  type VideoRoomHandle,
} from './janus-gateway.js';
import type { StreamInfo } from 'janode/plugins/videoroom';

export type { StreamInfo };

/** Janus's minimum interval between keyframe requests to one publisher, and a little more. */
const KEYFRAME_AGAIN_MS = 1100;

export interface PeerMediaEvents {
  /** Janus re-offered the subscription by itself (a publisher left, or a feed changed). */
  subscriberOffer: [jsep: Jsep, streams: StreamInfo[]];
  webrtcUp: [target: PcTarget];
  iceFailed: [target: PcTarget];
}

export class PeerMedia extends EventEmitter<PeerMediaEvents> {
  private session: JanodeSession | undefined;
  private sessionPromise: Promise<JanodeSession> | undefined;
  private readonly publishers = new Map<MediaSource, VideoRoomHandle>();
  /** When a receiver last had each source asked for a key frame. */
  private readonly keyFrameAskedAt = new Map<MediaSource, number>();
  private subscriber: VideoRoomHandle | undefined;
  private readonly pending = new Map<PcTarget, (IceCandidate | null)[]>();
  private queue: Promise<unknown> = Promise.resolve();
  readonly feeds = new Map<MediaSource, number>();
  /** Handles attached ahead (warmUp), each taken once by the camera's publish or the subscription. */
  private readonly spare = new Map<'camera' | 'subscriber', Promise<VideoRoomHandle>>();
  private closed = false;

  constructor(
    private readonly gateway: JanusGateway,
    private readonly room: number,
    private readonly display: string,
  ) {
    super();
  }

  /** Runs subscriber operations one after another. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async getSession(): Promise<JanodeSession> {
    if (this.closed) throw new Error('peer closed');
    this.sessionPromise ??= this.gateway.openSession().then((s) => (this.session = s));
    return this.sessionPromise;
  }

  /**
   * Opens the Janus session and attaches the camera's and the subscription's handles ahead —
   * while the member looks at the pre-join screen — so that joining costs fewer round trips to
   * Janus. Failures here only mean the handles are attached later, when needed.
   */
  warmUp(): void {
    void this.getSession()
      .then((session) => {
        for (const target of ['camera', 'subscriber'] as const) {
          const handle = session.attach(VideoRoomPlugin);
          handle.catch(() => undefined);
          this.spare.set(target, handle);
        }
      })
      .catch(() => undefined);
  }

  /** A handle attached ahead for `target`, else a new one. */
  private async attach(session: JanodeSession, target: 'camera' | 'subscriber' | 'screen') {
    const spare = target === 'screen' ? undefined : this.spare.get(target);
    if (spare) {
      this.spare.delete(target as 'camera' | 'subscriber');
      const handle = await spare.catch(() => undefined);
      if (handle) return handle;
    }
    return session.attach(VideoRoomPlugin);
  }

  private wire(handle: VideoRoomHandle, target: PcTarget): void {
    handle.on('handle_webrtcup', () => this.emit('webrtcUp', target));
    handle.on('handle_ice_failed', () => this.emit('iceFailed', target));
    for (const candidate of this.pending.get(target)?.splice(0) ?? [])
      void this.sendTrickle(handle, candidate);
  }

  private async sendTrickle(
    handle: VideoRoomHandle,
    candidate: IceCandidate | null,
  ): Promise<void> {
    await (candidate ? handle.trickle(candidate) : handle.trickleComplete()).catch(() => undefined);
  }

  async publish(
    source: MediaSource,
    jsep: Jsep,
    audio: boolean,
    video: boolean,
  ): Promise<{ jsep: Jsep; feedId: number; mids: { audio?: string; video?: string } }> {
    const session = await this.getSession();
    let handle = this.publishers.get(source);
    if (!handle) {
      handle = await this.attach(session, source);
      const joined = await handle.joinPublisher({
        room: this.room,
        display: `${this.display}:${source}`,
      });
      this.publishers.set(source, handle);
      this.feeds.set(source, joined.feed);
      this.wire(handle, source);
    }
    const result = await handle.configure({ jsep, audio, video });
    if (!result.jsep) throw new Error('janus gave no answer to the publish offer');
    const mids: { audio?: string; video?: string } = {};
    for (const stream of result.streams ?? []) {
      if (stream.type === 'audio' || stream.type === 'video') mids[stream.type] ??= stream.mid;
    }
    return { jsep: result.jsep as Jsep, feedId: this.feeds.get(source)!, mids };
  }

  async unpublish(source: MediaSource): Promise<void> {
    const handle = this.publishers.get(source);
    this.publishers.delete(source);
    this.feeds.delete(source);
    this.pending.delete(source);
    await handle?.detach().catch(() => undefined);
  }

  /**
   * Starts Janus recording a published source into `<filename>-<audio|video>-<mid>.mjr`, or
   * stops it (null). False when nothing is published from the source.
   */
  async record(source: MediaSource, filename: string | null): Promise<boolean> {
    const handle = this.publishers.get(source);
    if (!handle) return false;
    await handle.message(
      // A keyframe at once: the recorded picture starts with it, not at the next periodic one.
      filename
        ? { request: 'configure', record: true, filename, keyframe: true }
        : { request: 'configure', record: false },
    );
    // Janus sends a publisher at most one keyframe request a second and drops (not delays) one
    // asked for sooner, as when a member joined a moment ago: the recording would then wait for
    // the periodic one. Asked again a second later, either this one goes out or another went out
    // since the recording started; either way a keyframe is recorded.
    if (filename) {
      setTimeout(() => {
        if (this.publishers.get(source) !== handle) return;
        handle.message({ request: 'configure', keyframe: true }).catch(() => undefined);
      }, KEYFRAME_AGAIN_MS).unref();
    }
    return true;
  }

  /**
   * Asks the browser publishing `source` for a key frame (a receiver's picture stands still),
   * at most once a KEYFRAME_AGAIN_MS: the browser drops requests sooner than that anyway.
   */
  async requestKeyFrame(source: MediaSource): Promise<void> {
    const handle = this.publishers.get(source);
    const now = Date.now();
    if (!handle || now - (this.keyFrameAskedAt.get(source) ?? -Infinity) < KEYFRAME_AGAIN_MS)
      return;
    this.keyFrameAskedAt.set(source, now);
    await handle.message({ request: 'configure', keyframe: true });
  }

  /** Restarts ICE of a publisher with the browser's restart offer. */
  async restartPublisher(source: MediaSource, jsep: Jsep): Promise<Jsep> {
    const handle = this.publishers.get(source);
    if (!handle) throw new Error(`nothing published from ${source}`);
    const result = await handle.configure({ jsep });
    if (!result.jsep) throw new Error('janus gave no answer to the restart offer');
    return result.jsep as Jsep;
  }

  subscribe(streams: FeedStream[]): Promise<{ jsep: Jsep | null; streams: StreamInfo[] }> {
    return this.serial(async () => {
      const session = await this.getSession();
      if (!this.subscriber) {
        const handle = await this.attach(session, 'subscriber');
        handle.on(
          VideoRoomPlugin.EVENT.VIDEOROOM_UPDATED,
          (data: { jsep?: Jsep; streams?: StreamInfo[] }) => {
            if (data.jsep) this.emit('subscriberOffer', data.jsep, data.streams ?? []);
          },
        );
        const result = await handle.joinSubscriber({
          room: this.room,
          streams,
          use_msid: true,
          autoupdate: true,
        });
        this.subscriber = handle;
        this.wire(handle, 'subscriber');
        return { jsep: (result.jsep as Jsep) ?? null, streams: result.streams ?? [] };
      }
      const result = await this.subscriber.update({ subscribe: streams });
      return { jsep: (result.jsep as Jsep) ?? null, streams: result.streams ?? [] };
    });
  }

  unsubscribe(streams: FeedStream[]): Promise<{ jsep: Jsep | null; streams: StreamInfo[] }> {
    return this.serial(async () => {
      if (!this.subscriber) return { jsep: null, streams: [] };
      const result = await this.subscriber.update({ unsubscribe: streams });
      return { jsep: (result.jsep as Jsep) ?? null, streams: result.streams ?? [] };
    });
  }

  /** Gives Janus the browser's answer; false when there is no subscription to answer. */
  answerSubscription(jsep: Jsep): Promise<boolean> {
    return this.serial(async () => {
      if (!this.subscriber) return false;
      await this.subscriber.start({ jsep });
      return true;
    });
  }

  setLayers(mid: string, substream: number, temporal?: number): Promise<void> {
    return this.serial(async () => {
      if (!this.subscriber) return;
      const stream: Record<string, unknown> = { mid, substream };
      if (temporal !== undefined) stream.temporal = temporal;
      await this.subscriber.configure({ streams: [stream] });
    });
  }

  /** Asks Janus for a fresh subscriber offer with new ICE credentials. */
  restartSubscriber(): Promise<Jsep | null> {
    return this.serial(async () => {
      if (!this.subscriber) return null;
      const result = await this.subscriber.message({ request: 'configure', restart: true });
      return ((result as { jsep?: Jsep }).jsep as Jsep) ?? null;
    });
  }

  trickle(target: PcTarget, candidate: IceCandidate | null): void {
    const handle = target === 'subscriber' ? this.subscriber : this.publishers.get(target);
    if (!handle) {
      const list = this.pending.get(target) ?? [];
      list.push(candidate);
      this.pending.set(target, list);
      return;
    }
    void this.sendTrickle(handle, candidate);
  }

  /** Forgets handles after Janus died; the next publish opens a new session. */
  reset(): void {
    this.session = undefined;
    this.sessionPromise = undefined;
    this.spare.clear();
    this.publishers.clear();
    this.subscriber = undefined;
    this.feeds.clear();
    this.pending.clear();
    this.queue = Promise.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    const session = this.session ?? (await this.sessionPromise?.catch(() => undefined));
    this.reset();
    await session?.destroy().catch(() => undefined);
  }
}
