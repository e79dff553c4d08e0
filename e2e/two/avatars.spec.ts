/**
 * Avatars (issue 15): Ada picks a drawn character in the effects dialog's Avatar tab and Bo
 * measures what he receives. Ada's fake camera shows the synthetic portrait of
 * support/face-video.ts (Face Mesh takes it for a face) in a loop of expressions: at rest, the
 * mouth open, the eyes shut. Bo must see the character's colours and none of the camera's (its
 * blue-grey wall), the character's mouth and eyes opening and shutting with the portrait's, the
 * other character after a switch in the same track, and the camera again after None. With
 * Chromium's own test pattern (no face) the character is still all Bo sees, and when Ada joins
 * again the remembered character is what goes out from her first frame. The pose maths is
 * unit-tested (packages/shared/src/domain/avatar-pose.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writePortraitY4m } from '../support/face-video';
import { effectStats, sentCamera } from '../support/frames';
import {
  adaSeenByBo,
  createMeeting,
  participant,
  recordPeerConnections,
  registeredUser,
} from '../support/room';

/** Shares of a member's decoded frame in colours that tell the pictures apart. */
interface Palette {
  /** The portrait's wall (the raw camera). */
  wall: number;
  /**
   * The cat: its mint background (red above 130, which the robot's cyan eyes are not),
   * its orange fur, its green irises, its open mouth.
   */
  mint: number;
  orange: number;
  iris: number;
  mouth: number;
  /** The robot's lavender background. */
  lavender: number;
  /** The fox's sky-blue background. */
  sky: number;
}

function palette(page: Page, memberId: string): Promise<Palette | null> {
  return page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement>(
      `[data-member-id="${id}"][data-source="camera"] video`,
    );
    if (!video || video.videoWidth === 0) return null;
    const width = 320;
    const height = 180;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(video, 0, 0, width, height);
    const { data } = ctx.getImageData(0, 0, width, height);
    const counts = { wall: 0, mint: 0, orange: 0, iris: 0, mouth: 0, lavender: 0, sky: 0 };
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      if (r < 140 && b - r > 25 && b - g > 15) counts.wall += 1;
      if (r > 130 && g > 190 && g - r > 15 && b > 170 && g >= b - 5) counts.mint += 1;
      if (r > 200 && g > 110 && g < 190 && b < 100) counts.orange += 1;
      if (g > 150 && g - r > 40 && b < 120) counts.iris += 1;
      if (r > 100 && r < 170 && g < 60 && b < 80 && r - g > 60) counts.mouth += 1;
      if (r > 170 && b > 220 && b - g > 18 && r >= g - 5) counts.lavender += 1;
      if (r > 150 && b > 220 && g - r > 10 && b - g > 8) counts.sky += 1;
    }
    const n = width * height;
    return Object.fromEntries(
      Object.entries(counts).map(([k, v]) => [k, v / n]),
    ) as unknown as Palette;
  }, memberId);
}

/** The palette averaged over a few frames a little apart. */
async function settled(page: Page, memberId: string): Promise<Palette> {
  const samples: Palette[] = [];
  for (let i = 0; i < 4; i++) {
    const s = await palette(page, memberId);
    if (s) samples.push(s);
    await page.waitForTimeout(120);
  }
  expect(samples.length).toBeGreaterThan(0);
  const keys = Object.keys(samples[0]!) as (keyof Palette)[];
  return Object.fromEntries(
    keys.map((k) => [k, samples.reduce((sum, s) => sum + s[k], 0) / samples.length]),
  ) as unknown as Palette;
}

const fmt = (p: Palette) =>
  Object.entries(p)
    .map(([k, v]) => `${k} ${(v * 100).toFixed(2)}%`)
    .join(', ');

test('Bo sees the character Ada picks instead of her camera, its mouth and eyes follow hers, a switch keeps the track, and None brings her camera back', async ({
  browser,
  playwright,
  launchOptions,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Avatars');
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'meet-portrait-')), 'expressions.y4m');
  // Each expression for 1.2 s: at rest, mouth open, eyes shut.
  writePortraitY4m(video, [{}, { mouthOpen: true }, { eyesClosed: true }], 12);
  const adaBrowser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--use-file-for-fake-video-capture=${video}`],
  });
  const ada = await participant(adaBrowser, adaAccount.token, baseURL);
  await recordPeerConnections(ada.context);
  const bo = await participant(browser);
  const warnings: string[] = [];
  ada.room.page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  const { adaId, page, seen } = await adaSeenByBo(ada, bo, conferenceId, adaAccount.userId);
  const raw = await settled(seen, adaId);
  console.log(`camera: ${fmt(raw)}`);
  expect(raw.wall).toBeGreaterThan(0.3);
  expect(raw.mint + raw.orange).toBeLessThan(0.01);
  const camera = (await sentCamera(page))!;

  // The tab: "New" until visited, the engine named, None chosen, the characters listed.
  await page.getByTestId('effects-button').click();
  await expect(page.getByTestId('avatar-new')).toBeVisible();
  await page.getByTestId('avatar-tab').click();
  await expect(page.getByTestId('avatar-new')).toHaveCount(0);
  await expect(page.getByTestId('avatar-engine')).toContainText(
    'Drawn in your browser from MediaPipe Face Mesh landmarks',
  );
  await expect(page.getByTestId('avatar-none')).toHaveAttribute('aria-pressed', 'true');
  for (const [id, name] of [
    ['cat', 'Cat'],
    ['robot', 'Robot'],
    ['fox', 'Fox'],
    ['professor', 'Professor'],
  ] as const)
    await expect(page.getByTestId(`avatar-${id}`)).toHaveAccessibleName(name);
  // Every picture loaded (same origin, shipped with the app).
  await expect
    .poll(() =>
      page
        .getByTestId('effects-dialog')
        .locator('.avatar-choice img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0),
        ),
    )
    .toBe(true);
  await page.getByTestId('effects-dialog').screenshot({ path: '/tmp/avatars-tab.png' });

  await page.getByTestId('avatar-cat').click();
  await expect(page.getByTestId('avatar-cat')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('meet.avatarSetting'))).toBe(
    '{"id":"cat"}',
  );
  await expect.poll(async () => (await effectStats(page))?.face, { timeout: 40_000 }).toBe('found');
  expect((await effectStats(page))?.stages).toBe('avatar');
  let cat = raw;
  await expect
    .poll(
      async () => {
        cat = await settled(seen, adaId);
        return cat.mint > 0.3 && cat.orange > 0.04 && cat.wall < 0.01;
      },
      { timeout: 20_000 },
    )
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`not the cat: ${fmt(cat)}`, { cause: error });
    });
  console.log(`cat: ${fmt(cat)}`);
  const avatarTrack = (await sentCamera(page))!;
  expect(avatarTrack.id).not.toBe(camera.id);
  expect(avatarTrack.connections).toBe(camera.connections);

  // The portrait opens its mouth and shuts its eyes in turn: so does the cat Bo sees.
  const frames: Palette[] = [];
  for (let i = 0; i < 40; i++) {
    const p = await palette(seen, adaId);
    if (p) frames.push(p);
    await seen.waitForTimeout(130);
  }
  const mouths = frames.map((p) => p.mouth);
  const irises = frames.map((p) => p.iris);
  console.log(`mouth ${Math.min(...mouths)}..${Math.max(...mouths)}`);
  console.log(`iris ${Math.min(...irises)}..${Math.max(...irises)}`);
  expect(Math.max(...mouths)).toBeGreaterThan(0.001);
  expect(Math.min(...mouths)).toBeLessThan(Math.max(...mouths) / 4);
  expect(Math.max(...irises)).toBeGreaterThan(0.002);
  expect(Math.min(...irises)).toBeLessThan(Math.max(...irises) / 4);
  // Every frame was the cat, whatever the face did.
  expect(Math.max(...frames.map((p) => p.wall))).toBeLessThan(0.01);
  expect(Math.min(...frames.map((p) => p.mint))).toBeGreaterThan(0.3);
  // A received frame with the mouth open, to look at.
  const open = frames.indexOf(frames.reduce((a, b) => (b.mouth > a.mouth ? b : a)));
  console.log(`widest mouth at sample ${open}`);
  await expect
    .poll(async () => (await palette(seen, adaId))?.mouth ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(Math.max(...mouths) / 2);
  await seen
    .locator(`[data-member-id="${adaId}"][data-source="camera"] video`)
    .screenshot({ path: '/tmp/avatars-received.png' });

  // Another character mid-call: the same track, the robot's colours.
  await page.getByTestId('avatar-robot').click();
  await expect
    .poll(async () => (await settled(seen, adaId)).lavender, { timeout: 20_000 })
    .toBeGreaterThan(0.2);
  expect((await settled(seen, adaId)).mint).toBeLessThan(0.01);
  expect((await sentCamera(page))!.id).toBe(avatarTrack.id);

  // None: the camera itself again, in the same peer connection.
  await page.getByTestId('avatar-none').click();
  await expect.poll(async () => (await sentCamera(page))?.id).toBe(camera.id);
  expect((await sentCamera(page))!.connections).toBe(camera.connections);
  await expect
    .poll(async () => (await settled(seen, adaId)).wall, { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  expect((await settled(seen, adaId)).lavender).toBeLessThan(0.01);
  expect(await page.evaluate(() => localStorage.getItem('meet.avatarSetting'))).toBe('{"id":null}');
  expect(warnings.filter((w) => w.includes('effect failed'))).toEqual([]);

  await ada.context.close();
  await adaBrowser.close();
  await bo.context.close();
});

test('with no face in view the character is still all Bo sees, and the choice is applied again when Ada comes back', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Avatars, no face');
  const ada = await participant(browser, adaAccount.token);
  const bo = await participant(browser);
  const { adaId, page, seen } = await adaSeenByBo(ada, bo, conferenceId, adaAccount.userId);
  const raw = await settled(seen, adaId);
  console.log(`camera: ${fmt(raw)}`);
  expect(raw.sky).toBeLessThan(0.05);

  await page.getByTestId('effects-button').click();
  await page.getByTestId('avatar-tab').click();
  await page.getByTestId('avatar-fox').click();
  await expect.poll(async () => (await effectStats(page))?.face, { timeout: 40_000 }).toBe('none');
  let fox = raw;
  await expect
    .poll(
      async () => {
        fox = await settled(seen, adaId);
        return fox.sky > 0.3;
      },
      { timeout: 20_000 },
    )
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`not the fox (camera was ${fmt(raw)}): ${fmt(fox)}`, { cause: error });
    });

  // Ada leaves and joins again: the remembered fox is on from the pre-join preview, so from
  // her first frame Bo sees the fox, never her camera.
  await page.reload();
  await ada.room.backAfterReload(conferenceId);
  await bo.room.expectVideoPlaying(adaId, 'camera', 20_000);
  for (let i = 0; i < 8; i++) {
    const p = await palette(seen, adaId);
    if (p) expect(p.sky, `frame ${i} after joining again: ${fmt(p)}`).toBeGreaterThan(0.3);
    await seen.waitForTimeout(100);
  }

  for (const p of [ada, bo]) await p.context.close();
});
