import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { PeerInfo } from '@meet/shared';
import { peerInfo } from '../test/peer-info';
import type { Signaling } from './signaling';
import { SubscriptionSync } from './subscription-sync';

/** Only what Subscriber calls of a peer connection (jsdom has none); the test moves its state. */
class PeerConnectionDouble extends EventTarget {
  static last: PeerConnectionDouble | undefined;
  connectionState = 'new';
  onconnectionstatechange: (() => void) | null = null;
  setRemoteDescription = vi.fn(async () => undefined);
  createAnswer = vi.fn(async () => ({ type: 'answer', sdp: 'v=0' }));
  setLocalDescription = vi.fn(async () => undefined);
  getTransceivers = () => [];
  getStats = vi.fn(async () => new Map());
  close = vi.fn();
  constructor() {
    super();
    PeerConnectionDouble.last = this;
  }
  connect() {
    this.connectionState = 'connected';
    this.onconnectionstatechange?.();
  }
  /** A received track; its first packets are `unmute` on what this returns. */
  track(kind: 'audio' | 'video'): EventTarget {
    const track = Object.assign(new EventTarget(), { kind });
    this.dispatchEvent(Object.assign(new Event('track'), { track }));
    return track;
  }
}

beforeEach(() => vi.stubGlobal('RTCPeerConnection', PeerConnectionDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ada = peerInfo(2, { feeds: { camera: 7 }, mids: { camera: { audio: 'a', video: 'v' } } });

function sync(peers: PeerInfo[] = [ada], kinds: ('audio' | 'video')[] = ['audio', 'video']) {
  const requests: { type: string; streams?: unknown }[] = [];
  // Joined: set by the test, as the join answer would.
  const state = { joined: true };
  const signaling = {
    request: vi.fn(async (r: { type: string; streams?: unknown }) => {
      requests.push(r);
      const streams = kinds.map((kind, i) => ({
        mid: String(i),
        feedId: 7,
        peerId: '2',
        source: 'camera',
        kind,
        active: true,
      }));
      return r.type === 'subscribe'
        ? { jsep: { type: 'offer', sdp: 'v=0' }, streams }
        : { jsep: null, streams: [] };
    }),
  } as unknown as Signaling;
  const s = new SubscriptionSync({
    peers: () => new Map(peers.map((p) => [p.peerId, p])),
    ready: () => state.joined,
    signaling: () => signaling,
    rtc: () => ({}),
  });
  return { s, requests, state };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

test("with the stage's first tiles the first subscription goes out at once, video at the tile's layer", async () => {
  const { s, requests, state } = sync();
  // Before the join answer the stage reports no tiles: that is not its answer yet.
  state.joined = false;
  s.setVisible([]);
  state.joined = true;
  s.start([{ peerId: '2', source: 'camera', layer: 1 }]);
  await settled();
  expect(requests.filter((r) => r.type === 'subscribe')).toEqual([
    {
      type: 'subscribe',
      streams: [
        { feed: 7, mid: 'a' },
        { feed: 7, mid: 'v', substream: 1 },
      ],
    },
  ]);
  // The stage then reports the same: nothing more to ask.
  s.setVisible([{ peerId: '2', source: 'camera', layer: 1 }]);
  await settled();
  expect(requests).toHaveLength(2); // the subscription and its answer
});

test('without a guess the first subscription waits for the stage (up to 150 ms)', async () => {
  vi.useFakeTimers();
  const { s, requests } = sync();
  s.start();
  await vi.advanceTimersByTimeAsync(100);
  expect(requests).toHaveLength(0);
  s.setVisible([{ peerId: '2', source: 'camera', layer: 2 }]);
  await vi.advanceTimersByTimeAsync(0);
  expect(requests[0]).toMatchObject({ type: 'subscribe' });
});

test("receiving settles when a video's first packets arrive, and not before", async () => {
  const { s } = sync();
  let up = false;
  void s.receiving(10_000).then(() => (up = true));
  s.start([{ peerId: '2', source: 'camera', layer: 1 }]);
  await settled();
  const pc = PeerConnectionDouble.last!;
  const video = pc.track('video');
  pc.connect();
  await settled();
  // Connected, but no picture on its way yet: sending still waits.
  expect(up).toBe(false);
  video.dispatchEvent(new Event('unmute'));
  await settled();
  expect(up).toBe(true);
  // Already arrived: at once.
  await s.receiving(10_000);
});

test('with audio only receiving settles when the subscriber connects; with nothing to receive, at once', async () => {
  const voice = sync([ada], ['audio']);
  let up = false;
  void voice.s.receiving(10_000).then(() => (up = true));
  voice.s.start([]);
  await settled();
  expect(up).toBe(false);
  PeerConnectionDouble.last!.connect();
  await settled();
  expect(up).toBe(true);

  const alone = sync([]);
  let nothing = false;
  void alone.s.receiving(10_000).then(() => (nothing = true));
  alone.s.start([]);
  await settled();
  expect(nothing).toBe(true);
});

test('receiving settles at the latest after its limit', async () => {
  vi.useFakeTimers();
  const stuck = sync();
  let late = false;
  void stuck.s.receiving(400).then(() => (late = true));
  stuck.s.start([{ peerId: '2', source: 'camera', layer: 1 }]);
  await vi.advanceTimersByTimeAsync(399);
  expect(late).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(late).toBe(true);
});

test('a try one layer up whose picture stands still is undone within a fraction of a second, and the picture’s publisher is then asked for a key frame', async () => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
  });
  const { s, requests } = sync();
  s.start([{ peerId: '2', source: 'camera', layer: 2 }]);
  await vi.advanceTimersByTimeAsync(0);
  const pc = PeerConnectionDouble.last!;
  pc.connect();
  // The video's statistics as the browser gives them: totals so far, its frames by mid '1'.
  const link = { packets: 0, lost: 0, frames: 0 };
  const report = () =>
    new Map<string, object>([
      [
        'in-v',
        {
          id: 'in-v',
          type: 'inbound-rtp',
          kind: 'video',
          mid: '1',
          bytesReceived: link.packets * 1000,
          packetsReceived: link.packets,
          packetsLost: link.lost,
          framesDecoded: link.frames,
        },
      ],
    ]);
  pc.getStats.mockImplementation(async () => report());
  const second = async (packets: number, lost: number, frames: number) => {
    await vi.advanceTimersByTimeAsync(1000);
    link.packets += packets;
    link.lost += lost;
    link.frames += frames;
    s.measure(s.subscriber!, report() as unknown as RTCStatsReport);
    await vi.advanceTimersByTimeAsync(0);
  };
  const layers = () =>
    requests
      .filter((r) => r.type === 'setConsumerPreferredLayers')
      .map((r) => (r as unknown as { spatialLayer: number }).spatialLayer);

  await second(0, 0, 0);
  await second(30, 70, 5); // the link is full: down to the lowest layer
  expect(layers()).toEqual([0]);
  for (let i = 0; i < 11; i++) await second(30, 0, 15); // clean: the try one layer up
  expect(layers()).toEqual([0, 1]);

  // The new layer's key frame trickles in: no new frame. Undone within STALL_MS and a watch.
  await vi.advanceTimersByTimeAsync(450);
  expect(layers()).toEqual([0, 1, 0]);
  expect(requests.some((r) => r.type === 'requestKeyFrame')).toBe(false);
  // Still standing after the undo: its publisher is asked for a key frame.
  await vi.advanceTimersByTimeAsync(400);
  expect(requests.filter((r) => r.type === 'requestKeyFrame')).toEqual([
    { type: 'requestKeyFrame', feed: 7 },
  ]);
  // Frames again: nothing more is asked, and the watch ends.
  pc.getStats.mockImplementation(async () => {
    link.frames += 2;
    return report();
  });
  await vi.advanceTimersByTimeAsync(5000);
  expect(requests.filter((r) => r.type === 'requestKeyFrame')).toHaveLength(1);
  s.closeConnection();
});
