import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { SubscribedStream } from '@meet/shared';
import { Subscriber, type SubscriberSignals } from './subscriber';

/** Only what Subscriber calls of a peer connection (jsdom has none). */
class PeerConnectionDouble {
  connectionState = 'new';
  setRemoteDescription = vi.fn(async () => undefined);
  createAnswer = vi.fn(async () => ({ type: 'answer', sdp: 'v=0' }));
  setLocalDescription = vi.fn(async () => undefined);
  getTransceivers = () => [];
  close = vi.fn();
}

beforeEach(() => vi.stubGlobal('RTCPeerConnection', PeerConnectionDouble));
afterEach(() => vi.unstubAllGlobals());

const stream = (mid: string, kind: 'audio' | 'video'): SubscribedStream => ({
  mid,
  feedId: 7,
  peerId: 'p1',
  source: 'camera',
  kind,
  active: true,
});

function subscriber() {
  const signals: SubscriberSignals = {
    subscribe: vi.fn(async () => ({
      jsep: { type: 'offer' as const, sdp: 'v=0' },
      streams: [stream('0', 'audio'), stream('1', 'video')],
    })),
    unsubscribe: vi.fn(async () => ({ jsep: null, streams: [] })),
    answer: vi.fn(async () => undefined),
    trickle: vi.fn(),
    restartIce: vi.fn(async () => ({ jsep: null })),
    setLayer: vi.fn(async () => undefined),
    requestKeyFrame: vi.fn(async () => undefined),
  };
  return {
    signals,
    subscriber: new Subscriber(
      signals,
      {},
      () => undefined,
      () => undefined,
    ),
  };
}

test('a video subscribed at a layer is not asked for that layer again (Janus would hold its first keyframe back)', async () => {
  const { signals, subscriber: s } = subscriber();
  await s.add([{ feed: 7, mid: 'v', substream: 1 }]);
  await s.setLayer('1', 1);
  expect(signals.setLayer).not.toHaveBeenCalled();
  // Another layer later is asked for, once.
  await s.setLayer('1', 0);
  await s.setLayer('1', 0);
  expect(signals.setLayer).toHaveBeenCalledTimes(1);
  expect(signals.setLayer).toHaveBeenCalledWith('1', 0);
});

test('a video subscribed without a layer is asked for the one its tile wants', async () => {
  const { signals, subscriber: s } = subscriber();
  await s.add([{ feed: 7, mid: 'v' }]);
  await s.setLayer('1', 2);
  expect(signals.setLayer).toHaveBeenCalledWith('1', 2);
});

test('my answer makes the browser the DTLS server, so Janus starts the handshake when it is ready (its too-early ClientHello would cost 50 ms)', async () => {
  const { signals, subscriber: s } = subscriber();
  const pc = s.pc as unknown as PeerConnectionDouble;
  pc.createAnswer.mockResolvedValue({
    type: 'answer',
    sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=setup:active\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=setup:active\r\n',
  });
  await s.add([{ feed: 7, mid: 'a' }]);
  const sent = vi.mocked(signals.answer).mock.calls[0]![0].sdp;
  expect(sent.match(/a=setup:passive/g)).toHaveLength(2);
  expect(sent).not.toContain('a=setup:active');
  expect(pc.setLocalDescription).toHaveBeenCalledWith({ type: 'answer', sdp: sent });
});
