/**
 * One person in Firefox (issue 28): Debian's Firefox ESR over WebDriver BiDi (support/firefox.ts),
 * here without WebGL, as a Firefox whose GPU is refused has it. Signing in leads to Home with no
 * browser warning, and a new meeting started there is joined with the camera playing. The
 * camera's effects say plainly that they are unavailable in this browser, a remembered
 * background does not stand in the way, and the sound effects still work.
 */
import { expect, test } from '@playwright/test';
import { signUpByApi } from '../support/api';
import { FirefoxBrowser, type FirefoxRoom } from '../support/firefox';
import { createMeeting, registeredUser } from '../support/room';

test.describe.configure({ mode: 'serial' });

let firefox: FirefoxBrowser;
let room: FirefoxRoom | undefined;
test.beforeAll(async () => {
  firefox = await FirefoxBrowser.launch({ webgl: false });
});
test.afterEach(async () => {
  await room?.close();
  room = undefined;
});
test.afterAll(async () => {
  await firefox?.close();
});

test('in Firefox a user signs in with email and password, reaches Home without a browser warning, and starts a meeting with the camera playing', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await signUpByApi(request, 'fox');
  room = await firefox.participant(baseURL!);
  await room.goto('/signin');
  await room.fill('input[name="email"]', email);
  await room.fill('input[name="password"]', 'secret123');
  await room.clickButton('Sign in');
  await room.page.waitForFunction(() => location.pathname === '/home/meetings', {
    timeout: 15_000,
  });
  await room.expectVisible('button::-p-text(New meeting)');
  expect(await room.has('.unsupported')).toBe(false);
  await room.click('avatar-menu-button');
  expect((await room.text('[data-testid="account-name"]')).trim()).not.toBe('');
  await room.screenshot(test.info().outputPath('firefox-home.png'));
  await room.page.keyboard.press('Escape');

  await room.clickButton('New meeting');
  await room.page.waitForFunction(() => /^\/meeting\/\d{9,10}$/.test(location.pathname), {
    timeout: 15_000,
  });
  await room.joinFromPrejoin();
  await room.expectVideoPlaying(await room.userId());
});

test('a Firefox without WebGL is told plainly that camera effects are unavailable; a remembered background does not stop it joining, and the sound effects still work', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const fox = await registeredUser(request, 'Fox');
  const conferenceId = await createMeeting(request, fox.token, 'Plain camera');
  room = await firefox.participant(baseURL!, fox.token);
  // Blur chosen on an earlier visit, when this browser still had WebGL.
  await room.page.evaluateOnNewDocument(() =>
    localStorage.setItem('meet.backgroundSetting', JSON.stringify({ status: 'blur' })),
  );
  const errors: string[] = [];
  room.page.on('console', (m) => {
    if (m.type() === 'warn' || m.type() === 'error') errors.push(m.text());
  });
  await room.joinThroughUi(conferenceId, 'Fox');
  const me = String(fox.userId);
  await room.expectVideoPlaying(me);

  await room.click('effects-button');
  await room.expectVisible('[data-testid="effects-dialog"]');
  expect(await room.text('[data-testid="effects-unavailable"]')).toBe(
    'Camera effects (background, beautify, avatar and Magic Cam) are unavailable in this browser: they need WebGL 2, which it does not offer. Sound effects still work.',
  );
  expect(await room.has('[data-testid="background-blur"]')).toBe(false);
  await room.click('magic-tab');
  await room.expectVisible('[data-testid="effects-unavailable"]');
  await room.screenshot(test.info().outputPath('firefox-effects-unavailable.png'));

  await room.click('effects-tab-sound');
  await room.click('voice-robot');
  await room.expectAttribute('[data-testid="voice-robot"]', 'aria-pressed', 'true');
  expect(await room.has('.toast')).toBe(false);

  await room.expectAttribute('[data-testid="connection-state"]', 'data-state', 'connected');
  await room.expectVideoPlaying(me);
  // No effect was tried (and failed) for the remembered blur.
  expect(errors.filter((e) => e.includes('effect failed'))).toEqual([]);
});
