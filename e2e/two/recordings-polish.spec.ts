/**
 * The recordings screens' rough edges (issue 30), on one real recording: a Pro host (Ann) records
 * a short meeting from a browser whose own zone is Los Angeles, with Tokyo chosen on Home.
 * - Downloads are named after the recording and its day in the chosen zone (.mp4, .m4a).
 * - The list, the recording's page and the message center show Tokyo times, not the browser's.
 * - The processing stage reads in words; the minutes' "- [00:01] …" lines are a list.
 * - Bo (a second browser) asks for access; Ann's open page shows who asks (name, email) without a
 *   reload, she approves there, and Bo's open page shows the recording without a reload.
 * Screenshots go to $SHOTS_DIR when it is set.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { paidThroughApi } from '../support/billing';
import { createMeeting, registeredUser, RoomPage, signInWithToken } from '../support/room';

test.setTimeout(240_000);

const BROWSER_ZONE = 'America/Los_Angeles';
const HOME_ZONE = 'Asia/Tokyo';

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

async function person(browser: Browser, token: string) {
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    timezoneId: BROWSER_ZONE,
  });
  await signInWithToken(context, token);
  return { context, page: await context.newPage() };
}

/** "07:30" of an instant in a zone (both languages write the time so). */
const clock = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
const day = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);

test('recordings: downloads named after the recording and its day, times in Home’s zone, stages and minutes in words, access asked and approved live on the page', async ({
  browser,
  request,
  baseURL,
}) => {
  const ann = await registeredUser(request, 'Ann');
  await paidThroughApi(request, baseURL!, ann.token);
  const bo = await registeredUser(request, 'Bo Lee');
  const conferenceId = await createMeeting(request, ann.token, 'Polish review');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  const a = await person(browser, ann.token);
  const room = new RoomPage(a.page);
  await room.joinThroughUi(conferenceId, 'Ann');
  await a.page.getByTestId('record-button').click();
  const popover = a.page.getByTestId('record-popover');
  await popover.getByTestId('record-type-video').check();
  await popover.getByTestId('record-start').click();
  await expect(a.page.getByTestId('recording-indicator')).toBeVisible();
  await a.page.waitForTimeout(5000);
  await a.page.getByTestId('record-button').click();
  await a.page.getByTestId('record-stop').click();
  await expect(a.page.getByTestId('recording-indicator')).toHaveCount(0);

  const mine = await (
    await request.post('/api/record/getMyRecords', { headers: auth(ann.token) })
  ).json();
  const { recordId, startTime } = mine.payload.list[0] as { recordId: string; startTime: number };
  expect(clock(startTime, HOME_ZONE)).not.toBe(clock(startTime, BROWSER_ZONE));

  // Home's zone is chosen on Home's meetings list.
  await a.page.goto('/home/meetings');
  const zone = a.page.locator('#home-timezone');
  await zone.fill('Tokyo');
  await zone.press('Enter');
  await expect(a.page.locator('input[name="listTimezone"]')).toHaveValue(HOME_ZONE);

  // While it is processing, the page says the stage in words (it may be quick: then it is ready).
  await a.page.goto(`/rec/${recordId}`);
  const detail = a.page.getByTestId('record-detail');
  await expect(detail).toBeVisible();
  if ((await detail.getAttribute('data-status')) === 'processing') {
    await expect(a.page.getByTestId('record-stage')).toHaveText(
      /^Now: (waiting|reading the streams|composing|saving)$/,
    );
    await shot(a.page, 'recording-processing-stage');
  }
  await expect(detail).toHaveAttribute('data-status', 'ready', { timeout: 150_000 });

  // The list and the page show the start in Tokyo, not Los Angeles.
  await a.page.goto('/home/recording');
  const item = a.page.getByTestId('record-item').first();
  await expect(item.getByTestId('record-meta')).toContainText(clock(startTime, HOME_ZONE));
  await expect(item.getByTestId('record-meta')).not.toContainText(clock(startTime, BROWSER_ZONE));
  await item.getByTestId('record-open').click();
  await expect(a.page.getByTestId('record-meta')).toContainText(clock(startTime, HOME_ZONE));

  // Downloads are named after the recording and its day in Tokyo.
  for (const [kind, ext] of [
    ['video', 'mp4'],
    ['audio', 'm4a'],
  ] as const) {
    const [download] = await Promise.all([
      a.page.waitForEvent('download'),
      a.page.getByTestId(`record-download-${kind}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Polish review ${day(startTime, HOME_ZONE)}.${ext}`);
    await download.cancel();
  }

  // Minutes written as the extractive engine writes them read as a list.
  const minutes = 'Key points\n- [00:01] Ann: We ship on Friday.\n- [00:03] Ann: Budget is fine.';
  const saved = await request.post('/api/sm/updateSummaryResult', {
    headers: auth(ann.token),
    multipart: {
      recordId,
      updateFile: { name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from(minutes) },
    },
  });
  expect((await saved.json()).code).toBe(0);
  await a.page.reload();
  const points = a.page.locator(
    '[data-testid="record-minutes"] ul > li[data-testid="minutes-item"]',
  );
  await expect(points).toHaveCount(2);
  await expect(points.first()).toHaveText('00:01Ann: We ship on Friday.');
  await expect(a.page.getByTestId('record-minutes')).not.toContainText('- [');

  // Bo asks; Ann's open page shows who asks, without a reload.
  const b = await person(browser, bo.token);
  await b.page.goto(`/rec/${recordId}`);
  await expect(b.page.getByTestId('record-no-access')).toBeVisible();
  await b.page.getByTestId('record-apply-reason').fill('I missed the review');
  await b.page.getByTestId('record-apply').click();
  await expect(b.page.getByTestId('record-apply-pending')).toBeVisible();

  const asked = a.page.getByTestId('record-request');
  await expect(asked).toBeVisible({ timeout: 10_000 });
  await expect(asked.getByTestId('record-request-name')).toHaveText('Bo Lee');
  await expect(asked.getByTestId('record-request-email')).toHaveText(bo.email);
  await expect(asked).toContainText('I missed the review');
  await shot(a.page, 'recording-page-request-minutes');
  await asked.getByTestId('record-request-approve').click();
  await expect(a.page.getByTestId('record-requests')).toHaveCount(0);

  // Bo's page opens the recording without a reload.
  await expect(b.page.getByTestId('record-player')).toBeVisible({ timeout: 10_000 });

  // Ann's message center: who asked for which recording, at Tokyo's time.
  const inbox = await (
    await request.post('/api/message/getMessages', { headers: auth(ann.token), data: {} })
  ).json();
  const request0 = (inbox.payload.list as { pushType: string; ctime: number }[]).find(
    (m) => m.pushType === 'apply',
  )!;
  await a.page.goto('/home/meetings');
  await a.page.getByTestId('message-bell').click();
  const message = a.page.locator('[data-testid="message-item"][data-push-type="apply"]').first();
  await expect(message).toContainText('Bo Lee asked to view “Polish review”');
  await expect(message).toContainText(bo.email);
  await expect(message).toContainText(clock(request0.ctime, HOME_ZONE));
  await shot(a.page, 'recording-message-center');

  for (const p of [a, b]) await p.context.close();
});
