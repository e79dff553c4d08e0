/**
 * A phone gets in (issue 28): from the mobile landing page through the invite and the pre-join
 * into a meeting in the phone's own browser, and the pages around meetings — sign-in, Home, the
 * recordings and a recording's page — usable on a 360-px screen: nothing wider than the screen,
 * the controls inside it and big enough for a finger. The phone is Chromium with an Android
 * phone's screen, touch and user agent (support/phone-screen.ts).
 * Screenshots go to $E2E_SHOTS when it is set (for looking at the screens, not for comparing).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, endedMeeting } from '../support/api';
import { SigninScreen } from '../support/pages';
import {
  LANDSCAPE,
  PHONE,
  PORTRAIT,
  expectFitsScreen,
  expectTouchable,
} from '../support/phone-screen';
import { createMeeting, registeredUser } from '../support/room';

test.use({ ...PHONE, permissions: ['camera', 'microphone'] });

const HOUR_MS = 60 * 60 * 1000;

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // After transitions and fonts settle.
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Scrolled to, as a thumb would: into the middle of the screen. */
async function scrollToMiddle(control: Locator) {
  await control.evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

/** The pre-join's own camera preview decodes new frames (a live picture, not a still). */
async function expectLivePreview(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const video = document.querySelector<HTMLVideoElement>(
            '[data-testid="prejoin-preview"] video',
          );
          if (!video) return 'no video';
          if (video.videoWidth === 0) return 'no frames';
          const before = video.getVideoPlaybackQuality().totalVideoFrames;
          await new Promise((resolve) => setTimeout(resolve, 250));
          return video.getVideoPlaybackQuality().totalVideoFrames > before ? 'live' : 'frozen';
        }),
      { timeout: 15_000 },
    )
    .toBe('live');
}

test('from the mobile page, "Join in this browser" leads through the invite and a phone-sized pre-join with a live preview into the meeting, upright and on its side', async ({
  page,
  request,
}) => {
  const host = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, host.token, 'Standup on the go');

  await page.goto(`/h5?conf_id=${conferenceId}`);
  const joinInBrowser = page.getByTestId('join-in-browser');
  await expectTouchable(joinInBrowser);
  await expectFitsScreen(page);
  await shot(page, 'phone-h5-invite');
  await joinInBrowser.tap();

  // The invite: the name, then Join.
  await expect(page).toHaveURL(new RegExp(`/i/${conferenceId}$`));
  await expect(page.getByRole('heading', { name: 'Standup on the go' })).toBeVisible();
  // The meeting ID is one unbreakable run, so a narrow screen never splits it across lines.
  const spacedId = conferenceId.replace(/^(\d{3})(\d{3})/, '$1\u00a0$2\u00a0');
  await expect
    .poll(() => page.locator('.auth-card__subtitle').evaluate((el) => el.textContent))
    .toContain(`Meeting ID ${spacedId}`);
  const name = page.locator('input[name="userConferenceName"]');
  const submit = page.locator('button[type="submit"]');
  await expectTouchable(name, submit);
  await expectFitsScreen(page);
  await name.fill('Pat on a phone');
  await shot(page, 'phone-invite');
  await submit.tap();

  // The pre-join: the preview across the screen, the toggles on it, Join now in the first screen.
  await expect(page).toHaveURL(new RegExp(`/meeting/${conferenceId}$`));
  const joinNow = page.getByTestId('join-now');
  const mic = page.getByTestId('toggle-mic');
  const camera = page.getByTestId('toggle-camera');
  await expect(joinNow).toBeVisible({ timeout: 15_000 });
  await expectLivePreview(page);
  await expectTouchable(page.getByTestId('prejoin-preview'), mic, camera, joinNow);
  await expect(page.getByText('Joining as Pat on a phone')).toBeInViewport();
  await expectFitsScreen(page);
  const preview = (await page.getByTestId('prejoin-preview').boundingBox())!;
  expect(preview.width).toBeGreaterThan(PORTRAIT.width * 0.85);
  await shot(page, 'phone-prejoin-portrait');

  // The device pickers are further down, as tall as a finger.
  const pickers = ['prejoin-audio-input', 'prejoin-video-input'].map((id) => page.getByTestId(id));
  for (const picker of pickers) await scrollToMiddle(picker);
  await expectTouchable(...pickers);

  // Toggled by touch: the camera goes off in the preview and comes back live.
  await camera.tap();
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-testid="prejoin-preview"] video')).toHaveCount(0);
  await camera.tap();
  await expect(camera).toHaveAttribute('aria-pressed', 'true');
  await expectLivePreview(page);
  await mic.tap();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await mic.tap();
  await expect(mic).toHaveAttribute('aria-pressed', 'true');

  // On its side (back at the top): the preview as tall as the screen beside Join now, all on screen.
  await page.setViewportSize(LANDSCAPE);
  await page.getByTestId('prejoin-preview').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expectTouchable(mic, camera, joinNow);
  await expect(page.getByTestId('prejoin-preview')).toBeInViewport({ ratio: 1 });
  const side = (await page.getByTestId('prejoin-preview').boundingBox())!;
  const join = (await joinNow.boundingBox())!;
  expect(join.x).toBeGreaterThan(side.x + side.width);
  expect(side.height).toBeGreaterThan(LANDSCAPE.height * 0.8);
  await expectFitsScreen(page);
  await shot(page, 'phone-prejoin-landscape');

  await page.setViewportSize(PORTRAIT);
  await joinNow.scrollIntoViewIfNeeded();
  await joinNow.tap();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  await expect(page.locator('[data-member-id] video').first()).toBeAttached();
});

test('the mobile page without an invite joins by meeting ID in this browser, or signs in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/h5$/);
  await expect(page.getByRole('heading', { name: 'Meet on your phone' })).toBeVisible();
  await expect(page.getByText(/Chrome or Edge/)).toHaveCount(0);
  await expectTouchable(
    page.getByTestId('join-in-browser'),
    page.getByRole('link', { name: 'Sign in' }),
  );
  await expectFitsScreen(page);
  await shot(page, 'phone-h5');
  await page.getByTestId('join-in-browser').tap();
  await expect(page).toHaveURL(/\/join$/);
  await expectTouchable(
    page.locator('input[name="conferenceId"]'),
    page.locator('input[name="userConferenceName"]'),
    page.locator('button[type="submit"]'),
  );
  await expectFitsScreen(page);
});

test.describe('a phone in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the mobile page offers joining in this browser, in Chinese, and says nothing of a computer', async ({
    page,
  }) => {
    await page.goto('/h5?conf_id=123456789');
    const join = page.getByTestId('join-in-browser');
    await expect(join).toHaveText('在此浏览器中入会');
    await expect(join).toHaveAttribute('href', '/i/123456789');
    await expect(page.getByTestId('site-h5')).not.toContainText(/Chrome|Edge|电脑/);
    await expectTouchable(join, page.getByRole('button', { name: '复制邀请链接' }));
    await expectFitsScreen(page);
    await shot(page, 'phone-h5-invite-zh');
    await page.goto('/h5');
    await expect(page.getByRole('heading', { name: '在手机上使用 Meet' })).toBeVisible();
    await expect(page.getByTestId('site-h5')).not.toContainText(/Chrome|Edge|电脑/);
    await expectFitsScreen(page);
  });
});

test('sign-in, Home with its bottom navigation, the recordings and a recording page fit a 360-px phone, and a meeting started there is recorded and opened there', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const account = await registeredUser(request, 'Mia');
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
  for (const [topic, offset] of [
    ['Design review with the whole product and research team', 0],
    ['1:1', 26],
  ] as const) {
    const reply = await callApi(
      request,
      'conference/reserve/create',
      {
        topic,
        timezone: 'UTC',
        startTime: start + offset * HOUR_MS,
        endTime: start + (offset + 1) * HOUR_MS,
        subtitle: 0,
      },
      account.token,
    );
    expect(reply.code).toBe(0);
  }
  await endedMeeting(request, account.token);

  // Sign-in, through the form.
  const signin = new SigninScreen(page);
  await signin.open();
  await expectTouchable(
    page.locator('input[name="email"]'),
    page.locator('input[name="password"]'),
    page.getByRole('button', { name: 'Show password' }),
    page.getByRole('tab', { name: 'Email' }),
    page.getByRole('tab', { name: 'Phone' }),
    page.getByRole('link', { name: 'Forgot password?' }),
    page.getByRole('button', { name: 'Sign in', exact: true }),
    page.getByRole('button', { name: 'Continue as guest' }),
  );
  await expectFitsScreen(page);
  await shot(page, 'phone-signin');
  await signin.signIn(account.email, 'secret123');

  // Home: the navigation is a bar along the bottom of the screen, every control in reach.
  await expect(page).toHaveURL(/\/home\/meetings$/);
  const item = page.getByTestId('meeting-item').filter({ hasText: 'Design review' });
  await expect(item).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Meet' });
  const navBox = (await nav.boundingBox())!;
  expect(navBox.y + navBox.height).toBeCloseTo(PORTRAIT.height, 0);
  expect(navBox.width).toBeCloseTo(PORTRAIT.width, 0);
  const meetingsTab = nav.getByRole('link', { name: 'Meetings' });
  const recordingsTab = nav.getByRole('link', { name: 'Recordings' });
  await expectTouchable(
    meetingsTab,
    recordingsTab,
    nav.getByRole('button', { name: 'Messages' }),
    nav.getByRole('link', { name: 'Magic Cam' }),
    page.getByTestId('message-bell'),
    page.getByTestId('avatar-menu-button'),
    page.getByRole('button', { name: 'New meeting' }),
    page.getByRole('button', { name: 'Schedule', exact: true }),
  );
  await expectFitsScreen(page);
  await shot(page, 'phone-home');
  await scrollToMiddle(item);
  await expectTouchable(
    item.getByRole('button', { name: 'Start' }),
    item.getByRole('button', { name: 'Share' }),
    item.getByRole('button', { name: 'Edit' }),
  );
  await expectFitsScreen(page);
  await shot(page, 'phone-home-list');
  const quickJoin = page.getByRole('form', { name: 'Join with a meeting ID' });
  await scrollToMiddle(quickJoin);
  await expectTouchable(
    quickJoin.locator('input[name="quickJoinId"]'),
    quickJoin.getByRole('button', { name: 'Join', exact: true }),
  );

  // Messages from the bottom bar: the panel takes the screen, closed again by touch.
  await nav.getByRole('button', { name: 'Messages' }).tap();
  const messages = page.getByTestId('message-panel');
  await expect(messages).toBeVisible();
  // Measured where it comes to rest, not while it slides in.
  await messages.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  await expectTouchable(messages.getByRole('button', { name: 'Close' }));
  await expectFitsScreen(page);
  await shot(page, 'phone-messages');
  await messages.getByRole('button', { name: 'Close' }).tap();
  await expect(messages).toHaveCount(0);

  // A meeting started from the phone, recorded while the phone is in it.
  await scrollToMiddle(page.getByRole('button', { name: 'New meeting' }));
  await page.getByRole('button', { name: 'New meeting' }).tap();
  await expect(page).toHaveURL(/\/meeting\/\d{9,10}$/);
  const conferenceId = /\/meeting\/(\d+)$/.exec(page.url())![1]!;
  await page.getByTestId('join-now').tap();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  const info = await callApi<{ conferenceUri: string }>(request, 'conference/conferenceInfo', {
    conferenceId,
  });
  const started = await callApi(
    request,
    'conference/startRecord',
    { conferenceUri: info.payload.conferenceUri, recordType: 'audio' },
    account.token,
  );
  expect(started.code, started.msg).toBe(0);
  await page.waitForTimeout(4000);
  const stopped = await callApi(
    request,
    'conference/stopRecord',
    { conferenceUri: info.payload.conferenceUri },
    account.token,
  );
  expect(stopped.code, stopped.msg).toBe(0);

  // Recordings, reached from the bottom bar.
  await page.goto('/home/meetings');
  await page
    .getByRole('navigation', { name: 'Meet' })
    .getByRole('link', { name: 'Recordings' })
    .tap();
  await expect(page).toHaveURL(/\/home\/recording$/);
  const recording = page.getByTestId('record-item').first();
  await expect(recording).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expectTouchable(
    recording.getByTestId('record-open'),
    recording.getByTestId('record-rename'),
    recording.getByTestId('record-delete'),
  );
  await expectFitsScreen(page);
  await shot(page, 'phone-recordings');

  // The recording's page.
  await recording.getByTestId('record-open').tap();
  await expect(page).toHaveURL(/\/rec\//);
  const player = page.getByTestId('record-player');
  await expect(player).toBeVisible();
  await expect(page.getByTestId('record-title')).toBeInViewport();
  await expectTouchable(
    page.getByRole('link', { name: 'My recordings' }),
    page.getByTestId('record-download-audio'),
    page.getByRole('button', { name: 'Copy link' }),
  );
  await expectFitsScreen(page);
  await shot(page, 'phone-recording-page');
  const playerBox = (await player.boundingBox())!;
  expect(playerBox.x).toBeGreaterThanOrEqual(0);
  expect(playerBox.x + playerBox.width).toBeLessThanOrEqual(PORTRAIT.width);
  const minutes = page.getByRole('tab', { name: 'Minutes' });
  await scrollToMiddle(minutes);
  await expectTouchable(minutes, page.getByRole('tab', { name: 'Chapters' }));
  const scope = page.getByRole('combobox', { name: 'Who can open it' });
  await scrollToMiddle(scope);
  await expectTouchable(scope);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expectFitsScreen(page);
  await shot(page, 'phone-recording-page-end');
});
