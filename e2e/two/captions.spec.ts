/**
 * Live captions with the real engines of this machine: a speaker whose fake microphone plays
 * LibriVox recordings from Debian's pocketsphinx-testdata, and a reader who turns captions on,
 * sees them arrive from the speaker and end up in the transcript, then listens to the speaker
 * interpreted into Spanish (synthesised speech, measured as it is played), until the host turns
 * captions off for everyone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { callApi } from '../support/api';
import {
  createMeeting,
  participant,
  registeredUser,
  RoomPage,
  signInWithToken,
} from '../support/room';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CLIPS = ['0870', '0880', '0890', '0920', '0930'].map(
  (n) => `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${n}.wav`,
);

/** The five clips with a second of silence between them, as one file for the fake microphone. */
function speechFile(): string {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'meet-librivox-')), 'speech.wav');
  const inputs = CLIPS.flatMap((clip) => ['-i', clip]);
  const silence = CLIPS.map((_, i) => `[${i}:a]apad=pad_dur=1[a${i}]`).join(';');
  const joined = CLIPS.map((_, i) => `[a${i}]`).join('');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    `${silence};${joined}concat=n=${CLIPS.length}:v=0:a=1[out]`,
    '-map',
    '[out]',
    '-ac',
    '1',
    '-ar',
    '16000',
    out,
  ]);
  return out;
}

const REFERENCE = new Set(
  [
    'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them',
    'he was not an ill disposed young man',
    'unless to be rather cold hearted and rather selfish is to be ill disposed',
    'had he married a more a amiable woman he might have been made still more respectable than he was',
    'he might even have been made amiable himself',
  ]
    .join(' ')
    .split(' '),
);

test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);

let speakerBrowser: Browser;
test.beforeAll(async () => {
  // npm test installs pocketsphinx-testdata; without it this test must fail, not be skipped.
  expect(existsSync(CLIPS[0]!), 'pocketsphinx-testdata is not installed').toBe(true);
  speakerBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      `--use-file-for-fake-audio-capture=${speechFile()}`,
    ],
  });
});
test.afterAll(async () => {
  await speakerBrowser?.close();
});

test('a reader turns captions on and sees the speaker’s words, which end up in the transcript; interpreted Spanish is played to a listener; the host turns captions off for everyone', async ({
  browser,
  request,
  baseURL,
}) => {
  const host = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, host.token, 'Reading club');
  const speakerContext = await speakerBrowser.newContext({
    baseURL,
    permissions: ['camera', 'microphone'],
  });
  await signInWithToken(speakerContext, host.token);
  const speaker = new RoomPage(await speakerContext.newPage());
  const reader = await participant(browser);
  // What the reader's page plays through Web Audio, measured as it is handed to the speakers.
  await reader.context.addInitScript(() => {
    const played: number[] = [];
    (window as unknown as { __played: number[] }).__played = played;
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      const data = this.buffer?.getChannelData(0);
      if (data?.length) {
        let sum = 0;
        for (const v of data) sum += v * v;
        played.push(Math.sqrt(sum / data.length));
      }
      return start.apply(this, args);
    };
  });
  await speaker.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await reader.room.joinThroughUi(conferenceId, 'Bo', { camera: false, mic: false });
  const speakerId = String(host.userId);
  const page = reader.room.page;

  // Captions on: the speaker's words arrive, first while they speak, then final.
  const toggle = page.getByTestId('captions-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const fromSpeaker = page.locator(`[data-testid="caption-line"][data-member-id="${speakerId}"]`);
  await expect(fromSpeaker.first()).toBeVisible({ timeout: 30_000 });
  await expect(fromSpeaker.and(page.locator('[data-final="true"]')).first()).toBeVisible({
    timeout: 30_000,
  });

  // The final lines are the meeting transcript, with the speaker's real words in them.
  const uri = (
    await callApi<{ conferenceUri: string }>(request, 'conference/conferenceInfo', {
      conferenceId,
    })
  ).payload.conferenceUri;
  await expect
    .poll(
      async () => {
        const res = await callApi<{ list: { speakerId: number; text: string }[] }>(
          request,
          'audio/getTranscript',
          { conferenceUri: uri },
          host.token,
        );
        const words = res.payload.list
          .filter((l) => l.speakerId === host.userId)
          .flatMap((l) => l.text.split(/\s+/));
        return words.filter((w) => REFERENCE.has(w)).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(8);

  // Interpretation: the host lets participants use AI translation and interprets their own
  // English into Spanish; the reader listens in Spanish and hears synthesised speech.
  await speaker.openPanel('controls');
  await speaker.page.getByTestId('allow-translation').check();
  await speaker.page.getByTestId('interpret-toggle').click();
  await speaker.page.getByTestId('interpret-source').selectOption('en');
  await speaker.page.getByTestId('interpret-target').selectOption('es');
  await speaker.page.getByTestId('interpret-start').click();
  await expect(speaker.page.getByTestId('interpret-status')).toBeVisible();
  await page.getByTestId('interpret-toggle').click();
  await page.getByTestId('interpret-listen').selectOption('es');
  await expect
    .poll(
      () =>
        page.evaluate(() => Math.max(0, ...(window as unknown as { __played: number[] }).__played)),
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0.02);

  // The host turns captions off for everyone: the reader's switch is held and no line comes.
  await speaker.page.getByTestId('captions-for-all').uncheck();
  await expect(toggle).toHaveAttribute('aria-disabled', 'true');
  await expect(fromSpeaker).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(6000);
  await expect(fromSpeaker).toHaveCount(0);

  await speakerContext.close();
  await reader.context.close();
});
