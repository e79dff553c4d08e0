/**
 * Magic Cam in a meeting (issue 15) with the embedded default engine (in-browser WebGL styles):
 * Ada styles her camera from a prompt in the effects dialog and Bo, who receives her video, sees
 * it change, then her camera again after Stop. Every look (and a second one, a tint, both scopes)
 * renders when the prompt changes mid-session. A prompt the engine has no look for is refused in
 * words and costs nothing. The looks run in the browser, so they cost no AI credits (issue 31):
 * the tab says so, and with the server's clock moved past what 60 credits would pay for at a
 * server engine's price, Magic Cam still runs and the balance is whole. The fake camera is a
 * flat green frame with a bright shape and a counter: a comic look shows as black ink lines and
 * flatter, brighter greens.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  createMeeting,
  participant,
  registeredUser,
  RoomPage,
  signInWithToken,
} from '../support/room';
import { moveServerClock, resetServerClock } from '../support/billing';

interface Picture {
  /** Share of near-black pixels (comic ink). */
  ink: number;
  /** Mean green of the picture. */
  green: number;
}

/** Ada's picture as Bo's page decodes it, at its full decoded size, averaged over 5 frames. */
async function picture(page: Page, memberId: string): Promise<Picture> {
  const samples: Picture[] = [];
  for (let i = 0; i < 5; i++) {
    const sample = await page.evaluate((id) => {
      const video = document.querySelector<HTMLVideoElement>(
        `[data-member-id="${id}"][data-source="camera"] video`,
      );
      if (!video || video.videoWidth === 0) return null;
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(video, 0, 0);
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      let green = 0;
      for (let p = 0; p < data.length; p += 4) {
        const luma = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
        if (luma < 45) ink += 1;
        green += data[p + 1]!;
      }
      const n = data.length / 4;
      return { ink: ink / n, green: green / n };
    }, memberId);
    if (sample) samples.push(sample);
    await page.waitForTimeout(150);
  }
  expect(samples.length).toBeGreaterThan(0);
  const mean = (k: keyof Picture) => samples.reduce((sum, s) => sum + s[k], 0) / samples.length;
  return { ink: mean('ink'), green: mean('green') };
}

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/energyPoint/getMyEnergyPointInfo', {
    headers: { authorization: `Bearer ${token}` },
  });
  const payload = (await res.json()).payload as { totalEnergyPoint: number };
  return payload.totalEnergyPoint;
}

/** Ada in the meeting with her camera, Bo without his, and Bo receiving Ada's video. */
async function meeting(browser: Browser, request: APIRequestContext, topic: string) {
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, topic);
  const ada = await participant(browser, adaAccount.token);
  const bo = await participant(browser);
  await ada.room.joinThroughUi(conferenceId, 'Ada');
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const adaId = String(adaAccount.userId);
  await bo.room.expectVideoPlaying(adaId);
  return { adaAccount, ada, bo, adaId, conferenceId };
}

async function openMagicTab(page: Page) {
  await page.getByTestId('effects-button').click();
  await expect(page.getByTestId('effects-dialog')).toBeVisible();
  await page.getByTestId('magic-tab').click();
  await expect(page.getByTestId('magic-panel')).toBeVisible();
}

test('a comic prompt styles what the other member receives, uses no AI credits, and Stop brings the camera back', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { adaAccount, ada, bo, adaId } = await meeting(browser, request, 'Magic');
  const page = ada.room.page;
  const failures: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') failures.push(m.text());
  });
  const raw = await picture(bo.room.page, adaId);
  expect(raw.ink).toBeLessThan(0.002);

  await openMagicTab(page);
  await expect(page.getByTestId('magic-status')).toHaveText('Off');
  // No price is guessed before the session names its engine.
  await expect(page.getByTestId('magic-credits')).not.toContainText('a minute');
  await page.getByTestId('magic-prompt').fill('comic book');
  await page.getByTestId('magic-start').click();
  await expect(page.getByTestId('magic-status')).toHaveText('On', { timeout: 30_000 });
  // AI honesty: the engine that runs is named, and it runs in the browser: no credits used.
  await expect(page.getByTestId('magic-engine')).toHaveText(
    'In-browser WebGL styles — no AI model',
  );
  await expect(page.getByTestId('magic-credits')).toContainText(
    'Runs in your browser — no AI credits used',
  );
  await expect(page.getByTestId('magic-balance')).toHaveText('AI credits left: 60');
  expect(await balanceOf(request, adaAccount.token)).toBe(60);

  // Bo sees ink lines around the shape and the counter, and the posterized greens.
  await expect
    .poll(async () => (await picture(bo.room.page, adaId)).ink, {
      timeout: 30_000,
      message: `ink with the comic look (raw ${raw.ink.toFixed(4)}); page said: ${failures.join(' | ')}`,
    })
    .toBeGreaterThan(raw.ink + 0.004);
  const styled = await picture(bo.room.page, adaId);
  expect(styled.green).toBeGreaterThan(raw.green + 10);
  await bo.room.expectVideoPlaying(adaId);
  await page.getByTestId('effects-dialog').screenshot({ path: '/tmp/engine-magic-en.png' });

  await page.getByTestId('magic-stop').click();
  await expect(page.getByTestId('magic-status')).toHaveText('Off');
  await expect
    .poll(async () => (await picture(bo.room.page, adaId)).ink, { timeout: 20_000 })
    .toBeLessThan(0.002);
  expect(Math.abs((await picture(bo.room.page, adaId)).green - raw.green)).toBeLessThan(6);
  await bo.room.expectVideoPlaying(adaId);
  expect(failures.filter((f) => f.includes('effect failed'))).toEqual([]);

  for (const p of [ada, bo]) await p.context.close();
});

test('every look of the in-browser engine, a second look over it, a tint and both scopes render mid-session', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, account.token, 'Magic looks');
  const ada = await participant(browser, account.token);
  await ada.room.joinThroughUi(conferenceId, 'Ada');
  const page = ada.room.page;
  const failures: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') failures.push(m.text());
  });
  const frames = () =>
    page.evaluate(
      () => (window as unknown as { __meetEffectStats?: { frames: number } }).__meetEffectStats,
    );
  await openMagicTab(page);
  for (const prompt of [
    'watercolor',
    'comic',
    'pencil sketch',
    'oil painting',
    'neon',
    'pixel',
    'vintage',
    'noir',
    'pop art',
    'thermal',
    'neon pixel',
    'blue comic',
    'comic background only',
    'gold comic, only me',
  ]) {
    await page.getByTestId('magic-prompt').fill(prompt);
    await page.getByTestId('magic-start').click();
    await expect(page.getByTestId('magic-status')).toHaveText('On', { timeout: 30_000 });
    const before = (await frames())?.frames ?? 0;
    // The new look's shaders (and for a scope the segmentation model) are ready and drawing.
    await expect
      .poll(async () => ((await frames())?.frames ?? 0) - before, {
        timeout: 30_000,
        message: prompt,
      })
      .toBeGreaterThan(3);
    await expect(page.getByTestId('magic-status')).toHaveText('On');
  }
  expect(failures.filter((f) => f.includes('effect failed'))).toEqual([]);
  await ada.context.close();
});

test('in Chinese, a prompt with no look word is refused in words and charges nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, account.token, 'Magic zh');
  const context = await browser.newContext({
    locale: 'zh-CN',
    permissions: ['camera', 'microphone'],
  });
  await signInWithToken(context, account.token);
  const room = new RoomPage(await context.newPage());
  const { page } = room;
  await page.goto('/join');
  await page.locator('input[name="conferenceId"]').fill(conferenceId);
  await page.locator('input[name="userConferenceName"]').fill('Ada');
  await page.locator('input[name="userConferenceName"]').press('Enter');
  await page.waitForURL(`**/meeting/${conferenceId}`);
  await page.getByTestId('join-now').click();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  const before = await balanceOf(request, account.token);

  await openMagicTab(page);
  await expect(page.getByTestId('magic-tab')).toHaveText('魔法相机');
  await expect(page.getByTestId('magic-status')).toHaveText('已关闭');
  await page.getByTestId('magic-prompt').fill('一只在太空里的猫');
  await page.getByTestId('magic-start').click();
  await expect(page.getByTestId('magic-message')).toHaveText(
    /浏览器内的风格引擎没有与此描述对应的风格.*水彩、漫画/,
  );
  await expect(page.getByTestId('magic-status')).toHaveText('已关闭');
  await expect(page.getByTestId('magic-engine')).toHaveText(
    '浏览器内的 WebGL 风格 — 未使用 AI 模型',
  );
  await page.getByTestId('effects-dialog').screenshot({ path: '/tmp/engine-magic-zh.png' });
  expect(await balanceOf(request, account.token)).toBe(before);

  await context.close();
});

test('the in-browser looks run on past what the credits would pay a server engine for, and charge nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { adaAccount, ada, bo, adaId } = await meeting(browser, request, 'Magic credits');
  const page = ada.room.page;
  const raw = await picture(bo.room.page, adaId);

  await openMagicTab(page);
  await page.getByTestId('magic-prompt').fill('comic');
  await page.getByTestId('magic-start').click();
  await expect(page.getByTestId('magic-status')).toHaveText('On', { timeout: 30_000 });
  await expect
    .poll(async () => (await picture(bo.room.page, adaId)).ink, { timeout: 30_000 })
    .toBeGreaterThan(raw.ink + 0.004);

  try {
    // 60 sign-up credits would pay a server engine 20 minutes at 3 a minute: 25 minutes later
    // the looks, which run in the browser, are still on and nothing was charged.
    await moveServerClock(request, 25 * 60_000);
    await page.waitForTimeout(3000);
    await expect(page.getByTestId('magic-status')).toHaveText('On');
    await expect(page.getByTestId('magic-message')).toHaveCount(0);
    expect(await balanceOf(request, adaAccount.token)).toBe(60);
    await expect
      .poll(async () => (await picture(bo.room.page, adaId)).ink, { timeout: 20_000 })
      .toBeGreaterThan(raw.ink + 0.004);
  } finally {
    await resetServerClock(request);
  }

  for (const p of [ada, bo]) await p.context.close();
});
