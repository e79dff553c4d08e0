/**
 * Keeps the one subscriber in step with what the UI shows: after every change of members or
 * visible tiles it plans the subscriptions, adds and removes streams one sync at a time (again
 * after a failure, a few times), asks for each video's layer (no higher than the downlink
 * carries: receive-budget.ts), and reports the received tracks.
 * It reads the room through the functions it is given and never holds the RoomClient.
 */
import type { FeedStream, Jsep, PeerInfo, SubscribedStream } from '@meet/shared';
import { Emitter } from './emitter';
import { ReceiveBudget, videoTotals, WATCH_MS } from './receive-budget';
import type { Signaling } from './signaling';
import { subscriberSignals } from './signals';
import { Subscriber } from './subscriber';
import { planSubscriptions, type VisibleTile } from './subscription-plan';
import type { RemoteTrackEntry } from './track-store';

export interface SubscriptionSyncEvents {
  /** Every received track now, to replace what the track store holds. */
  tracks: [entries: RemoteTrackEntry[]];
}

export interface SubscriptionContext {
  /** Every member but me, as the server last described them. */
  peers(): ReadonlyMap<string, PeerInfo>;
  /** Connected, joined and not closed: only then is a sync worth its requests. */
  ready(): boolean;
  signaling(): Signaling | undefined;
  /** How a new peer connection reaches the media server (the join answer's ICE servers). */
  rtc(): RTCConfiguration;
}

export class SubscriptionSync extends Emitter<SubscriptionSyncEvents> {
  private current: Subscriber | undefined;
  private visible: VisibleTile[] = [];
  private subscribed = new Map<string, FeedStream>();
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  private syncFailures = 0;
  /** Bumped when the connection closes: syncs of the old one no longer count. */
  private generation = 0;
  private onVisible: (() => void) | undefined;
  /** The UI has said which tiles it shows: its word, not a guess, decides from then on. */
  private reported = false;
  /** Who waits for receiving to be up (see `receiving`). */
  private waiters = new Set<() => void>();
  /** A video's first packets came on the current connection. */
  private videoArrived = false;
  /** The highest layer this browser's downlink carries, from the once-a-second statistics. */
  private readonly budget = new ReceiveBudget();
  private watchTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly context: SubscriptionContext) {
    super();
  }

  /** The subscribing connection, once something was subscribed (statistics read it). */
  get subscriber(): Subscriber | undefined {
    return this.current;
  }

  /** The highest simulcast layer asked for now (2 unless the downlink is full). */
  get layerCap(): number {
    return this.budget.layerCap;
  }

  /** A (re)join: the server knows no subscriptions of mine yet. */
  handleJoined(): void {
    this.subscribed.clear();
  }

  /**
   * The first sync after a join. Audio and video should come in one negotiation: with the UI's
   * guess of its first tiles it starts at once (the UI's own report corrects it later); without
   * one, and before the UI has reported, it waits a moment for that report.
   */
  start(firstView?: VisibleTile[]): void {
    if (!this.reported && firstView) this.visible = firstView;
    if (this.reported || firstView) {
      this.schedule();
      return;
    }
    const visible = new Promise<void>((resolve) => (this.onVisible = resolve));
    void Promise.race([visible, new Promise((r) => setTimeout(r, 150))]).then(() => {
      this.onVisible = undefined;
      this.schedule();
    });
  }

  setVisible(views: VisibleTile[]): void {
    this.visible = views;
    // The stage reports no tiles before it has the join answer's members: not yet its word.
    if (views.length) this.reported = true;
    if (this.onVisible) {
      if (views.length) this.onVisible();
      return;
    }
    this.schedule();
  }

  /**
   * Settles once receiving is up: a video's first packets arrived (or, with no video, the
   * subscriber connected), or a sync ended with nothing to receive, or the connection closed;
   * at the latest after `maxMs`.
   */
  receiving(maxMs: number): Promise<void> {
    if (this.videoArrived) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.waiters.add(done);
    });
  }

  private received(): void {
    for (const done of [...this.waiters]) done();
  }

  /** Janus re-offered by itself (a publisher left or changed). */
  handleOffer(jsep: Jsep, streams: SubscribedStream[]): Promise<void> {
    return this.ensureSubscriber()
      .handleOffer(jsep, streams)
      .catch(() => undefined);
  }

  schedule(): void {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    const generation = this.generation;
    this.syncing = this.sync()
      .then(() => {
        if (generation !== this.generation) return;
        this.syncFailures = 0;
        if (!this.current) this.received();
      })
      .catch((error: unknown) => {
        if (generation !== this.generation) return;
        console.warn('room-client: subscription sync failed', error);
        // A feed can vanish or not be ready yet; try again shortly, a few times.
        if (++this.syncFailures <= 5) setTimeout(() => this.schedule(), 300 * this.syncFailures);
      })
      .finally(() => {
        // A sync of a connection closed meanwhile may never finish: it no longer holds the next.
        if (generation !== this.generation) return;
        this.syncing = undefined;
        if (this.syncAgain) {
          this.syncAgain = false;
          this.schedule();
        }
      });
  }

  /** Closes the connection with the socket's; everything is subscribed again after a reconnect. */
  closeConnection(): void {
    this.generation++;
    this.syncing = undefined;
    this.syncAgain = false;
    this.syncFailures = 0;
    this.current?.close();
    this.current = undefined;
    this.budget.reset();
    this.videoArrived = false;
    this.subscribed.clear();
    this.received();
  }

  private ensureSubscriber(): Subscriber {
    if (this.current) return this.current;
    const subscriber = new Subscriber(
      subscriberSignals(this.context.signaling()!),
      this.context.rtc(),
      () => this.refreshTracks(),
      (state) => {
        // Audio only: connected is as far as receiving goes before the first sound.
        const video = [...subscriber.streams.values()].some((s) => s.kind === 'video');
        if (state === 'connected' && !video) this.received();
      },
    );
    // A video's first packets: its picture is on its way.
    subscriber.pc.addEventListener('track', ({ track }) => {
      if (track.kind !== 'video') return;
      track.addEventListener('unmute', () => {
        this.videoArrived = true;
        this.received();
      });
    });
    this.current = subscriber;
    return subscriber;
  }

  /**
   * The subscriber's statistics of this second (the room client reads them once for everything):
   * a full downlink lowers the layer asked of every video, a clear one raises it again.
   */
  measure(subscriber: Subscriber, report: RTCStatsReport): void {
    if (subscriber !== this.current || subscriber.pc.connectionState !== 'connected') return;
    if (this.budget.sample(videoTotals(report, performance.now())) !== undefined) this.schedule();
    if (this.budget.watching) this.watchPictures(subscriber);
  }

  /**
   * While a try one layer up lasts, and for a few seconds after one is undone, the pictures are
   * watched every WATCH_MS: one that stands still while the new layer's key frame trickles
   * through a narrow link ends the try then, and one still standing after the undo is asked for
   * a key frame again.
   */
  private watchPictures(subscriber: Subscriber): void {
    if (this.watchTimer) return;
    const stop = () => {
      clearInterval(this.watchTimer);
      this.watchTimer = undefined;
    };
    this.watchTimer = setInterval(() => {
      if (!this.budget.watching || subscriber !== this.current) return stop();
      void subscriber.pc
        .getStats()
        .then((report) => {
          if (subscriber !== this.current) return;
          const totals = videoTotals(report, performance.now());
          if (this.budget.watch(totals) !== undefined) this.schedule();
          for (const mid of this.budget.keyFramesDue(totals)) void subscriber.askKeyFrame(mid);
        })
        .catch(() => undefined);
    }, WATCH_MS);
  }

  private async sync(): Promise<void> {
    if (!this.context.ready()) return;
    const generation = this.generation;
    const wanted = planSubscriptions(this.context.peers(), this.visible);
    const add = [...wanted]
      .filter(([k]) => !this.subscribed.has(k))
      .map(([k, v]) => [k, v.stream] as const);
    const remove = [...this.subscribed].filter(([k]) => !wanted.has(k));
    if (add.length || remove.length) {
      const subscriber = this.ensureSubscriber();
      if (remove.length) {
        remove.forEach(([k]) => this.subscribed.delete(k));
        await subscriber.remove(remove.map(([, s]) => s));
        if (generation !== this.generation) return;
      }
      if (add.length) {
        add.forEach(([k, s]) => this.subscribed.set(k, s));
        // Each video starts at the layer its tile wants: no layer switch (and keyframe wait) later.
        const streams = add.map(([k, s]) => {
          const layer = this.capped(wanted.get(k)?.layer);
          return layer === undefined ? s : { ...s, substream: layer };
        });
        await subscriber.add(streams).catch((error: unknown) => {
          if (generation !== this.generation) return;
          add.forEach(([k]) => this.subscribed.delete(k));
          throw error;
        });
        if (generation !== this.generation) return;
      }
    }
    const subscriber = this.current;
    if (!subscriber) return;
    const peers = this.context.peers();
    for (const [mid, stream] of subscriber.streams) {
      const want = wanted.get(
        `${stream.feedId}/${peers.get(stream.peerId)?.mids[stream.source]?.[stream.kind]}`,
      );
      if (stream.kind === 'video' && want?.layer !== undefined)
        void subscriber.setLayer(mid, this.capped(want.layer)!);
    }
  }

  private capped(layer: number | undefined): number | undefined {
    return layer === undefined ? undefined : Math.min(layer, this.budget.layerCap);
  }

  private refreshTracks(): void {
    const entries: RemoteTrackEntry[] = [];
    const subscriber = this.current;
    if (subscriber) {
      for (const [mid, track] of subscriber.tracks()) {
        const s = subscriber.streams.get(mid)!;
        entries.push([s.peerId, s.source, s.kind, track]);
      }
    }
    this.emit('tracks', entries);
  }
}
