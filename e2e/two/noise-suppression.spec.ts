/**
 * Noise suppression (issue 31): behind the switch runs RNNoise in an AudioWorklet (the real wasm,
 * served from our origin) where the browser has AudioWorklet, else the browser's own
 * `noiseSuppression` constraint. With RNNoise, what Ada sends is the worklet's output track (not
 * the microphone's), the worklet counts the 10 ms frames it denoises (`window.__meetNoise`), and
 * Bo hears her; muting stops it and releases the microphone, unmuting brings it back, the switch
 * turns it off (the microphone is sent as it is) and the choice is remembered. A browser without
 * AudioWorklet gets the constraint, as before.
 */
import { expect, test, type Page } from '@playwright/test';
import { createMeeting, participant, recordPeerConnections, registeredUser } from '../support/room';

/** The microphone track Ada's page sends: whose it is, its processing, the bytes sent so far. */
function sentMic(page: Page) {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    for (const pc of all) {
      for (const sender of pc.getSenders()) {
        const track = sender.track;
        if (track?.kind !== 'audio' || track.readyState !== 'live') continue;
        let bytes = 0;
        (await sender.getStats()).forEach((r: { type: string; bytesSent?: number }) => {
          if (r.type === 'outbound-rtp') bytes += r.bytesSent ?? 0;
        });
        const settings = track.getSettings();
        return {
          id: track.id,
          label: track.label,
          // A Web Audio destination's track (Chromium names its device WebAudio-…), or the mic's.
          webAudio: (settings.deviceId ?? '').startsWith('WebAudio-'),
          noiseSuppression: settings.noiseSuppression ?? null,
          bytes,
        };
      }
    }
    return null;
  });
}

/** RNNoise's own report in the page: running, frames denoised so far, levels in and out. */
function worklet(page: Page) {
  return page.evaluate(() => {
    const s = (
      window as unknown as {
        __meetNoise?: { running: boolean; frames: number; input: number; output: number };
      }
    ).__meetNoise;
    return s ? { ...s } : null;
  });
}

/** Audio energy Bo's page has received so far (inbound-rtp totalAudioEnergy). */
function receivedEnergy(page: Page) {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    let energy = 0;
    for (const pc of all) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach(
        (s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') energy += s.totalAudioEnergy ?? 0;
        },
      );
    }
    return energy;
  });
}

/** RNNoise denoises the microphone: frames go on, with sound coming in and going out. */
async function framesGrow(page: Page) {
  const before = (await worklet(page))?.frames ?? 0;
  await expect
    .poll(async () => (await worklet(page))?.frames ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(before + 100);
  for (const level of ['input', 'output'] as const)
    await expect
      .poll(async () => (await worklet(page))?.[level] ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(0.001);
}

async function boHears(bo: Page) {
  const before = await receivedEnergy(bo);
  await expect.poll(() => receivedEnergy(bo), { timeout: 15_000 }).toBeGreaterThan(before + 0.01);
}

test('RNNoise runs behind the switch: the worklet output is sent and heard; mute, unmute, off and on', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Quiet room');
  const ada = await participant(browser, adaAccount.token);
  const bo = await participant(browser);
  await recordPeerConnections(ada.context);
  await recordPeerConnections(bo.context);
  const page = ada.room.page;

  // Before joining: another microphone keeps the filter (RNNoise starts anew on it).
  await page.goto('/join');
  await page.locator('input[name="conferenceId"]').fill(conferenceId);
  await page.locator('input[name="userConferenceName"]').fill('Ada');
  await page.locator('input[name="userConferenceName"]').press('Enter');
  await framesGrow(page);
  const picker = page.getByTestId('prejoin-audio-input');
  const options = await picker
    .locator('option')
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  if (options.length > 1) {
    await picker.selectOption(options[options.length - 1]!);
    await expect.poll(async () => (await worklet(page))?.frames ?? 1e9).toBeLessThan(100);
    await framesGrow(page);
  }
  await ada.room.joinFromPrejoin();
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });

  // What is sent is the worklet's track, not the microphone's, and RNNoise keeps denoising.
  await expect.poll(async () => (await sentMic(page))?.webAudio).toBe(true);
  await framesGrow(page);
  await boHears(bo.room.page);
  const sent = (await sentMic(page))!;

  await page.getByTestId('effects-button').click();
  await page.getByTestId('effects-tab-sound').click();
  const engine = page.getByTestId('noise-engine');
  await expect(engine).toHaveAttribute('data-engine', 'rnnoise');
  await expect(engine).toContainText('RNNoise (in your browser)');
  const toggle = page.getByTestId('noise-suppression');
  await expect(toggle).toBeChecked();
  await page.keyboard.press('Escape');

  // Muted: RNNoise stops and the microphone is released; unmuted, it runs again.
  await page.getByTestId('toggle-mic').click();
  await expect(page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await worklet(page))?.running).toBe(false);
  await page.waitForTimeout(600); // past the toggle's debounce
  await page.getByTestId('toggle-mic').click();
  await expect(page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await worklet(page))?.running).toBe(true);
  await framesGrow(page);
  await expect.poll(async () => (await sentMic(page))?.id ?? sent.id).not.toBe(sent.id);
  expect((await sentMic(page))!.webAudio).toBe(true);
  await boHears(bo.room.page);

  // Off: the microphone itself is sent, without the browser's processing either.
  await page.getByTestId('effects-button').click();
  await page.getByTestId('effects-tab-sound').click();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect.poll(async () => (await sentMic(page))?.webAudio).toBe(false);
  expect((await sentMic(page))!.noiseSuppression).toBe(false);
  expect((await worklet(page))!.running).toBe(false);
  const before = (await sentMic(page))!.bytes;
  await expect.poll(async () => (await sentMic(page))!.bytes).toBeGreaterThan(before + 1000);
  await boHears(bo.room.page);

  // The next visit starts without it; on again, RNNoise is back.
  await page.reload();
  await ada.room.backAfterReload(conferenceId);
  await expect.poll(async () => (await sentMic(page))?.webAudio).toBe(false);
  expect(await worklet(page)).toBeNull();
  await page.getByTestId('effects-button').click();
  await page.getByTestId('effects-tab-sound').click();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(async () => (await sentMic(page))?.webAudio).toBe(true);
  await framesGrow(page);
  await boHears(bo.room.page);

  for (const p of [ada, bo]) await p.context.close();
});

test('without AudioWorklet the switch is the browser noise suppression, as before', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Older browser');
  const ada = await participant(browser, adaAccount.token);
  await recordPeerConnections(ada.context);
  await ada.context.addInitScript(() => {
    delete (window as { AudioWorkletNode?: unknown }).AudioWorkletNode;
  });
  await ada.room.joinThroughUi(conferenceId, 'Ada');
  const page = ada.room.page;

  await expect.poll(async () => (await sentMic(page))?.noiseSuppression).toBe(true);
  expect((await sentMic(page))!.webAudio).toBe(false);
  await page.getByTestId('effects-button').click();
  await page.getByTestId('effects-tab-sound').click();
  const engine = page.getByTestId('noise-engine');
  await expect(engine).toHaveAttribute('data-engine', 'browser');
  await expect(engine).toContainText('Browser noise suppression');
  await page.getByTestId('noise-suppression').click();
  await expect.poll(async () => (await sentMic(page))?.noiseSuppression).toBe(false);
  expect(await worklet(page)).toBeNull();

  await ada.context.close();
});
