/** One person in the live room: where the host message sits and how long, and the room's words in Chinese. */
import { expect, test, type Locator } from '@playwright/test';
import {
  createMeeting,
  participant,
  registeredUser,
  RoomPage,
  signInWithToken,
} from '../support/room';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

test('the host message covers no video, sits just above the toolbar, and goes by itself within a few seconds', async ({
  browser,
  request,
}) => {
  const account = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, account.token);
  const host = await participant(browser, account.token);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  const { page } = host.room;
  const message = page.getByTestId('host-message');
  await expect(message).toBeVisible();
  const shownAt = Date.now();

  const box = await boxOf(message);
  expect(overlaps(box, await boxOf(page.locator('.room-stage')))).toBe(false);
  expect(overlaps(box, await boxOf(host.room.tile(account.userId)))).toBe(false);
  const toolbar = await boxOf(page.locator('footer.room-toolbar'));
  expect(box.y + box.height).toBeLessThanOrEqual(toolbar.y + 1);
  expect(toolbar.y - (box.y + box.height)).toBeLessThan(24);

  await expect(message).toBeHidden({ timeout: 10_000 });
  expect(Date.now() - shownAt).toBeLessThan(9_000);
  // The stage has its room back.
  expect((await boxOf(page.locator('.room-stage'))).height).toBeGreaterThan(box.height);
  await host.context.close();
});

test('the host message closes at once with its close button', async ({ browser, request }) => {
  const account = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, account.token);
  const host = await participant(browser, account.token);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  const message = host.room.page.getByTestId('host-message');
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'Close' }).click();
  await expect(message).toHaveCount(0);
  await host.context.close();
});

test.describe('in the Chinese interface', () => {
  test.use({ locale: 'zh-CN' });

  test('the screen-reader connection text is Chinese', async ({ page, context, request }) => {
    const account = await registeredUser(request, 'Hana');
    const conferenceId = await createMeeting(request, account.token);
    await context.grantPermissions(['camera', 'microphone']);
    await signInWithToken(context, account.token);
    await page.goto('/join');
    await page.locator('input[name="conferenceId"]').fill(conferenceId);
    await page.locator('input[name="userConferenceName"]').fill('Hana');
    await page.locator('input[name="userConferenceName"]').press('Enter');
    await page.waitForURL(`**/meeting/${conferenceId}`);
    await page.getByRole('button', { name: '立即加入' }).click();
    const status = page.getByRole('status').and(page.getByTestId('connection-state'));
    await expect(status).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    await expect(status).toHaveText('已连接到会议');
  });
});

test('a microphone the browser refuses: the pre-join screen explains how to allow it, and the dialog closes', async ({
  browser,
  request,
}) => {
  const account = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, account.token);
  // As a browser whose microphone permission was refused: every request for it fails so. Set up
  // before the page exists, so no navigation can come before the script is in place (a run in
  // CI once opened the microphone anyway).
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  await signInWithToken(context, account.token);
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) =>
      constraints?.audio
        ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
        : open(constraints);
  });
  const host = { context, room: new RoomPage(await context.newPage()) };
  const { page } = host.room;
  await host.room.askToJoin(conferenceId, 'Hana');
  const dialog = page.getByTestId('permission-dialog');
  // Once the preview met the refusal, the dialog comes by itself or when the microphone is turned
  // on (a click the dialog's arrival covers meanwhile is let go).
  const refused = page.getByRole('button', { name: 'Turn on microphone' });
  await expect(dialog.or(refused)).toBeVisible();
  if (!(await dialog.isVisible())) await refused.click({ timeout: 5000 }).catch(() => undefined);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveAccessibleName(/allow .* microphone/i);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Join now' })).toBeVisible();
  await host.context.close();
});
