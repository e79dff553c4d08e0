/**
 * Cloud recording end to end (issue 11): a Pro host and a member talk (espeak-ng speech as
 * their fake microphones) and the member shares a screen while the host records in speaker
 * layout; after processing, the MP4 plays on the recording's page, and the file itself is
 * checked: 1280x720 H.264 + AAC of the recorded length, audio that is not silence, and the
 * sharer's screen in the main window during the share, and the parts before and after a
 * media-server crash in the middle of the recording.
 *
 * The member's "screen" is a page-made picture of one colour (what a shared slide would be), so
 * a frame of the composition can be checked pixel by pixel.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { paidThroughApi } from '../support/billing';
import { createMeeting, participant, registeredUser } from '../support/room';
import { janusPid } from '../support/operator';

test.setTimeout(240_000);

/** getDisplayMedia gives a 1280x720 magenta picture with a moving bar (so frames keep coming). */
function magentaScreen() {
  navigator.mediaDevices.getDisplayMedia = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const g = canvas.getContext('2d')!;
    let x = 0;
    const draw = () => {
      g.fillStyle = '#ff00ff';
      g.fillRect(0, 0, 1280, 720);
      g.fillStyle = '#ffffff';
      g.fillRect(x, 680, 80, 40);
      x = (x + 16) % 1200;
    };
    draw();
    setInterval(draw, 100);
    return canvas.captureStream(10);
  };
}

const ffprobe = (file: string) =>
  JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,width,height:format=duration',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration: string };
  };

type Pixel = (r: number, g: number, b: number) => boolean;
const MAGENTA: Pixel = (r, g, b) => r > 200 && g < 80 && b > 200;
/** Chromium's fake camera: a green picture. */
const CAMERA_GREEN: Pixel = (r, g, b) => g > 100 && r < 100 && b < 100;

/** The share of pixels of a colour in the middle of the speaker layout's main window at `second`. */
function shareInMainWindow(file: string, second: number, colour: Pixel): number {
  // The main window is the left 1024x576 of the picture (centred vertically); its middle part
  // is away from the name label.
  const raw = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(second),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'crop=600:300:212:162',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]);
  let matching = 0;
  for (let i = 0; i + 2 < raw.length; i += 3) {
    if (colour(raw[i]!, raw[i + 1]!, raw[i + 2]!)) matching++;
  }
  return matching / (raw.length / 3);
}

test('a Pro host records a meeting with speech, a screen share and a media-server crash; the MP4 plays on its page and shows the share in the main window and the cameras after the crash', async ({
  browser,
  request,
  baseURL,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  await paidThroughApi(request, baseURL!, hostAccount.token);
  const memberAccount = await registeredUser(request, 'Bo');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Release review');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser, memberAccount.token);
  await bo.context.addInitScript(magentaScreen);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await bo.room.joinThroughUi(conferenceId, 'Bo');

  const { page } = host.room;
  await page.getByTestId('record-button').click();
  const popover = page.getByTestId('record-popover');
  await popover.getByTestId('record-type-video').check();
  await popover.getByTestId('record-layout-speech').check();
  await popover.getByTestId('record-start').click();
  const started = Date.now();
  await expect(bo.room.page.getByTestId('recording-indicator')).toBeVisible();
  await expect(bo.room.page.getByTestId('recording-elapsed')).toHaveText(/0:0[1-9]/, {
    timeout: 5000,
  });

  // Talking (the fake microphones), then the member shares a screen for about eight seconds.
  await page.waitForTimeout(6000);
  const shareFrom = (Date.now() - started) / 1000;
  await bo.room.page.getByTestId('share-screen').click();
  await expect(page.locator('[data-main-window] [data-source="screen"]')).toHaveCount(1);
  await page.waitForTimeout(8000);
  await bo.room.page.getByTestId('share-screen').click();
  const shareTo = (Date.now() - started) / 1000;
  await page.waitForTimeout(3000);

  // The media server dies: everyone republishes, and the recording goes on with new pieces.
  process.kill(await janusPid(request), 'SIGKILL');
  const crashAt = (Date.now() - started) / 1000;
  await page.waitForTimeout(400);
  await host.room.expectVideoPlaying(await bo.room.userId(), 'camera', 15_000);
  await page.waitForTimeout(5000);
  await page.getByTestId('record-button').click();
  await page.getByTestId('record-stop').click();
  const recorded = (Date.now() - started) / 1000;
  await expect(bo.room.page.getByTestId('recording-indicator')).toHaveCount(0);

  // The owner finds it on Home → Recordings, processing with its progress, then ready.
  await page.goto('/home/recording');
  const item = page.getByTestId('record-item').first();
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-status', 'ready', { timeout: 150_000 });
  await item.getByTestId('record-open').click();
  await expect(page).toHaveURL(/\/rec\//);
  const player = page.getByTestId('record-player');
  await expect(player).toHaveAttribute('data-kind', 'video');
  await player.evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(1);

  // The file itself, downloaded as the owner.
  const list = await request.post('/api/record/getMyRecords', {
    headers: { authorization: `Bearer ${hostAccount.token}` },
  });
  const listed = await list.json();
  expect(listed, JSON.stringify(listed)).toMatchObject({ code: 0 });
  const [recording] = listed.payload.list as { videoUrl: string; duration: number }[];
  const video = await request.get(recording!.videoUrl, {
    headers: { authorization: `Bearer ${hostAccount.token}` },
  });
  expect(video.status()).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'meet-recording-')), 'meeting.mp4');
  writeFileSync(file, await video.body());
  const probe = ffprobe(file);
  const picture = probe.streams.find((s) => s.codec_type === 'video');
  expect(picture).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
  expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  expect(Math.abs(Number(probe.format.duration) - recorded)).toBeLessThanOrEqual(2);
  expect(Math.abs(recording!.duration - recorded)).toBeLessThanOrEqual(2);

  const detect = execFileSync('sh', [
    '-c',
    `ffmpeg -hide_banner -i '${file}' -af volumedetect -vn -f null - 2>&1 | grep mean_volume`,
  ]).toString();
  const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(detect)?.[1]);
  expect(mean).toBeGreaterThan(-50);

  // Every second of the share (after the first two, as the picture takes a moment to arrive;
  // the test's clock and the recording's differ by a little) shows the screen in the main window.
  const during: number[] = [];
  for (let at = shareFrom + 2; at <= shareTo - 0.5; at += 1) {
    during.push(shareInMainWindow(file, at, MAGENTA));
  }
  expect(during.filter((share) => share > 0.8).length, during.join(' ')).toBeGreaterThanOrEqual(
    Math.ceil(during.length * 0.6),
  );
  const middle = (shareFrom + shareTo) / 2;
  // A camera in the main window before the share, and after the media server came back.
  const before = Math.max(1, shareFrom - 3);
  expect(shareInMainWindow(file, before, MAGENTA)).toBeLessThan(0.2);
  expect(shareInMainWindow(file, before, CAMERA_GREEN)).toBeGreaterThan(0.5);
  expect(crashAt).toBeLessThan(recorded - 4);
  expect(shareInMainWindow(file, recorded - 1.5, CAMERA_GREEN)).toBeGreaterThan(0.5);
  if (process.env.SHOTS_DIR) {
    writeFileSync(
      path.join(process.env.SHOTS_DIR, 'recording-share-frame.png'),
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-ss',
        String(middle),
        '-i',
        file,
        '-frames:v',
        '1',
        '-f',
        'image2',
        '-c:v',
        'png',
        '-',
      ]),
    );
  }

  for (const p of [host, bo]) await p.context.close();
});
