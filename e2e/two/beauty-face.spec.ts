/**
 * Beauty filters (issue 15), the face's shape: Ada's camera shows a synthetic portrait
 * (support/face-video.ts), which Face Mesh takes for a face; slim face narrows its cheeks and
 * bigger eyes enlarges its eyes as Bo sees them. The warp's geometry on given landmarks is
 * unit-tested (apps/web/src/room-client/effects/beauty-warp.test.ts); with no face in view, see
 * beauty-blur.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { effectStats } from '../support/frames';
import { portraitBrowser } from '../support/portrait';
import { adaSeenByBo, createMeeting, participant, registeredUser } from '../support/room';

/** The face's width across the cheeks and the eyes' white area, in Bo's decoded frame. */
function faceShape(page: Page, memberId: string) {
  return page.evaluate((id) => {
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
    const at = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    };
    // Skin: red over green over blue by clear margins (the wall is blue-grey, the hair dark).
    const skin = ([r, g, b]: readonly number[]) => r! > 150 && r! - b! > 45 && g! > b!;
    let cheeks = 0;
    const rows = [0.58, 0.6, 0.62, 0.64];
    for (const f of rows) {
      const y = Math.round(f * height);
      for (let x = 0; x < width; x++) if (skin(at(x, y))) cheeks += 1;
    }
    let whites = 0;
    for (let y = Math.round(0.4 * height); y < Math.round(0.54 * height); y++)
      for (let x = Math.round(0.38 * width); x < Math.round(0.62 * width); x++) {
        const [r, g, b] = at(x, y);
        if (r > 200 && g > 200 && b > 190) whites += 1;
      }
    return { cheeks: cheeks / rows.length / width, whites: whites / (width * height) };
  }, memberId);
}

async function settledShape(page: Page, memberId: string) {
  const samples: { cheeks: number; whites: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const s = await faceShape(page, memberId);
    if (s) samples.push(s);
    await page.waitForTimeout(150);
  }
  expect(samples.length).toBeGreaterThan(0);
  return {
    cheeks: samples.reduce((sum, s) => sum + s.cheeks, 0) / samples.length,
    whites: samples.reduce((sum, s) => sum + s.whites, 0) / samples.length,
  };
}

test('with a face in view, slim face narrows the cheeks and bigger eyes enlarges the eyes Bo sees', async ({
  browser,
  playwright,
  launchOptions,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Beauty face');
  const adaBrowser = await portraitBrowser(playwright.chromium, launchOptions);
  const ada = await participant(adaBrowser, adaAccount.token, baseURL);
  const bo = await participant(browser);
  const { adaId, page, seen } = await adaSeenByBo(ada, bo, conferenceId, adaAccount.userId);
  const raw = await settledShape(seen, adaId);
  console.log(`face raw: ${JSON.stringify(raw)}`);
  expect(raw.cheeks).toBeGreaterThan(0.15);
  expect(raw.whites).toBeGreaterThan(0.001);

  await page.getByTestId('effects-button').click();
  await page.getByTestId('beauty-tab').click();
  await page.getByTestId('beauty-slim').fill('10');
  await expect.poll(async () => (await effectStats(page))?.face, { timeout: 30_000 }).toBe('found');
  await expect
    .poll(async () => (await settledShape(seen, adaId)).cheeks / raw.cheeks, {
      timeout: 20_000,
      message: 'narrower cheeks with slim face',
    })
    .toBeLessThan(0.96);
  const slim = await settledShape(seen, adaId);
  console.log(`face slim: ${JSON.stringify(slim)}`);
  // The eyes are outside the cheeks' pull.
  expect(slim.whites / raw.whites).toBeGreaterThan(0.85);

  await page.getByTestId('beauty-slim').fill('0');
  await page.getByTestId('beauty-bigger').fill('10');
  await expect
    .poll(async () => (await settledShape(seen, adaId)).whites / raw.whites, {
      timeout: 20_000,
      message: 'larger eye whites with bigger eyes',
    })
    .toBeGreaterThan(1.2);
  const bigger = await settledShape(seen, adaId);
  console.log(`face bigger: ${JSON.stringify(bigger)}`);
  expect(bigger.cheeks / raw.cheeks).toBeGreaterThan(0.97);

  await ada.context.close();
  await adaBrowser.close();
  await bo.context.close();
});
