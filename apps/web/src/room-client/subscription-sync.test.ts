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
