/**
 * Bad networks, for real (issue 29): the receiving member's browser reaches the media server only
 * through coturn, behind a UDP relay of the test's own (support/udp-shaper.ts) that caps its
 * downlink at 300 kbit/s as `tc … tbf` would, or drops 2 % of packets. Under the cap its video
 * keeps playing at a lower simulcast layer (and its own network indicator says why) instead of
 * freezing, and goes back up once the cap is gone; at 2 % loss its audio keeps coming, with Opus
 * in-band FEC negotiated both ways. With its media path cut for 40 s (past the browser's ICE
 * failure) while its socket stays up, ICE restarts bring the video back without a reconnect.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';
import { startTurnServer, turnSettings, type TurnServer } from '../support/turn';
import {
  receivedVideo,
  startUdpShaper,
  throughShaper,
  type UdpShaper,
} from '../support/udp-shaper';

const settings = turnSettings(Number(process.env.E2E_PORT ?? 4310));
let turn: TurnServer | undefined;
let shaper: UdpShaper | undefined;

test.beforeAll(async () => {
  turn = await startTurnServer(settings);
});
test.afterEach(async () => {
  await shaper?.close();
  shaper = undefined;
});
test.afterAll(() => turn?.stop());

test.setTimeout(180_000);

/** Frames decoded over `ms`, and the largest frame received meanwhile. */
async function playing(page: Page, ms: number) {
  const before = await receivedVideo(page);
  await page.waitForTimeout(ms);
  const after = await receivedVideo(page);
  return { fps: ((after.frames - before.frames) * 1000) / ms, width: after.width };
}

/** Each audio codec the page's connections use, with its format parameters. */
function audioCodecs(page: Page) {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const out: { direction: string; mimeType: string; fmtp: string }[] = [];
    for (const pc of all) {
      if (pc.connectionState !== 'connected') continue;
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; codecId?: string }) => {
        if ((s.type !== 'inbound-rtp' && s.type !== 'outbound-rtp') || s.kind !== 'audio') return;
        const codec = s.codecId ? stats.get(s.codecId) : undefined;
        if (codec)
          out.push({
            direction: s.type === 'inbound-rtp' ? 'receive' : 'send',
            mimeType: codec.mimeType,
            fmtp: codec.sdpFmtpLine ?? '',
          });
      });
    }
    return out;
  });
}

/** Received audio: samples, concealed samples and the level now. */
function receivedAudio(page: Page) {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    let samples = 0;
    let concealed = 0;
    let energy = 0;
    for (const pc of all) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach(
        (s: {
          type: string;
          kind?: string;
          totalSamplesReceived?: number;
          concealedSamples?: number;
          totalAudioEnergy?: number;
        }) => {
          if (s.type !== 'inbound-rtp' || s.kind !== 'audio') return;
          samples += s.totalSamplesReceived ?? 0;
          concealed += s.concealedSamples ?? 0;
          energy += s.totalAudioEnergy ?? 0;
        },
      );
    }
    return { samples, concealed, energy };
  });
}

/** Hana and Bo in a new meeting, Bo's browser reaching the media server only through the relay. */
async function hostAndBoThroughShaper(browser: Browser, request: APIRequestContext, topic: string) {
  const relay = await startUdpShaper(settings.ip, settings);
  shaper = relay;
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, topic);
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await throughShaper(bo.context, settings, relay.port);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await bo.room.joinThroughUi(conferenceId, 'Bo');
  return { host, bo, relay, hostId: String(hostAccount.userId) };
}

test('a receiver capped at 300 kbit/s keeps its video playing at a lower layer, says its network is poor, and goes back up when the cap is gone', async ({
  browser,
  request,
}) => {
  const { host, bo, relay, hostId } = await hostAndBoThroughShaper(browser, request, 'Narrow link');
  await bo.room.expectVideoPlaying(hostId, 'camera', 20_000);
  const page = bo.room.page;
  // The big tile wants the top layer; give the encoder time to send it.
  await expect
    .poll(async () => (await receivedVideo(page)).width, { timeout: 20_000 })
    .toBeGreaterThan(320);
  const open = await playing(page, 2000);
  const network = page.getByTestId('my-network');
  await expect(network).not.toHaveAttribute('data-lowered', 'true');

  relay.setDownlinkKbps(300);
  const cappedAt = Date.now();
  // Moved to the lowest layer (320 px wide of 1280), within seconds.
  await expect
    .poll(async () => (await receivedVideo(page)).width, { timeout: 20_000 })
    .toBeLessThanOrEqual(320);
  await expect(network).toHaveAttribute('data-lowered', 'true');
  await expect(network).toContainText('video lowered');
  // And it plays there: frames keep coming, not a still picture.
  const capped = await playing(page, 4000);
  expect(capped.fps).toBeGreaterThan(5);
  expect(capped.width).toBeLessThan(open.width);
  test.info().annotations.push({
    type: 'capped',
    description: `open ${open.width}px ${open.fps.toFixed(1)} fps; at 300 kbit/s ${capped.width}px ${capped.fps.toFixed(1)} fps, lowered within ${Date.now() - cappedAt - 4000} ms`,
  });

  // The cap is gone: a try one layer up fits, then the next.
  relay.setDownlinkKbps(null);
  const clearedAt = Date.now();
  await expect(network).not.toHaveAttribute('data-lowered', 'true', { timeout: 60_000 });
  await expect
    .poll(async () => (await receivedVideo(page)).width, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(open.width);
  const back = await playing(page, 2000);
  expect(back.fps).toBeGreaterThan(5);
  test.info().annotations.push({
    type: 'cleared',
    description: `back to ${back.width}px ${back.fps.toFixed(1)} fps ${Date.now() - clearedAt - 2000} ms after the cap was lifted`,
  });
  for (const p of [host, bo]) await p.context.close();
});

test('with 2 % of packets lost the audio keeps coming, Opus FEC negotiated both ways', async ({
  browser,
  request,
}) => {
  const { host, bo, relay, hostId } = await hostAndBoThroughShaper(browser, request, 'Lossy link');
  const page = bo.room.page;
  await expect
    .poll(() => bo.room.receivedAudioLevel(hostId), { timeout: 20_000 })
    .toBeGreaterThan(0.005);

  // In-band FEC is on what Bo sends and what Bo receives (SPEC.md: FEC on).
  const codecs = await audioCodecs(page);
  for (const direction of ['send', 'receive'])
    expect(codecs.find((c) => c.direction === direction)).toMatchObject({
      mimeType: 'audio/opus',
      fmtp: expect.stringContaining('useinbandfec=1'),
    });

  relay.setLoss(0.02);
  const before = await receivedAudio(page);
  await page.waitForTimeout(10_000);
  const after = await receivedAudio(page);
  const { down, up } = relay.counts();
  expect(down.dropped + up.dropped).toBeGreaterThan(0);
  const concealedShare =
    (after.concealed - before.concealed) / Math.max(1, after.samples - before.samples);
  // Speech still arrives (the fake microphone speaks throughout) and little of it is guessed.
  expect(after.energy).toBeGreaterThan(before.energy);
  expect(concealedShare).toBeLessThan(0.05);
  test.info().annotations.push({
    type: 'loss',
    description: `2 % loss: ${(concealedShare * 100).toFixed(2)} % of received audio samples concealed`,
  });
  for (const p of [host, bo]) await p.context.close();
});

test('the media path gone for 40 s while signalling stays up heals by ICE restarts: video both ways again, the room never reconnecting', async ({
  browser,
  request,
}) => {
  const { host, bo, relay, hostId } = await hostAndBoThroughShaper(browser, request, 'Media cut');
  const boId = await bo.room.userId();
  await bo.room.expectVideoPlaying(hostId, 'camera', 20_000);
  await host.room.expectVideoPlaying(boId, 'camera', 20_000);
  const states: string[] = [];
  const state = bo.room.connectionState();
  // Only Bo's UDP goes through the relay: its socket (TCP) stays up; its transports do not.
  relay.setDown(true);
  const poll = setInterval(() => {
    void state.getAttribute('data-state').then(
      (s) => s && states.push(s),
      () => undefined,
    );
  }, 500);
  // Past the 30 s after which the browser calls ICE failed: only a restart brings it back.
  await bo.room.page.waitForTimeout(40_000);
  relay.setDown(false);
  const backAt = Date.now();
  await bo.room.expectVideoPlaying(hostId, 'camera', 30_000);
  await host.room.expectVideoPlaying(boId, 'camera', 30_000);
  clearInterval(poll);
  expect(new Set(states)).toEqual(new Set(['connected']));
  test.info().annotations.push({
    type: 'healed',
    description: `${Date.now() - backAt} ms from the path's return to video both ways`,
  });
  for (const p of [host, bo]) await p.context.close();
});
