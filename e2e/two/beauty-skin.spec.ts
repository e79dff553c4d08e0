/**
 * Beauty filters (issue 15), the skin: Ada sets them in the effects dialog's Beautify tab and Bo
 * measures the video he receives. Ada's camera shows a synthetic portrait (support/face-video.ts:
 * a skin-coloured oval with fine texture in front of a blue-grey wall with the same texture):
 * smoothing takes the fine detail out of the skin and leaves the wall's, whitening brightens the
 * skin, and with every rate back at zero the setting is NONE and the camera track itself is sent
 * again. Detail is measured as the skin's against the wall's, since the encoder's quality (which
 * drops as two browsers share two cores) blurs both alike. Slim face and bigger eyes are in
 * beauty-face.spec.ts; beauty beside background blur in beauty-blur.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { REGIONS } from '../support/face-video';
import { sentCamera } from '../support/frames';
import { portraitBrowser } from '../support/portrait';
import {
  adaSeenByBo,
  createMeeting,
  participant,
  recordPeerConnections,
  registeredUser,
} from '../support/room';

type Region = { x0: number; y0: number; x1: number; y1: number };
interface RegionStats {
  /** Mean brightness (0–255). */
  luma: number;
  /** Variance of the Laplacian of brightness: fine detail. */
  detail: number;
}

/** Brightness and fine detail of regions of a member's video, at the size it is decoded. */
function measure(
  page: Page,
  memberId: string,
  regions: Record<string, readonly Region[]>,
): Promise<Record<string, RegionStats> | null> {
  return page.evaluate(
    ({ id, regions }) => {
      const video = document.querySelector<HTMLVideoElement>(
        `[data-member-id="${id}"][data-source="camera"] video`,
      );
      if (!video || video.videoWidth === 0) return null;
      const width = video.videoWidth;
      const height = video.videoHeight;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(video, 0, 0, width, height);
      const { data } = ctx.getImageData(0, 0, width, height);
      const luma = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      };
      const out: Record<string, { luma: number; detail: number }> = {};
      for (const [name, rects] of Object.entries(regions)) {
        let sum = 0;
        let laplacians = 0;
        let squares = 0;
        let n = 0;
        for (const r of rects) {
          for (let y = Math.round(r.y0 * height); y < Math.round(r.y1 * height); y++) {
            for (let x = Math.round(r.x0 * width); x < Math.round(r.x1 * width); x++) {
              const l = luma(x, y);
              const lap = 4 * l - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1);
              sum += l;
              laplacians += lap;
              squares += lap * lap;
              n += 1;
            }
          }
        }
        const mean = laplacians / n;
        out[name] = { luma: sum / n, detail: squares / n - mean * mean };
      }
      return out;
    },
    { id: memberId, regions },
  );
}

/** The regions' statistics over five frames a little apart, averaged. */
async function settled(page: Page, memberId: string, regions = REGIONS) {
  const samples: Record<string, RegionStats>[] = [];
  for (let i = 0; i < 5; i++) {
    const s = await measure(page, memberId, regions);
    if (s) samples.push(s);
    await page.waitForTimeout(150);
  }
  expect(samples.length).toBeGreaterThan(0);
  const result: Record<string, RegionStats> = {};
  for (const name of Object.keys(regions)) {
    const of = (k: keyof RegionStats) =>
      samples.reduce((sum, s) => sum + s[name]![k], 0) / samples.length;
    result[name] = { luma: of('luma'), detail: of('detail') };
  }
  return result as Record<keyof typeof regions, RegionStats>;
}

test('smoothing softens the skin Bo sees and keeps the wall sharp, whitening brightens it, and all rates at zero send the camera unprocessed', async ({
  browser,
  playwright,
  launchOptions,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Beauty');
  const adaBrowser = await portraitBrowser(playwright.chromium, launchOptions);
  const ada = await participant(adaBrowser, adaAccount.token, baseURL);
  await recordPeerConnections(ada.context);
  const bo = await participant(browser);
  const warnings: string[] = [];
  ada.room.page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  ada.room.page.on('pageerror', (e) => warnings.push(e.message));
  const { adaId, page, seen } = await adaSeenByBo(ada, bo, conferenceId, adaAccount.userId);
  // The encoder sharpens a still picture over its first seconds: measure once it has.
  await seen.waitForTimeout(4000);
  const raw = await settled(seen, adaId);
  const camera = (await sentCamera(page))!;
  expect(camera.label).not.toBe('');
  console.log(`raw: ${JSON.stringify(raw)}`);

  await page.getByTestId('effects-button').click();
  await expect(page.getByTestId('beauty-new')).toBeVisible();
  await page.getByTestId('beauty-tab').click();
  await expect(page.getByTestId('beauty-new')).toHaveCount(0);
  await expect(page.getByTestId('beauty-engine')).toContainText('MediaPipe Face Mesh');

  // Smoothing: the skin's fine detail goes, the wall's stays.
  const skinDetail = (s: { cheeks: RegionStats; wall: RegionStats }) =>
    s.cheeks.detail / s.wall.detail;
  await page.getByTestId('beauty-smooth').fill('10');
  await expect
    .poll(async () => skinDetail(await settled(seen, adaId)), {
      timeout: 30_000,
      message: `skin detail against the wall's with smoothing (raw ${skinDetail(raw).toFixed(3)})`,
    })
    .toBeLessThan(skinDetail(raw) * 0.3);
  const smoothed = await settled(seen, adaId);
  console.log(`smoothed: ${JSON.stringify(smoothed)}`);
  // Brightness unchanged: smoothing moves each pixel toward its neighbours' mean.
  expect(Math.abs(smoothed.cheeks.luma - raw.cheeks.luma)).toBeLessThan(3);
  expect(Math.abs(smoothed.wall.luma - raw.wall.luma)).toBeLessThan(3);
  // The same peer connection, a processed track in it: no renegotiation.
  const processed = (await sentCamera(page))!;
  expect(processed.id).not.toBe(camera.id);
  expect(processed.connections).toBe(camera.connections);

  // Whitening instead (turned on first: with both at zero the effect would stop): the skin is
  // brighter, the wall is not.
  await page.getByTestId('beauty-whiten').fill('10');
  await page.getByTestId('beauty-smooth').fill('0');
  await expect
    .poll(async () => (await settled(seen, adaId)).cheeks.luma - raw.cheeks.luma, {
      timeout: 20_000,
      message: 'cheeks brighter with whitening',
    })
    .toBeGreaterThan(12);
  const whitened = await settled(seen, adaId);
  console.log(`whitened: ${JSON.stringify(whitened)}`);
  expect(Math.abs(whitened.wall.luma - raw.wall.luma)).toBeLessThan(5);
  expect((await sentCamera(page))!.id).toBe(processed.id);

  // Every rate back at zero: NONE, remembered, and the camera track itself is sent again.
  await page.getByTestId('beauty-whiten').fill('0');
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('meet.beautifySetting')!)),
  ).toEqual({
    selectedBeautifyType: 'NONE',
    smoothRate: 0,
    whitenRate: 0,
    slimRate: 0,
    biggerRate: 0,
  });
  await expect.poll(async () => (await sentCamera(page))?.id).toBe(camera.id);
  let last = raw;
  await expect
    .poll(
      async () => {
        last = await settled(seen, adaId);
        return (
          Math.abs(last.cheeks.luma - raw.cheeks.luma) < 3 &&
          skinDetail(last) > skinDetail(raw) * 0.7
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`not the raw camera again: ${JSON.stringify(last)}`, { cause: error });
    });
  expect(warnings.filter((w) => w.includes('effect failed'))).toEqual([]);

  await ada.context.close();
  await adaBrowser.close();
  await bo.context.close();
});
