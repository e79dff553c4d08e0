/**
 * Firefox participants (issue 28): Debian's firefox-esr, headless, driven over WebDriver BiDi by
 * puppeteer-core (no browser download), beside the suite's Chromium ones. The camera and the
 * microphone are Firefox's fake devices (a colour-cycling picture, a tone), allowed without a
 * prompt. Firefox refuses WebGL to headless windows without a display, and Mesa's software GL is
 * on its blocklist: `webgl: true` gives the browser a virtual display (Xvfb) and forces WebGL on,
 * as a desktop Firefox has it; `webgl: false` is a Firefox without WebGL.
 *
 * The page object speaks the suite's test hooks (data-testid, data-state, tiles' data-member-id)
 * through puppeteer's Page; waits go through Playwright's `expect.poll`, so a failure reads as
 * the rest of the suite's do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** A virtual X display for WebGL; its number comes from Xvfb itself (-displayfd). */
async function virtualDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { display, process: xvfb };
}

export interface FirefoxOptions {
  /** WebGL on (a virtual display), as a desktop Firefox has it; off: a Firefox without WebGL. */
  webgl: boolean;
}

export class FirefoxBrowser {
  private constructor(
    readonly browser: Browser,
    /** Where this Firefox saves downloads, without asking. */
    readonly downloads: string,
    private readonly xvfb: ChildProcess | undefined,
  ) {}

  static async launch({ webgl }: FirefoxOptions): Promise<FirefoxBrowser> {
    expect(existsSync(FIREFOX_PATH), `${FIREFOX_PATH} is not installed (firefox-esr)`).toBe(true);
    const x = webgl ? await virtualDisplay() : undefined;
    const downloads = mkdtempSync(path.join(tmpdir(), 'meet-firefox-downloads-'));
    try {
      const browser = await puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX_PATH,
        headless: true,
        defaultViewport: { width: 1280, height: 800 },
        env: { ...process.env, DISPLAY: x?.display ?? '' },
        extraPrefsFirefox: {
          'media.navigator.streams.fake': true,
          'media.navigator.permission.disabled': true,
          'media.autoplay.default': 0,
          'intl.locale.requested': 'en-US',
          'intl.accept_languages': 'en-US, en',
          'browser.download.dir': downloads,
          'browser.download.folderList': 2,
          'browser.download.useDownloadDir': true,
          'browser.download.always_ask_before_handling_new_types': false,
          ...(webgl ? { 'webgl.force-enabled': true } : { 'webgl.disabled': true }),
        },
      });
      return new FirefoxBrowser(browser, downloads, x?.process);
    } catch (error) {
      x?.process.kill();
      throw error;
    }
  }

  /** A participant in a context of their own, signed in with `token` when given. */
  async participant(baseURL: string, token?: string): Promise<FirefoxRoom> {
    const context = await this.browser.createBrowserContext();
    const page = await context.newPage();
    if (token)
      await page.evaluateOnNewDocument((t: string) => {
        if (!sessionStorage.getItem('e2e-signed-in')) {
          localStorage.setItem('token', t);
          localStorage.setItem('loginType', 'email');
          sessionStorage.setItem('e2e-signed-in', '1');
        }
      }, token);
    return new FirefoxRoom(context, page, baseURL);
  }

  /** The names of the files downloaded so far. */
  downloaded(): string[] {
    return readdirSync(this.downloads);
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    this.xvfb?.kill();
  }
}

const byTestId = (id: string) => `[data-testid="${id}"]`;

/** What a Firefox participant does and sees, in the suite's test hooks. */
export class FirefoxRoom {
  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(pathname: string): Promise<void> {
    await this.page.goto(`${this.baseURL}${pathname}`);
  }

  /** Waits for an element and answers its text. */
  async text(selector: string, timeout = 10_000): Promise<string> {
    const element = await this.page.waitForSelector(selector, { timeout });
    return element!.evaluate((e) => e.textContent ?? '');
  }

  async click(testId: string): Promise<void> {
    await this.page.locator(byTestId(testId)).click();
  }

  /** Clicks the button whose text includes `name`. */
  async clickButton(name: string): Promise<void> {
    await this.page.locator(`button::-p-text(${name})`).click();
  }

  async fill(selector: string, value: string): Promise<void> {
    await this.page.locator(selector).fill(value);
  }

  /** Whether an element is there now. */
  async has(selector: string): Promise<boolean> {
    return (await this.page.$(selector)) !== null;
  }

  /** An attribute of an element (null if either is missing). */
  async attribute(selector: string, name: string): Promise<string | null> {
    return this.page.evaluate(
      (sel, attr) => document.querySelector(sel)?.getAttribute(attr) ?? null,
      selector,
      name,
    );
  }

  async expectAttribute(selector: string, name: string, value: string, timeout = 15_000) {
    await expect
      .poll(() => this.attribute(selector, name), { timeout, message: `${selector} ${name}` })
      .toBe(value);
  }

  async expectVisible(selector: string, timeout = 15_000): Promise<void> {
    await this.page.waitForSelector(selector, { visible: true, timeout });
  }

  /** From the Join page through the pre-join screen into the room (connection-state connected). */
  async joinThroughUi(
    conferenceId: string,
    name: string,
    options: { camera?: boolean; mic?: boolean } = {},
  ): Promise<void> {
    await this.goto('/join');
    await this.fill('input[name="conferenceId"]', conferenceId);
    await this.fill('input[name="userConferenceName"]', name);
    await this.page.locator('input[name="userConferenceName"]').click();
    await this.page.keyboard.press('Enter');
    await this.page.waitForFunction(
      (id) => location.pathname === `/meeting/${id}`,
      {},
      conferenceId,
    );
    await this.joinFromPrejoin(options);
  }

  async joinFromPrejoin(options: { camera?: boolean; mic?: boolean } = {}): Promise<void> {
    await this.expectVisible(byTestId('join-now'));
    if (options.camera === false) await this.click('toggle-camera');
    if (options.mic === false) await this.click('toggle-mic');
    await this.click('join-now');
    await this.expectAttribute(byTestId('connection-state'), 'data-state', 'connected');
  }

  /** The signed-in user's id (visitors included), as tiles and rows name members. */
  async userId(): Promise<string> {
    return this.page.evaluate(async () => {
      const res = await fetch('/api/user/getUserInfo', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      return String((await res.json()).payload.userId);
    });
  }

  tile(memberId: string, source: 'camera' | 'screen' = 'camera'): string {
    return `[data-member-id="${memberId}"][data-source="${source}"]`;
  }

  /**
   * The member's video presents new frames at a real size. Firefox counts no decoded frames of a
   * MediaStream in getVideoPlaybackQuality, so frames are counted as they are presented
   * (requestVideoFrameCallback).
   */
  async expectVideoPlaying(
    memberId: string,
    source: 'camera' | 'screen' = 'camera',
    timeout = 15_000,
  ): Promise<void> {
    const selector = `${this.tile(memberId, source)} video`;
    await expect
      .poll(
        () =>
          this.page.evaluate(async (sel) => {
            const video = document.querySelector<HTMLVideoElement>(sel);
            if (!video) return 'no video element';
            if (video.videoWidth === 0) return 'no frames';
            const presented = await new Promise<number>((resolve) => {
              let first: number | undefined;
              const timer = setTimeout(() => resolve(0), 1500);
              const onFrame = (_now: number, meta: { presentedFrames: number }) => {
                if (first === undefined) {
                  first = meta.presentedFrames;
                  video.requestVideoFrameCallback(onFrame);
                } else {
                  clearTimeout(timer);
                  resolve(meta.presentedFrames - first);
                }
              };
              video.requestVideoFrameCallback(onFrame);
            });
            return presented > 0 ? 'playing' : 'frozen';
          }, selector),
        { timeout, intervals: [250], message: `${selector} plays in Firefox` },
      )
      .toBe('playing');
  }

  /** Opens the right panel on one of its tabs. */
  async openPanel(tab: 'members' | 'chat'): Promise<void> {
    if (!(await this.has(byTestId('room-panel'))))
      await this.click(tab === 'chat' ? 'chat-toggle' : 'members-panel');
    await this.expectVisible(byTestId('room-panel'));
    await this.click(`panel-tab-${tab}`);
  }

  async sendChat(text: string): Promise<void> {
    await this.fill('textarea[name="chatMessage"]', text);
    await this.click('chat-send');
    await this.expectChat(text);
  }

  /** A chat message with this text is shown. */
  async expectChat(text: string, timeout = 15_000): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(
            (t) =>
              [...document.querySelectorAll('[data-testid="chat-message"]')].some((m) =>
                m.textContent?.includes(t),
              ),
            text,
          ),
        { timeout, message: `chat message "${text}" in Firefox` },
      )
      .toBe(true);
  }

  async screenshot(file: string): Promise<void> {
    await this.page.screenshot({ path: file as `${string}.png` });
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
