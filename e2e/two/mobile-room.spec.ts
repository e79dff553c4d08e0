/**
 * A desktop host and a member on a phone (issue 28): the phone's own room — the big tile, its
 * own camera small, the bottom bar by tap, the "more" sheet with chat and people, rotation,
 * flipping between a phone's two cameras, the camera paused in the background — and what the
 * host sees of it. Chromium runs with three fake cameras (`device-count=3`, see support/phone.ts)
 * so that a phone's front and back camera can be told apart.
 */
import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { fakePhoneCameras, phoneParticipant, recordWakeLocks } from '../support/phone';
import { createMeeting, participant, recordPeerConnections, registeredUser } from '../support/room';

const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: (launch.args ?? []).map((arg) =>
      arg === '--use-fake-device-for-media-stream'
        ? '--use-fake-device-for-media-stream=device-count=3'
        : arg,
    ),
  },
});
test.describe.configure({ timeout: 120_000 });

async function meetingWithPhone(
  browser: Parameters<typeof participant>[0],
  request: Parameters<typeof registeredUser>[0],
) {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Phone call');
  const host = await participant(browser, hostAccount.token);
  const mobile = await phoneParticipant(browser);
  await fakePhoneCameras(mobile.context);
  await recordPeerConnections(mobile.context);
  await recordWakeLocks(mobile.context);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await mobile.room.joinThroughUi(conferenceId, 'Pia');
  const hostId = String(hostAccount.userId);
  const phoneId = await mobile.room.userId();
  return { host, mobile, hostId, phoneId };
}

test('a phone and a desktop host see each other; the phone keeps its screen on, taps its microphone and camera, has no screen share, and lets the screen sleep on leaving', async ({
  browser,
  request,
}) => {
  const { host, mobile, hostId, phoneId } = await meetingWithPhone(browser, request);
  const { page } = mobile.room;
  const { phone } = mobile;

  // The phone's room, not the desktop's: the host big, the phone's own camera small.
  await expect(page.getByTestId('mobile-room')).toHaveAttribute('data-orientation', 'portrait');
  await expect(page.locator('.room-toolbar')).toHaveCount(0);
  await expect(phone.mainWindow().locator(`[data-member-id="${hostId}"]`)).toBeVisible();
  await mobile.room.expectVideoPlaying(hostId);
  await expect(
    page.getByTestId('mobile-self').locator(`[data-member-id="${phoneId}"]`),
  ).toBeVisible();
  await mobile.room.expectVideoPlaying(phoneId);
  await host.room.expectVideoPlaying(phoneId);
  // A phone cannot share its screen: no button for it; the desktop host has one.
  await expect(page.getByTestId('share-screen')).toHaveCount(0);
  await expect(host.room.page.getByTestId('share-screen')).toBeVisible();
  // The screen is kept on while in the meeting.
  await expect.poll(() => phone.wakeLocks()).toEqual({ requested: 1, released: 0 });

  // Every control of the bar is a touch target of 44 px or more.
  const sizes = await phone
    .bar()
    .locator('button')
    .evaluateAll((buttons) =>
      buttons.map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)),
    );
  expect(sizes).toHaveLength(5);
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: test.info().outputPath('phone-portrait.png') });

  // Microphone and camera by tap: the host sees them go off and come back.
  const mic = phone.bar().getByTestId('toggle-mic');
  const camera = phone.bar().getByTestId('toggle-camera');
  const seen = host.room.tile(phoneId);
  await mic.tap();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(seen).toHaveAttribute('data-audio', 'off');
  await camera.tap();
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect(seen).toHaveAttribute('data-video', 'off');
  await expect(seen.locator('video')).toHaveCount(0);
  // Back on past the toggles' debounce (500 ms per kind; a quicker second tap is ignored).
  await page.waitForTimeout(600);
  await mic.tap();
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(seen).toHaveAttribute('data-audio', 'on');
  await camera.tap();
  await expect(camera).toHaveAttribute('aria-pressed', 'true');
  await host.room.expectVideoPlaying(phoneId);

  // Leaving lets the screen sleep again.
  await phone.bar().getByTestId('leave').tap();
  await expect(page.getByText('You left the meeting')).toBeVisible();
  await expect.poll(() => phone.wakeLocks()).toEqual({ requested: 1, released: 1 });
  for (const p of [host, mobile]) await p.context.close();
});

test('the "more" sheet of a phone opens chat and people in a sheet of their own; turned on its side the room is laid out again with the host still big', async ({
  browser,
  request,
}) => {
  const { host, mobile, hostId, phoneId } = await meetingWithPhone(browser, request);
  const { page } = mobile.room;
  const { phone } = mobile;
  await mobile.room.expectVideoPlaying(hostId);

  // "More": the sheet, then chat in the room's panel; the host reads what the phone wrote.
  await phone.openMore();
  await expect(phone.sheet().getByTestId('reaction')).toHaveCount(6);
  // Two people: nothing to choose between spotlight and grid.
  await expect(phone.sheet().getByTestId('more-layout')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('phone-sheet.png') });
  await phone.sheet().getByTestId('more-chat').tap();
  await expect(phone.sheet()).toHaveCount(0);
  await expect(page.getByTestId('room-panel')).toBeVisible();
  await expect(page.getByTestId('panel-tab-chat')).toHaveAttribute('aria-selected', 'true');
  await mobile.room.sendChat('Hello from my phone');
  await page.screenshot({ path: test.info().outputPath('phone-chat.png') });
  await host.room.openPanel('chat');
  await expect(
    host.room.page.getByTestId('chat-message').filter({ hasText: 'Hello from my phone' }),
  ).toBeVisible();
  await page.getByTestId('room-panel').getByRole('button', { name: 'Close panel' }).tap();
  await expect(page.getByTestId('room-panel')).toHaveCount(0);

  // … and the people in it.
  await phone.openMore();
  await phone.sheet().getByTestId('more-people').tap();
  await expect(page.getByTestId('panel-tab-members')).toHaveAttribute('aria-selected', 'true');
  await expect(mobile.room.memberRow(hostId)).toBeVisible();
  await expect(mobile.room.memberRow(phoneId)).toBeVisible();
  await page.getByTestId('room-panel').getByRole('button', { name: 'Close panel' }).tap();

  // Escape, or a tap beside it, closes the sheet too.
  await phone.openMore();
  await page.keyboard.press('Escape');
  await expect(phone.sheet()).toHaveCount(0);
  await phone.openMore();
  await page.touchscreen.tap(200, 100);
  await expect(phone.sheet()).toHaveCount(0);

  // On its side: the same room laid out again, the host's tile still big and playing.
  await phone.rotate('landscape');
  const big = phone.mainWindow().locator(`[data-member-id="${hostId}"]`);
  await expect(big).toBeVisible();
  const wide = (await big.boundingBox())!;
  expect(wide.width).toBeGreaterThan(844 * 0.6);
  expect(wide.height).toBeGreaterThan(390 * 0.5);
  await mobile.room.expectVideoPlaying(hostId);
  await expect(page.getByTestId('mobile-self')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-landscape.png') });
  await phone.rotate('portrait');
  const tall = (await big.boundingBox())!;
  expect(tall.height).toBeGreaterThan(844 * 0.5);
  await mobile.room.expectVideoPlaying(hostId);
  for (const p of [host, mobile]) await p.context.close();
});

test('the phone flips to its back camera and back, sent in place without a new connection; in the background its camera is off for the host and back on its return, with the microphone on throughout', async ({
  browser,
  request,
}) => {
  const { host, mobile, hostId, phoneId } = await meetingWithPhone(browser, request);
  const { page } = mobile.room;
  const { phone } = mobile;
  await host.room.expectVideoPlaying(phoneId, 'camera', 20_000);
  // The desktop host has no flip button; the phone with two cameras has.
  await expect(host.room.page.getByTestId('flip-camera')).toHaveCount(0);
  const flip = phone.bar().getByTestId('flip-camera');
  await expect(flip).toBeEnabled();

  // The front camera is sent, and shown to me as a mirror.
  await expect.poll(() => phone.sentCameraLabel()).toBe('fake_device_0');
  const myVideo = page.getByTestId('mobile-self').locator('video');
  await expect(myVideo).toHaveClass(/room-video--mirror/);
  const connections = await page.evaluate(
    () => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length,
  );

  await flip.tap();
  await expect.poll(() => phone.sentCameraLabel()).toBe('fake_device_2');
  await expect(myVideo).not.toHaveClass(/room-video--mirror/);
  await host.room.expectVideoPlaying(phoneId, 'camera', 20_000);
  await mobile.room.expectVideoPlaying(phoneId, 'camera', 20_000);
  await expect(flip).toBeEnabled();
  await flip.tap();
  await expect.poll(() => phone.sentCameraLabel()).toBe('fake_device_0');
  await expect(myVideo).toHaveClass(/room-video--mirror/);
  await host.room.expectVideoPlaying(phoneId, 'camera', 20_000);
  // replaceTrack on the same sender: no connection was added for the flips.
  expect(
    await page.evaluate(
      () => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length,
    ),
  ).toBe(connections);

  // To the back camera, then away: the host sees the camera off (no frozen frame), the
  // microphone still on; back again, the same (back) camera comes on again.
  await flip.tap();
  await expect.poll(() => phone.sentCameraLabel()).toBe('fake_device_2');
  const seen = host.room.tile(phoneId);
  await phone.setBackground(true);
  await expect(seen).toHaveAttribute('data-video', 'off');
  await expect(seen.locator('video')).toHaveCount(0);
  await expect(seen).toHaveAttribute('data-audio', 'on');
  await expect(phone.bar().getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'true');
  // The phone's own room keeps playing the host meanwhile.
  await mobile.room.expectVideoPlaying(hostId, 'camera', 20_000);

  await phone.setBackground(false);
  await expect(seen).toHaveAttribute('data-video', 'on');
  await host.room.expectVideoPlaying(phoneId, 'camera', 20_000);
  await expect(phone.bar().getByTestId('toggle-camera')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => phone.sentCameraLabel()).toBe('fake_device_2');

  // A camera turned off by hand stays off after a trip to the background.
  await phone.bar().getByTestId('toggle-camera').tap();
  await expect(seen).toHaveAttribute('data-video', 'off');
  await phone.setBackground(true);
  await phone.setBackground(false);
  await page.waitForTimeout(1000);
  await expect(seen).toHaveAttribute('data-video', 'off');
  await expect(phone.bar().getByTestId('toggle-camera')).toHaveAttribute('aria-pressed', 'false');
  for (const p of [host, mobile]) await p.context.close();
});
