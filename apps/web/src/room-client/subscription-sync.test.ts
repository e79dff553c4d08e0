import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { PeerInfo } from '@meet/shared';
import { peerInfo } from '../test/peer-info';
import type { Signaling } from './signaling';
import { SubscriptionSync } from './subscription-sync';

/** Only what Subscriber calls of a peer connection (jsdom has none); the test moves its state. */
class PeerConnectionDouble {
  static last: PeerConnectionDouble | undefined;
  connectionState = 'new';
  onconnectionstatechange: (() => void) | null = null;
  setRemoteDescription = vi.fn(async () => undefined);
  createAnswer = vi.fn(async () => ({ type: 'answer', sdp: 'v=0' }));
  setLocalDescription = vi.fn(async () => undefined);
  getTransceivers = () => [];
  close = vi.fn();
  constructor() {
    PeerConnectionDouble.last = this;
  }
  connect() {
    this.connectionState = 'connected';
    this.onconnectionstatechange?.();
  }
}

beforeEach(() => vi.stubGlobal('RTCPeerConnection', PeerConnectionDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ada = peerInfo(2, { feeds: { camera: 7 }, mids: { camera: { audio: 'a', video: 'v' } } });

function sync(peers: PeerInfo[] = [ada]) {
  const requests: { type: string; streams?: unknown }[] = [];
  // Joined: set by the test, as the join answer would.
  const state = { joined: true };
  const signaling = {
    request: vi.fn(async (r: { type: string; streams?: unknown }) => {
      requests.push(r);
      return r.type === 'subscribe'
        ? { jsep: { type: 'offer', sdp: 'v=0' }, streams: [] }
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

test('receiving settles when the subscriber connects, when there is nothing to receive, or at the latest after the limit', async () => {
  const { s } = sync();
  let up = false;
  void s.receiving(10_000).then(() => (up = true));
  s.start([{ peerId: '2', source: 'camera', layer: 1 }]);
  await settled();
  expect(up).toBe(false);
  PeerConnectionDouble.last!.connect();
  await settled();
  expect(up).toBe(true);
  // Connected already: at once.
  await s.receiving(10_000);

  const alone = sync([]);
  let nothing = false;
  void alone.s.receiving(10_000).then(() => (nothing = true));
  alone.s.start([]);
  await settled();
  expect(nothing).toBe(true);

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
