/**
 * Picture-in-picture sharing (issue 15): Ada shares an image, then an MP4, from the toolbar; Bo
 * receives them as a shared screen with Ada's camera over the bottom right corner, the video with
 * its sound, and sees it stop moving while Ada pauses it. Wrong files are refused with a text.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

/** Mean colour of a region (fractions of the frame) of a member's shared screen, as decoded. */
function region(page: Page, memberId: string, box: [number, number, number, number]) {
  return page.evaluate(
    ({ id, box }) => {
      const video = document.querySelector<HTMLVideoElement>(
        `[data-member-id="${id}"][data-source="screen"] video`,
      );
      if (!video || video.videoWidth === 0) return null;
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(video, 0, 0, 320, 180);
      const [x, y, w, h] = [box[0] * 320, box[1] * 180, box[2] * 320, box[3] * 180];
      const { data } = ctx.getImageData(x, y, w, h);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let i = 0; i < data.length; i += 4) {
        r += data[i]!;
        g += data[i + 1]!;
        b += data[i + 2]!;
      }
      const n = data.length / 4;
      return { r: r / n, g: g / n, b: b / n, sum: (r + g * 3 + b * 7) / n };
    },
    { id: memberId, box },
  );
}

test('an image and a video shared as a screen with the camera over the corner; the video plays with sound and pauses for everyone; wrong files are refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Show and tell');
  const ada = await participant(browser, adaAccount.token);
  const bo = await participant(browser);
  await ada.room.joinThroughUi(conferenceId, 'Ada');
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const adaId = String(adaAccount.userId);
  const page = ada.room.page;
  const input = page.getByTestId('share-file-input');

  // Refused: a GIF, and a PNG over 10 MB.
  await input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.alloc(100) });
  await expect(page.getByText('Only JPG, PNG or MP4 files can be shared.')).toBeVisible();
  await input.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('The file is larger than 10 MB and cannot be shared.')).toBeVisible();

  // A red picture: Bo sees red, with Ada's (green) camera in the bottom right corner.
  const red = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#d00000';
    ctx.fillRect(0, 0, 1280, 720);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await input.setInputFiles({
    name: 'slide.png',
    mimeType: 'image/png',
    buffer: Buffer.from(red, 'base64'),
  });
  await expect(page.getByTestId('file-share-bar')).toBeVisible();
  await bo.room.expectVideoPlaying(adaId, 'screen', 20_000);
  await expect
    .poll(async () => (await region(bo.room.page, adaId, [0.1, 0.1, 0.4, 0.4]))?.r ?? 0)
    .toBeGreaterThan(150);
  const middle = (await region(bo.room.page, adaId, [0.1, 0.1, 0.4, 0.4]))!;
  expect(middle.g).toBeLessThan(60);
  await expect
    .poll(async () => (await region(bo.room.page, adaId, [0.82, 0.8, 0.14, 0.14]))?.g ?? 0)
    .toBeGreaterThan(90);

  // An MP4 with sound: it moves, Bo gets its audio, and Ada's pause stops it for Bo.
  const dir = mkdtempSync(path.join(tmpdir(), 'meet-share-'));
  const mp4 = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25:duration=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=30',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    mp4,
  ]);
  await input.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(mp4) });
  await expect(page.getByTestId('file-share-pause')).toBeVisible();
  await bo.room.expectVideoPlaying(adaId, 'screen', 20_000);
  const sample = () => region(bo.room.page, adaId, [0.2, 0.2, 0.5, 0.5]).then((s) => s?.sum ?? 0);
  const changes = async () => {
    const values: number[] = [];
    for (let i = 0; i < 6; i++) {
      values.push(await sample());
      await bo.room.page.waitForTimeout(250);
    }
    return Math.max(...values) - Math.min(...values);
  };
  await expect.poll(changes, { timeout: 15_000 }).toBeGreaterThan(1);
  await expect
    .poll(() =>
      bo.room.page.evaluate((id) => {
        const audio = document.querySelector<HTMLAudioElement>(
          `audio[data-peer-audio="${id}"][data-audio-source="screen"]`,
        );
        const track = (audio?.srcObject as MediaStream | null)?.getAudioTracks()[0];
        return track?.readyState === 'live' && !track.muted;
      }, adaId),
    )
    .toBe(true);
  await page.getByTestId('file-share-pause').click();
  await expect(page.getByTestId('file-share-pause')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(changes, { timeout: 15_000 }).toBeLessThan(0.5);
  await page.getByTestId('file-share-pause').click();
  await expect.poll(changes, { timeout: 15_000 }).toBeGreaterThan(1);

  await page.getByTestId('file-share-stop').click();
  await expect(page.getByTestId('file-share-bar')).toHaveCount(0);
  await expect(bo.room.tile(adaId, 'screen')).toHaveCount(0, { timeout: 15_000 });

  for (const p of [ada, bo]) await p.context.close();
});
