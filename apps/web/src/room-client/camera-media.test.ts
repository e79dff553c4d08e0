/**
 * My camera on a phone (issue 28): flipping between the front and back camera sends the other
 * one on the same connection (replaceTrack, no new offer), and the page going to the background
 * turns the camera off for the others and back on on return. The browser's media devices and
 * peer connection are fakes that record what is asked of them.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { peerInfo } from '../test/peer-info';
import { CameraMedia } from './camera-media';
import type { Signaling } from './signaling';
import { Tracks } from './track-store';

interface FakeTrack {
  kind: 'video' | 'audio';
  label: string;
  readyState: 'live' | 'ended';
  stop: ReturnType<typeof vi.fn>;
  getSettings: () => MediaTrackSettings;
}

function camera(deviceId: string, facingMode?: string): FakeTrack {
  const track: FakeTrack = {
    kind: 'video',
    label: deviceId,
    readyState: 'live',
    stop: vi.fn(() => {
      track.readyState = 'ended';
    }),
    getSettings: () => ({ deviceId, ...(facingMode ? { facingMode } : {}) }),
  };
  return track;
}

const failure = (name: string) => Object.assign(new Error(name), { name });

/** A phone's cameras: getUserMedia answers from `answer`, every call recorded. */
function fakeDevices(cameraIds: string[], answer: (video: MediaTrackConstraints) => FakeTrack) {
  const asked: MediaTrackConstraints[] = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    const video = constraints.video as MediaTrackConstraints;
    asked.push(video);
    const track = answer(video);
    return { getVideoTracks: () => [track], getAudioTracks: () => [] };
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia,
      enumerateDevices: async () =>
        cameraIds.map((deviceId) => ({ kind: 'videoinput', deviceId, label: deviceId })),
      addEventListener() {},
      removeEventListener() {},
    },
  });
  return { asked, getUserMedia };
}

/** The publisher's peer connection: its senders, and how many offers it made. */
const connections: FakePeerConnection[] = [];
class FakePeerConnection {
  readonly senders: { track: unknown; replaceTrack: ReturnType<typeof vi.fn> }[] = [];
  readonly createOffer = vi.fn(async () => ({ type: 'offer', sdp: 'v=0\r\n' }));
  connectionState = 'new';
  constructor() {
    connections.push(this);
  }
  addTransceiver(trackOrKind: unknown) {
    const sender = {
      track: typeof trackOrKind === 'string' ? null : trackOrKind,
      replaceTrack: vi.fn(async (track: unknown) => {
        sender.track = track;
      }),
      getParameters: () => ({ encodings: [{}] }),
      setParameters: async () => undefined,
    };
    this.senders.push(sender);
    return { sender };
  }
  async setLocalDescription() {}
  async setRemoteDescription() {}
  close() {}
}

beforeEach(() => {
  connections.length = 0;
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', function MediaStream() {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

/** In the meeting with my camera on and published, as after "Join now". */
async function joinedWithCamera(me = peerInfo(1)) {
  const requests: { type: string; kind?: string }[] = [];
  const signaling = {
    request: vi.fn(async (r: { type: string; kind?: string }) => {
      requests.push(r);
      return r.type === 'publish' ? { jsep: { type: 'answer', sdp: 'v=0\r\n' } } : {};
    }),
  } as unknown as Signaling;
  const tracks = new Tracks();
  const media = new CameraMedia(tracks, {
    me: () => me,
    signaling: () => signaling,
    rtc: () => ({}),
  });
  const errors: string[] = [];
  media.on('error', (key) => errors.push(key));
  media.want({ audio: false, video: true });
  await media.openForJoin();
  await media.publish();
  const pc = connections[0]!;
  const videoSender = pc.senders[1]!;
  return {
    media,
    tracks,
    pc,
    videoSender,
    requests,
    errors,
    shown: () => tracks.localTrack('camera', 'video'),
  };
}

describe('flipping the camera', () => {
  test('the back camera is sent in place of the front one on the same connection, and the front one stops', async () => {
    const front = camera('front', 'user');
    const back = camera('back', 'environment');
    const { asked } = fakeDevices(['front', 'back'], (video) =>
      (video.facingMode as { exact?: string } | undefined)?.exact === 'environment' ? back : front,
    );
    const c = await joinedWithCamera();
    expect(c.shown()).toBe(front);

    await c.media.flipCamera();
    expect(asked.at(-1)).toMatchObject({ facingMode: { exact: 'environment' } });
    expect(asked.at(-1)).not.toHaveProperty('deviceId');
    expect(c.shown()).toBe(back);
    expect(c.videoSender.replaceTrack).toHaveBeenLastCalledWith(back);
    expect(front.stop).toHaveBeenCalled();
    // No renegotiation: one connection, one offer.
    expect(connections).toHaveLength(1);
    expect(c.pc.createOffer).toHaveBeenCalledTimes(1);
    expect(c.errors).toEqual([]);

    // And back to the front.
    const front2 = camera('front', 'user');
    fakeDevices(['front', 'back'], () => front2);
    await c.media.flipCamera();
    expect(c.shown()).toBe(front2);
    expect(c.videoSender.replaceTrack).toHaveBeenLastCalledWith(front2);
    expect(back.stop).toHaveBeenCalled();
  });

  test('cameras that do not say which way they face are taken in turn, by id', async () => {
    const first = camera('cam-a');
    const second = camera('cam-b');
    const { asked } = fakeDevices(['cam-a', 'cam-b'], (video) => {
      if (video.facingMode) throw failure('OverconstrainedError');
      return (video.deviceId as { exact?: string } | undefined)?.exact === 'cam-b' ? second : first;
    });
    const c = await joinedWithCamera();
    await c.media.flipCamera();
    expect(asked.at(-1)).toMatchObject({ deviceId: { exact: 'cam-b' } });
    expect(c.shown()).toBe(second);
    expect(c.videoSender.replaceTrack).toHaveBeenLastCalledWith(second);
  });

  test('a phone that runs one camera at a time: the front one is let go and the back one tried again', async () => {
    const front = camera('front', 'user');
    const back = camera('back', 'environment');
    fakeDevices(['front', 'back'], (video) => {
      if (!video.facingMode) return front;
      if (front.readyState === 'live') throw failure('NotReadableError');
      return back;
    });
    const c = await joinedWithCamera();
    await c.media.flipCamera();
    expect(front.stop).toHaveBeenCalled();
    expect(c.shown()).toBe(back);
    expect(c.videoSender.replaceTrack).toHaveBeenLastCalledWith(back);
    expect(c.errors).toEqual([]);
  });

  test('the other camera will not start: the same one comes back, and the user is told', async () => {
    const front = camera('front', 'user');
    const again = camera('front', 'user');
    fakeDevices(['front', 'back'], (video) => {
      if (video.facingMode) throw failure('NotReadableError');
      return front.readyState === 'live' ? front : again;
    });
    const c = await joinedWithCamera();
    await c.media.flipCamera();
    expect(c.shown()).toBe(again);
    expect(c.videoSender.replaceTrack).toHaveBeenLastCalledWith(again);
    expect(c.errors).toEqual(['flipCameraFailed']);
  });

  test('only one camera: nothing changes, and the user is told', async () => {
    const front = camera('front');
    fakeDevices(['front'], (video) => {
      if (video.facingMode) throw failure('OverconstrainedError');
      return front;
    });
    const c = await joinedWithCamera();
    await c.media.flipCamera();
    expect(c.shown()).toBe(front);
    expect(front.stop).not.toHaveBeenCalled();
    expect(c.videoSender.replaceTrack).not.toHaveBeenCalled();
    expect(c.errors).toEqual(['flipCameraFailed']);
  });

  test('with the camera off there is nothing to flip', async () => {
    const { getUserMedia } = fakeDevices(['front', 'back'], () => camera('front', 'user'));
    const c = await joinedWithCamera();
    await c.media.setKind('video', false, '');
    getUserMedia.mockClear();
    await c.media.flipCamera();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(c.shown()).toBeUndefined();
  });
});

describe('the page in the background', () => {
  test('away, the camera goes off for the others (paused, nothing sent); back, the same camera comes on again', async () => {
    const front = camera('front', 'user');
    const back = camera('back', 'environment');
    const backAgain = camera('back', 'environment');
    const { asked } = fakeDevices(['front', 'back'], (video) => {
      if (!video.facingMode && !video.deviceId) return front;
      return back.readyState === 'live' ? back : backAgain;
    });
    const c = await joinedWithCamera();
    await c.media.flipCamera();
    expect(c.shown()).toBe(back);

    await c.media.setAway(true);
    expect(c.shown()).toBeUndefined();
    expect(back.stop).toHaveBeenCalled();
    expect(c.videoSender.replaceTrack).toHaveBeenLastCalledWith(null);
    expect(c.requests.at(-1)).toEqual({ type: 'pauseProducer', source: 'camera', kind: 'video' });

    await c.media.setAway(false);
    expect(asked.at(-1)).toMatchObject({ deviceId: { exact: 'back' } });
    expect(c.shown()).toBe(backAgain);
    expect(c.videoSender.replaceTrack).toHaveBeenLastCalledWith(backAgain);
    expect(c.requests.at(-1)).toEqual({ type: 'resumeProducer', source: 'camera', kind: 'video' });
    expect(connections).toHaveLength(1);
  });

  test('a camera that was off stays off on return', async () => {
    fakeDevices(['front'], () => camera('front', 'user'));
    const c = await joinedWithCamera();
    await c.media.setKind('video', false, '');
    const before = c.requests.length;
    await c.media.setAway(true);
    await c.media.setAway(false);
    expect(c.shown()).toBeUndefined();
    expect(c.requests).toHaveLength(before);
  });

  test('the host turned cameras off meanwhile: it stays off on return', async () => {
    fakeDevices(['front'], () => camera('front', 'user'));
    const me = peerInfo(1);
    const c = await joinedWithCamera(me);
    await c.media.setAway(true);
    me.videoDisabled = true;
    await c.media.setAway(false);
    expect(c.shown()).toBeUndefined();
    expect(c.requests.at(-1)).toMatchObject({ type: 'pauseProducer' });
  });

  test('hidden and back in quick succession ends with the camera on', async () => {
    fakeDevices(['front'], () => camera('front', 'user'));
    const c = await joinedWithCamera();
    void c.media.setAway(true);
    await c.media.setAway(false);
    expect(c.shown()?.readyState).toBe('live');
    expect(c.requests.at(-1)).toMatchObject({ type: 'resumeProducer' });
  });
});
