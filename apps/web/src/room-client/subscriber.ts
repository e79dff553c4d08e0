/**
 * The one multistream subscribing peer connection. Janus makes every offer; this answers them
 * one at a time (renegotiations never overlap) and keeps a map mid → which member's what.
 */
import type { FeedStream, IceCandidate, Jsep, SubscribedStream } from '@meet/shared';
import { IceWatch } from './ice-watch';
import { dtlsPassive } from './sdp';

export interface SubscriberSignals {
  subscribe(streams: FeedStream[]): Promise<{ jsep: Jsep | null; streams: SubscribedStream[] }>;
  unsubscribe(streams: FeedStream[]): Promise<{ jsep: Jsep | null; streams: SubscribedStream[] }>;
  answer(jsep: Jsep): Promise<void>;
  trickle(candidate: IceCandidate | null): void;
  restartIce(): Promise<{ jsep: Jsep | null }>;
  setLayer(mid: string, layer: number): Promise<void>;
  requestKeyFrame(feed: number): Promise<void>;
}

export class Subscriber {
  readonly pc: RTCPeerConnection;
  /** Current streams by subscriber mid. */
  streams = new Map<string, SubscribedStream>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly layers = new Map<string, number>();
  private readonly ice: IceWatch;
  private closed = false;

  constructor(
    private readonly signals: SubscriberSignals,
    rtc: RTCConfiguration,
    private readonly onTracks: () => void,
    onState: (state: RTCPeerConnectionState) => void,
  ) {
    this.pc = new RTCPeerConnection(rtc);
    this.pc.onicecandidate = (e) =>
      signals.trickle(e.candidate ? (e.candidate.toJSON() as IceCandidate) : null);
    this.pc.ontrack = () => this.onTracks();
    this.ice = new IceWatch(this.pc, () => this.restartIce(), onState);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async negotiate(offer: Jsep): Promise<void> {
    if (this.closed) return;
    await this.pc.setRemoteDescription(offer);
    const created = await this.pc.createAnswer();
    const answer = { type: 'answer' as const, sdp: dtlsPassive(created.sdp!) };
    await this.pc.setLocalDescription(answer);
    await this.signals.answer(answer);
  }

  private adopt(streams: SubscribedStream[]): void {
    this.streams = new Map(streams.map((s) => [s.mid, s]));
    // After a renegotiation Janus may have reset a stream's layer: ask again on the next sync.
    this.layers.clear();
  }

  add(streams: FeedStream[]): Promise<void> {
    return this.serial(async () => {
      if (streams.length === 0) return;
      const result = await this.signals.subscribe(streams);
      // No offer and no streams: the server had nothing to change (a feed already gone).
      if (result.jsep || result.streams.length) this.adopt(result.streams);
      this.startedAt(streams);
      if (result.jsep) await this.negotiate(result.jsep);
      this.onTracks();
    });
  }

  remove(streams: FeedStream[]): Promise<void> {
    return this.serial(async () => {
      if (streams.length === 0) return;
      const result = await this.signals.unsubscribe(streams);
      if (result.jsep || result.streams.length) this.adopt(result.streams);
      if (result.jsep) await this.negotiate(result.jsep);
      this.onTracks();
    });
  }

  /** Janus re-offered by itself (a publisher left or changed). */
  handleOffer(jsep: Jsep, streams: SubscribedStream[]): Promise<void> {
    return this.serial(async () => {
      this.adopt(streams);
      await this.negotiate(jsep);
      this.onTracks();
    });
  }

  /**
   * A video subscribed with a layer starts at it: asking for it again would make Janus request a
   * keyframe before the connection is up, and the one it requests when it is up would then wait a
   * second (Janus requests at most one a second), holding back the first frame.
   */
  private startedAt(streams: FeedStream[]): void {
    for (const wanted of streams) {
      if (wanted.substream === undefined) continue;
      for (const stream of this.streams.values())
        if (stream.feedId === wanted.feed && stream.kind === 'video')
          this.layers.set(stream.mid, wanted.substream);
    }
  }

  /** Asks for a simulcast layer for one video mid, only when it changes. */
  setLayer(mid: string, layer: number): Promise<void> {
    if (this.layers.get(mid) === layer) return Promise.resolve();
    this.layers.set(mid, layer);
    return this.serial(() => this.signals.setLayer(mid, layer)).catch(() => {
      this.layers.delete(mid);
    });
  }

  /** Asks the publisher of a video that stands still for a key frame. */
  askKeyFrame(mid: string): Promise<void> {
    const stream = this.streams.get(mid);
    if (!stream || stream.kind !== 'video') return Promise.resolve();
    return this.signals.requestKeyFrame(stream.feedId).catch(() => undefined);
  }

  async restartIce(): Promise<void> {
    if (this.closed || !this.ice.down) return;
    await this.serial(async () => {
      const { jsep } = await this.signals.restartIce();
      if (jsep) await this.negotiate(jsep);
    }).catch((error: unknown) => console.warn('room-client: subscriber ICE restart failed', error));
  }

  /** The live track of each current stream, by mid. */
  tracks(): Map<string, MediaStreamTrack> {
    const out = new Map<string, MediaStreamTrack>();
    for (const t of this.pc.getTransceivers()) {
      const stream = t.mid ? this.streams.get(t.mid) : undefined;
      if (stream?.active && t.receiver.track) out.set(t.mid!, t.receiver.track);
    }
    return out;
  }

  close(): void {
    this.closed = true;
    this.ice.stop();
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.close();
  }
}
