/**
 * A Firefox member and a Chromium member in one meeting (issue 28): Debian's Firefox ESR over
 * WebDriver BiDi (support/firefox.ts) beside the suite's Chromium. Each sees the other's video
 * playing, chat goes both ways, a screen share and captions from the Chromium member reach
 * Firefox, the camera effects run in Firefox through the canvas path (it has no insertable
 * streams), and local recording in Firefox makes a playable WebM (VP8: Firefox records no VP9).
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FirefoxBrowser, type FirefoxRoom } from '../support/firefox';
import { createMeeting, participant, registeredUser } from '../support/room';

test.describe.configure({ mode: 'serial' });

let firefox: FirefoxBrowser;
test.beforeAll(async () => {
  // WebGL on, as a desktop Firefox has it (the effects need it).
  firefox = await FirefoxBrowser.launch({ webgl: true });
});
test.afterAll(async () => {
  await firefox?.close();
});

const rooms: FirefoxRoom[] = [];
test.afterEach(async () => {
  for (const room of rooms.splice(0)) await room.close();
});

async function firefoxMember(baseURL: string | undefined, token?: string): Promise<FirefoxRoom> {
  const room = await firefox.participant(baseURL!, token);
  rooms.push(room);
  return room;
}

test('a Firefox member and a Chromium member see each other’s video playing and chat both ways', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ada = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, ada.token, 'Two engines');
  const chromium = await participant(browser, ada.token);
  await chromium.room.joinThroughUi(conferenceId, 'Ada');
  const fox = await firefoxMember(baseURL);
  await fox.joinThroughUi(conferenceId, 'Fox');
  const adaId = String(ada.userId);
  const foxId = await fox.userId();

  // Video both ways: frames keep arriving on each side.
  await fox.expectVideoPlaying(adaId);
  await expect(chromium.room.tile(foxId)).toHaveCount(1);
  await chromium.room.expectVideoPlaying(foxId, 'camera', 20_000);
  await fox.screenshot(test.info().outputPath('firefox-room.png'));

  // Chat both ways.
  await fox.openPanel('chat');
  await fox.sendChat('Hello from Firefox');
  await chromium.room.openPanel('chat');
  await expect(
    chromium.room.page.getByTestId('chat-message').filter({ hasText: 'Hello from Firefox' }),
  ).toBeVisible();
  await chromium.room.sendChat('Hello from Chromium');
  await fox.expectChat('Hello from Chromium');

  await chromium.context.close();
});

test('a screen share from the Chromium member plays in Firefox, and stops there when it ends', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ada = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, ada.token, 'Show and tell');
  const chromium = await participant(browser, ada.token);
  await chromium.room.joinThroughUi(conferenceId, 'Ada', { camera: false });
  const fox = await firefoxMember(baseURL);
  await fox.joinThroughUi(conferenceId, 'Fox', { camera: false });
  const adaId = String(ada.userId);

  await chromium.room.page.getByTestId('share-screen').click();
  await fox.expectVideoPlaying(adaId, 'screen', 20_000);
  // Shown in the main window, as the share's viewers have it.
  expect(await fox.has(`[data-main-window] ${fox.tile(adaId, 'screen')}`)).toBe(true);
  await fox.screenshot(test.info().outputPath('firefox-screen-share.png'));

  await chromium.room.page.getByTestId('share-screen').click();
  await expect.poll(() => fox.has(fox.tile(adaId, 'screen')), { timeout: 15_000 }).toBe(false);

  await chromium.context.close();
});

test('captions turned on in Firefox show the Chromium member’s speech', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ada = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, ada.token, 'Spoken words');
  // Chromium's fake microphone plays read speech (playwright.config.ts).
  const chromium = await participant(browser, ada.token);
  await chromium.room.joinThroughUi(conferenceId, 'Ada', { camera: false });
  const fox = await firefoxMember(baseURL);
  await fox.joinThroughUi(conferenceId, 'Fox', { camera: false, mic: false });

  await fox.click('captions-toggle');
  await fox.expectAttribute('[data-testid="captions-toggle"]', 'aria-pressed', 'true');
  const line = `[data-testid="caption-line"][data-member-id="${ada.userId}"]`;
  await fox.expectVisible(line, 45_000);
  await expect
    .poll(async () => (await fox.text(line)).trim().length, { timeout: 30_000 })
    .toBeGreaterThan(3);
  await fox.screenshot(test.info().outputPath('firefox-captions.png'));

  await chromium.context.close();
});

/** Mean colour of a member's video as a Chromium page decodes it, sampled small. */
function meanColour(page: Page, memberId: string) {
  return page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement>(
      `[data-member-id="${id}"][data-source="camera"] video`,
    );
    if (!video || video.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(video, 0, 0, 64, 36);
    const { data } = ctx.getImageData(0, 0, 64, 36);
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
    return sum.map((v) => Math.round(v / (data.length / 4)));
  }, memberId);
}

test('in Firefox (no insertable streams) a background image goes out through the canvas path and the Chromium member sees it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const foxAccount = await registeredUser(request, 'Fox');
  const conferenceId = await createMeeting(request, foxAccount.token, 'Backdrops');
  const fox = await firefoxMember(baseURL, foxAccount.token);
  await fox.joinThroughUi(conferenceId, 'Fox');
  const chromium = await participant(browser);
  await chromium.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const foxId = String(foxAccount.userId);
  await chromium.room.expectVideoPlaying(foxId, 'camera', 20_000);

  /** Four samples 400 ms apart: Firefox's fake camera cycles through the hues, an image stays. */
  const samples = async () => {
    const out: number[][] = [];
    for (let i = 0; i < 4; i++) {
      const c = await meanColour(chromium.room.page, foxId);
      if (c) out.push(c);
      await chromium.room.page.waitForTimeout(400);
    }
    return out;
  };
  const spread = (s: number[][]) =>
    Math.max(
      ...[0, 1, 2].map((c) => Math.max(...s.map((x) => x[c]!)) - Math.min(...s.map((x) => x[c]!))),
    );
  // The raw camera changes colour over time (its hue cycles slowly: sampled again until it has).
  await expect
    .poll(async () => spread(await samples()), { timeout: 20_000, intervals: [0] })
    .toBeGreaterThan(20);

  await fox.click('effects-button');
  await fox.expectVisible('[data-testid="effects-dialog"]');
  expect(await fox.has('[data-testid="effects-unavailable"]')).toBe(false);
  await fox.click('background-image-system-dawn');
  await fox.expectAttribute('[data-testid="background-image-system-dawn"]', 'aria-pressed', 'true');
  // The dawn image (pink to violet) replaces the whole picture (no person in it) and holds still.
  await expect
    .poll(
      async () => {
        const s = await samples();
        if (s.length < 4) return 'no video';
        const [r, g] = s.at(-1)!;
        return spread(s) < 12 && r! - g! > 40 ? 'dawn' : `varying ${JSON.stringify(s)}`;
      },
      { timeout: 45_000, intervals: [500] },
    )
    .toBe('dawn');
  const stats = await fox.page.evaluate(
    () => (window as unknown as { __meetEffectStats?: { source: string } }).__meetEffectStats,
  );
  expect(stats?.source).toBe('video');
  await fox.screenshot(test.info().outputPath('firefox-effects.png'));

  await chromium.context.close();
});

test('local recording in Firefox saves a playable WebM (VP8 video, Opus sound) through downloads', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const foxAccount = await registeredUser(request, 'Fox');
  const conferenceId = await createMeeting(request, foxAccount.token, 'Kept here');
  const fox = await firefoxMember(baseURL, foxAccount.token);
  await fox.joinThroughUi(conferenceId, 'Fox');
  const chromium = await participant(browser);
  await chromium.room.joinThroughUi(conferenceId, 'Bo');
  await fox.expectVideoPlaying(await chromium.room.userId());

  const button = '[data-testid="local-record-button"]';
  await fox.expectAttribute(button, 'data-state', 'idle');
  const before = new Set(firefox.downloaded());
  await fox.click('local-record-button');
  await fox.expectAttribute(button, 'data-state', 'recording');
  await fox.page.evaluate(() => new Promise((r) => setTimeout(r, 5000)));
  await fox.click('local-record-button');
  await fox.expectAttribute(button, 'data-state', 'idle');

  const name = new RegExp(
    `^\\d{4}-\\d{2}-\\d{2} [\\d.]+ Kept here ${conferenceId} ${conferenceId}_01\\.webm$`,
  );
  await expect
    .poll(() => firefox.downloaded().filter((f) => !before.has(f) && name.test(f)), {
      timeout: 20_000,
    })
    .toHaveLength(1);
  const file = firefox.downloaded().find((f) => !before.has(f) && name.test(f))!;
  // Firefox puts an empty file under the final name at once and writes into `<name>.part`,
  // moved over it when the download is complete.
  await expect
    .poll(
      () => {
        const names = firefox.downloaded();
        if (names.includes(`${file}.part`)) return 0;
        return statSync(path.join(firefox.downloads, file)).size;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  const probe = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,width,height',
      '-of',
      'json',
      path.join(firefox.downloads, file),
    ]).toString(),
  ) as { streams: { codec_type: string; codec_name: string; width?: number }[] };
  expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
    codec_name: 'vp8',
    width: 1280,
  });
  expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({
    codec_name: 'opus',
  });

  await chromium.context.close();
});
