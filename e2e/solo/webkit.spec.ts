/**
 * Safari's engine (issue 28): sign-in, Home and a recording shared with anyone with the link,
 * opened in Debian's WebKitGTK — the real WebKit engine, with the user agent it sends (see
 * support/webkit.ts). Its WebRTC is missing, so the meeting itself is covered in Firefox and
 * Chromium; here WebKit renders and runs the pages around it. Each page's screenshot is attached
 * to the report, and written to $E2E_SHOTS when that names a folder.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type TestInfo } from '@playwright/test';
import { callApi, endedMeeting, signUpByApi } from '../support/api';
import { createMeeting, participant, registeredUser } from '../support/room';
import { WebKit, type WebKitPage } from '../support/webkit';

const HOUR_MS = 60 * 60 * 1000;
/** SPEC.md's unsupported-browser message box. */
const UNSUPPORTED = '.unsupported';
/** A whole page's load in a new WebKit window (a new engine process), on a busy machine. */
const PAGE_LOAD_MS = 30_000;

let webkit: WebKit;
test.beforeAll(async () => {
  webkit = await WebKit.launch();
});
test.afterAll(async () => {
  await webkit?.close();
});

async function shot(page: WebKitPage, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) mkdirSync(dir, { recursive: true });
  const file = dir ? path.join(dir, `${name}.png`) : testInfo.outputPath(`${name}.png`);
  await testInfo.attach(name, { body: await page.screenshot(file), contentType: 'image/png' });
}

/**
 * Opens a window in WebKit for one test and closes it after; when the test fails, what the
 * window showed is attached first (as Playwright does for its own browsers).
 */
async function inWebKit(
  baseURL: string,
  testInfo: TestInfo,
  body: (page: WebKitPage) => Promise<void>,
) {
  const page = await webkit.newPage(baseURL);
  try {
    await body(page);
  } catch (error) {
    await shot(page, testInfo, 'webkit-failure').catch(() => undefined);
    await testInfo.attach('webkit-log', { body: webkit.log(), contentType: 'text/plain' });
    throw error;
  } finally {
    await page.close();
  }
}

/** A meeting scheduled an hour or so from now, for the Upcoming list. */
async function scheduled(request: APIRequestContext, token: string, topic: string) {
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
  const reply = await callApi(
    request,
    'conference/reserve/create',
    { topic, timezone: 'UTC', startTime: start, endTime: start + HOUR_MS, subtitle: 0 },
    token,
  );
  expect(reply.code).toBe(0);
}

test('in WebKit, a person signs in with email and password and lands on Home with their meetings', async ({
  request,
  baseURL,
}, testInfo) => {
  const { email, token } = await signUpByApi(request, 'safari');
  await scheduled(request, token, 'Design review');

  await inWebKit(baseURL!, testInfo, async (page) => {
    await page.goto('/signin');
    await page.element('input[name="email"]', PAGE_LOAD_MS);
    expect(await page.count(UNSUPPORTED)).toBe(0);
    expect(await page.text('h1')).toBe('Sign in');
    await shot(page, testInfo, 'webkit-signin');

    await page.type('input[name="email"]', email);
    await page.type('input[name="password"]', 'secret123');
    await page.click('form button[type="submit"]');
    await expect.poll(() => page.path(), { timeout: PAGE_LOAD_MS }).toBe('/home/meetings');
    await expect
      .poll(() => page.text('[data-testid="meeting-item"]'), { timeout: PAGE_LOAD_MS })
      .toContain('Design review');
    expect(await page.count(UNSUPPORTED)).toBe(0);
  });
});

test('in WebKit, Home shows the upcoming and finished lists and the start and join cards, with no unsupported-browser box', async ({
  request,
  baseURL,
}, testInfo) => {
  const { token } = await signUpByApi(request, 'safari-home');
  await scheduled(request, token, 'Quarterly planning');
  await endedMeeting(request, token);

  await inWebKit(baseURL!, testInfo, async (page) => {
    // Signed in earlier: the token is where the app keeps it, before Home loads.
    await page.goto('/signin');
    await page.element('input[name="email"]', PAGE_LOAD_MS);
    await page.evaluate(
      `localStorage.setItem('token', arguments[0]); localStorage.setItem('loginType', 'email');`,
      token,
    );
    await page.goto('/home/meetings');

    await expect
      .poll(() => page.text('[data-testid="meetings-lists"] [data-testid="meeting-item"]'), {
        timeout: PAGE_LOAD_MS,
      })
      .toContain('Quarterly planning');
    expect(await page.text('#upcoming-title')).toBe('Upcoming');
    await expect.poll(() => page.text('[data-testid="finished-list"]')).toContain('Finished retro');
    expect(await page.text('.meetings-start button')).toContain('New meeting');
    expect(await page.visible('.meetings-start button')).toBe(true);
    expect(await page.visible('input[name="quickJoinId"]')).toBe(true);
    expect(await page.visible('[data-testid="zone-clock"]')).toBe(true);
    expect(await page.count(UNSUPPORTED)).toBe(0);
    // The two columns of a wide screen: the cards beside the lists, not above them.
    const [side, lists] = await page.evaluate<{ x: number; y: number }[]>(
      `return ['meetings-side', 'meetings-lists'].map((id) => {
         const box = document.querySelector('[data-testid="' + id + '"]').getBoundingClientRect();
         return { x: box.x, y: box.y };
       });`,
    );
    expect(lists!.x).toBeGreaterThan(side!.x);
    expect(Math.abs(lists!.y - side!.y)).toBeLessThan(24);

    // Typing a meeting ID: a letter is refused as it is typed (beforeinput), separators stay.
    await page.type('input[name="quickJoinId"]', '12a3-456 789');
    expect(await page.value('input[name="quickJoinId"]')).toBe('123-456 789');
    await shot(page, testInfo, 'webkit-home');
  });
});

test('in WebKit, a recording shared with anyone with the link opens on its page without signing in', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  // A real recording: the host (in Chromium, which has WebRTC) records a little audio.
  const host = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, host.token, 'Launch retro');
  const { conferenceUri } = (
    await callApi<{ conferenceUri: string }>(request, 'conference/conferenceInfo', { conferenceId })
  ).payload;
  const chromium = await participant(browser, host.token);
  await chromium.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  const started = await callApi<{ recordId: string }>(
    request,
    'conference/startRecord',
    { conferenceUri, recordType: 'audio', layout: 'speech' },
    host.token,
  );
  expect(started.code, started.msg).toBe(0);
  const { recordId } = started.payload;
  await chromium.room.page.waitForTimeout(4000);
  expect(
    (await callApi(request, 'conference/stopRecord', { conferenceUri }, host.token)).code,
  ).toBe(0);
  await chromium.context.close();

  const status = async () => {
    const mine = await callApi<{ list: { recordId: string; status: string }[] }>(
      request,
      'record/getMyRecords',
      {},
      host.token,
    );
    return mine.payload.list.find((r) => r.recordId === recordId)?.status;
  };
  await expect.poll(status, { timeout: 120_000, intervals: [1000] }).toBe('ready');
  const shared = await callApi(
    request,
    'record/permission/set',
    { recordId, shareScope: 'link' },
    host.token,
  );
  expect(shared.code, shared.msg).toBe(0);

  await inWebKit(baseURL!, testInfo, async (page) => {
    await page.goto(`/rec/${recordId}`);
    await page.element('[data-testid="record-detail"]', PAGE_LOAD_MS);
    expect(await page.attribute('[data-testid="record-detail"]', 'data-status')).toBe('ready');
    expect(await page.text('[data-testid="record-title"]')).toContain('Launch retro');
    expect(await page.visible('[data-testid="record-player"]')).toBe(true);
    expect(await page.attribute('[data-testid="record-player"]', 'src')).toMatch(/\/files\//);
    // WebKit's media stack reads the file by its signed link (type, length, Range answers).
    const media = () =>
      page.evaluate<string>(
        `const audio = document.querySelector('[data-testid="record-player"]');
         if (audio.error) return 'error ' + audio.error.code;
         return audio.readyState >= 1 ? 'duration ' + Math.round(audio.duration) : 'loading';`,
      );
    await expect.poll(media, { timeout: 15_000 }).toMatch(/^duration [3-6]$/);
    await page.evaluate(
      `const audio = document.querySelector('[data-testid="record-player"]');
       audio.muted = true;
       return audio.play();`,
    );
    await expect
      .poll(() =>
        page.evaluate<number>(
          `return document.querySelector('[data-testid="record-player"]').currentTime`,
        ),
      )
      .toBeGreaterThan(0.5);
    expect(await page.count('[data-testid="record-no-access"]')).toBe(0);
    expect(await page.count(UNSUPPORTED)).toBe(0);
    await shot(page, testInfo, 'webkit-recording');
  });
});
