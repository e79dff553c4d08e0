/**
 * A participant on a phone (issue 28): Chromium with a phone's screen (390×844, touch, a mobile
 * user agent), and the phone room's own controls — the bottom bar, the "more" sheet — reached by
 * tap. Rotating swaps the viewport; going to the background is a `visibilitychange` with the
 * page's visibility said to be hidden, as a phone's app switch does it.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { RoomPage, signInWithToken } from './room';

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
export const PORTRAIT = { width: 390, height: 844 };
export const LANDSCAPE = { width: 844, height: 390 };

/** A phone in its own browser context (camera and microphone allowed), optionally signed in. */
export async function phoneParticipant(browser: Browser, token?: string) {
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    viewport: PORTRAIT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID_CHROME,
  });
  if (token) await signInWithToken(context, token);
  const page = await context.newPage();
  return { context, room: new RoomPage(page), phone: new PhoneRoom(page) };
}

/**
 * Gives the context a phone's front and back camera from Chromium's fake ones (run with
 * `--use-fake-device-for-media-stream=device-count=3`): `fake_device_0` faces the user and
 * `fake_device_2` the other way. (`fake_device_1` is Chromium's fake depth camera, whose Y16
 * frames no video encoder takes; like a phone's depth sensor it faces no side.) Chromium's fake
 * cameras say nothing of their facing, so the tracks are made to say it, and
 * `facingMode: { exact }` picks the camera a phone would.
 */
export async function fakePhoneCameras(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const open = devices.getUserMedia.bind(devices);
    const FACING: Record<string, string> = { fake_device_0: 'user', fake_device_2: 'environment' };
    const labelled = async (facing: string) => {
      const cameras = (await devices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
      return cameras.find((d) => FACING[d.label] === facing);
    };
    devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      const video = constraints?.video;
      let asked = constraints;
      if (video && typeof video === 'object' && video.facingMode) {
        const facing = (video.facingMode as { exact?: string }).exact ?? String(video.facingMode);
        const camera = await labelled(facing);
        if (!camera) throw new DOMException('no such camera', 'OverconstrainedError');
        const rest = { ...video };
        delete rest.facingMode;
        asked = { ...constraints, video: { ...rest, deviceId: { exact: camera.deviceId } } };
      }
      const stream = await open(asked);
      for (const track of stream.getVideoTracks()) {
        const settings = track.getSettings.bind(track);
        const facingMode = FACING[track.label];
        track.getSettings = () => ({ ...settings(), ...(facingMode ? { facingMode } : {}) });
      }
      return stream;
    };
  });
}

/**
 * Stands in for the Screen Wake Lock (headless Chromium has no screen to keep on), counting
 * what the page asks for and lets go of in `window.__wakeLocks`.
 */
export async function recordWakeLocks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counts = { requested: 0, released: 0 };
    Object.assign(window, { __wakeLocks: counts });
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: async () => {
          counts.requested++;
          const sentinel = {
            released: false,
            type: 'screen',
            release: async () => {
              if (!sentinel.released) counts.released++;
              sentinel.released = true;
            },
            addEventListener() {},
            removeEventListener() {},
          };
          return sentinel;
        },
      },
    });
  });
}

export class PhoneRoom {
  constructor(readonly page: Page) {}

  bar() {
    return this.page.getByTestId('mobile-bar');
  }

  stage() {
    return this.page.getByTestId('mobile-stage');
  }

  mainWindow() {
    return this.page.locator('[data-main-window]');
  }

  sheet() {
    return this.page.getByTestId('mobile-sheet');
  }

  async openMore() {
    await this.bar().getByTestId('mobile-more').tap();
    await expect(this.sheet()).toBeVisible();
  }

  async rotate(to: 'portrait' | 'landscape') {
    await this.page.setViewportSize(to === 'portrait' ? PORTRAIT : LANDSCAPE);
    await expect(this.page.getByTestId('mobile-room')).toHaveAttribute('data-orientation', to);
  }

  /** The app switch of a phone: the page hidden (or visible again), as the browser tells it. */
  async setBackground(hidden: boolean) {
    await this.page.evaluate((away) => {
      if (away) {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => 'hidden',
        });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      } else {
        // The document's own values again (it is in fact visible).
        delete (document as { visibilityState?: unknown }).visibilityState;
        delete (document as { hidden?: unknown }).hidden;
      }
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  }

  /** How many Screen Wake Locks the page asked for and let go of (see recordWakeLocks). */
  async wakeLocks(): Promise<{ requested: number; released: number }> {
    return this.page.evaluate(() => ({
      ...(window as unknown as { __wakeLocks: { requested: number; released: number } })
        .__wakeLocks,
    }));
  }

  /** The video track my camera publisher sends, by its device label ('' when none). */
  async sentCameraLabel(): Promise<string> {
    return this.page.evaluate(() => {
      const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] })
        .__peerConnections;
      for (const pc of pcs) {
        if (pc.connectionState === 'closed') continue;
        for (const sender of pc.getSenders()) {
          if (sender.track?.kind === 'video') return sender.track.label;
        }
      }
      return '';
    });
  }
}
