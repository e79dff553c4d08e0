/**
 * Rough edges of Home for one person (issue 30): meeting rows that keep their titles and IDs
 * readable at 1440 px with a legible calendar-feed badge and an "Add to calendar" link named by its
 * text; a reservation's start that carries its end and is checked again in another zone; a Home
 * that says it could not load (never "No meetings yet"), never shows my meetings as someone
 * else's, and comes back by itself; a sign-up whose code step survives a reload.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, signUpByApi } from '../support/api';
import { uniqueEmail } from '../support/mailbox';
import { MeetingsHome, SignUpScreen } from '../support/pages';
import { signInWithToken } from '../support/room';
import { shot } from '../support/shots';
import { zoned } from '../support/zones';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const LONG_TITLE =
  'Quarterly planning with the Shanghai, Berlin and New York teams: roadmap, hiring and budget';
const MEETINGS_API = /\/api\/conference\/(reserve\/list|getMyRunningConferenceList)$/;

async function reserve(
  request: Parameters<typeof callApi>[0],
  token: string,
  topic: string,
  startTime: number,
  length = HOUR_MS,
  timezone = 'Asia/Shanghai',
) {
  const reply = await callApi<{ conferenceId: string }>(
    request,
    'conference/reserve/create',
    { topic, timezone, startTime, endTime: startTime + length, subtitle: 0 },
    token,
  );
  expect(reply.code).toBe(0);
  return reply.payload.conferenceId;
}

/** An element's rendered box and how many lines of its text that is. */
function layoutOf(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return {
      width: rect.width,
      right: rect.right,
      lines: Math.round(rect.height / lineHeight),
      cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    };
  });
}

/** WCAG contrast of an element's text on the first opaque background behind it. */
function contrastOf(locator: Locator) {
  return locator.evaluate((el) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R, G, B] = [r, g, b].map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    let back: Element | null = el;
    let background = 'rgb(255, 255, 255)';
    for (; back; back = back.parentElement) {
      const value = getComputedStyle(back).backgroundColor;
      const alpha = rgb(value)[3];
      if (value !== 'transparent' && (alpha === undefined || alpha === 1)) {
        background = value;
        break;
      }
    }
    const fg = luminance(rgb(getComputedStyle(el).color));
    const bg = luminance(rgb(background));
    return {
      color: getComputedStyle(el).color,
      background,
      ratio: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05),
    };
  });
}

test('at 1440x900 a long title, its meeting ID and the "In calendar feed" badge stay readable, the badge is legible, and "Add to calendar" is named by its text', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'rows');
  // A calendar subscription: the meetings reserved from now on are in its feed (syncCalendar).
  expect((await callApi(request, 'user/getCalendarFeed', {}, token)).code).toBe(0);
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 2 * HOUR_MS;
  await reserve(request, token, 'Shanghai standup', start);
  await reserve(request, token, LONG_TITLE, start + HOUR_MS);
  await signInWithToken(context, token);
  await page.setViewportSize({ width: 1440, height: 900 });
  const home = new MeetingsHome(page);
  await home.open();

  for (const [topic, minWidth] of [
    ['Shanghai standup', 100],
    [LONG_TITLE, 400],
  ] as const) {
    const row = home.item(topic);
    const badge = row.getByTestId('meeting-in-feed');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText('In calendar feed');
    const title = row.getByRole('heading', { level: 3 });
    const titleBox = await layoutOf(title);
    const idBox = await layoutOf(row.getByText(/^Meeting ID: [\d ]+$/));
    const badgeBox = await layoutOf(badge);
    const rowBox = (await row.boundingBox())!;
    const actions = (await row.getByRole('button', { name: 'Start' }).boundingBox())!;

    // The badge is one line and leaves the title its room; the ID is never broken.
    expect(badgeBox.lines, `${topic}: badge lines`).toBe(1);
    expect(titleBox.width, `${topic}: title width`).toBeGreaterThan(minWidth);
    expect(titleBox.lines, `${topic}: title lines`).toBeLessThanOrEqual(2);
    expect(idBox.lines, `${topic}: ID lines`).toBe(1);
    expect(idBox.cut, `${topic}: ID cut`).toBe(false);
    // Every action is inside its row, and so inside the window.
    expect(actions.x + actions.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(1440);

    const contrast = await contrastOf(badge);
    expect(contrast.ratio, `${contrast.color} on ${contrast.background}`).toBeGreaterThanOrEqual(
      4.5,
    );
  }
  // The short title is whole on one line, beside its badge.
  const short = home.item('Shanghai standup');
  const shortTitle = await layoutOf(short.getByRole('heading', { level: 3 }));
  expect(shortTitle).toMatchObject({ lines: 1, cut: false });

  // Label in name (WCAG 2.5.3): each link's accessible name begins with its visible text.
  const links = page.getByRole('link', { name: /Add to calendar/ });
  await expect(links).toHaveCount(2);
  for (const topic of ['Shanghai standup', LONG_TITLE]) {
    const link = home.item(topic).getByRole('link', { name: /Add to calendar/ });
    await expect(link).toHaveText('Add to calendar');
    await expect(link).toHaveAccessibleName(`Add to calendar: “${topic}” (.ics file)`);
  }
  await shot(page, 'home-rows-1440');
});

test('editing a reservation: a new start keeps its 45 minutes until the end is edited; a zone where the start has passed is refused at once', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'times');
  const { date } = zoned(Date.now() + 2 * DAY_MS, 'Asia/Shanghai');
  const start = Date.parse(`${date}T10:00:00+08:00`);
  const conferenceId = await reserve(request, token, 'Design review', start, 45 * MINUTE_MS);
  await signInWithToken(context, token);
  const home = new MeetingsHome(page);
  await home.open();

  const edit = await home.edit('Design review');
  await expect(edit.field('endTime')).toHaveValue('10:45');
  await edit.fill({ startTime: '14:00' });
  await expect(edit.field('endTime')).toHaveValue('14:45');
  await expect(edit.field('endDate')).toHaveValue(date);
  // Late in the evening: the end goes on to the next day, still 45 minutes on.
  await edit.fill({ startTime: '23:30' });
  const next = zoned(start + DAY_MS, 'Asia/Shanghai').date;
  await expect(edit.field('endDate')).toHaveValue(next);
  await expect(edit.field('endTime')).toHaveValue('00:15');
  // Once the end is the user's, a new start leaves it.
  await edit.fill({ startTime: '14:00', endDate: date, endTime: '16:00' });
  await edit.fill({ startTime: '15:00' });
  await expect(edit.field('endTime')).toHaveValue('16:00');
  await edit.submitAndClose();
  const listed = await callApi<{ meetingId: string; startTime: number; endTime: number }[]>(
    request,
    'conference/reserve/list',
    {},
    token,
  );
  expect(listed.payload.find((item) => item.meetingId === conferenceId)).toMatchObject({
    startTime: start + 5 * HOUR_MS,
    endTime: start + 6 * HOUR_MS,
  });

  // A new meeting two hours from now in Honolulu: the same wall-clock time in Kiritimati (24
  // hours ahead of Honolulu) was yesterday's.
  const honolulu = zoned(Date.now() + 2 * HOUR_MS, 'Pacific/Honolulu');
  const dialog = await home.openSchedule();
  await dialog.fill({
    topic: 'Across the date line',
    timezone: 'Pacific/Honolulu',
    startDate: honolulu.date,
    startTime: honolulu.time,
  });
  const startError = dialog.root.getByTestId('reservation-start-error');
  await expect(startError).toHaveCount(0);
  await dialog.fill({ timezone: 'Pacific/Kiritimati' });
  await expect(startError).toHaveText('The meeting time has already passed');
  await shot(page, 'reservation-zone-past');
  let sent = false;
  page.on('request', (req) => {
    if (req.url().includes('/api/conference/reserve/create')) sent = true;
  });
  await dialog.submit();
  await expect(startError).toHaveText('The meeting time has already passed');
  expect(sent).toBe(false);
  // Back in Honolulu it is two hours ahead again, and is scheduled.
  await dialog.fill({ timezone: 'Pacific/Honolulu' });
  await expect(startError).toHaveCount(0);
  await dialog.submitAndClose();
  await expect(home.item('Across the date line')).toBeVisible();
});

/** The tab is hidden (another tab in front), then shown again, as the browser tells the page. */
async function showTabAgain(page: Page) {
  for (const state of ['hidden', 'visible']) {
    await page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true });
      Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }, state);
  }
}

/** Makes Home's meeting lists unreachable, as a dropped connection does, until the returned undo. */
async function cutMeetingsApi(page: Page) {
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.abort('internetdisconnected');
  await page.route(MEETINGS_API, handler);
  return () => page.unroute(MEETINGS_API, handler);
}

test('offline and back: Home says it could not load (with Retry, never "No meetings yet"), then lists my meeting as mine by itself when the browser is online again', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'offline');
  const start = Date.now() + DAY_MS;
  await reserve(request, token, 'Weekly sync', start);
  await signInWithToken(context, token);
  const restore = await cutMeetingsApi(page);
  const home = new MeetingsHome(page);
  await home.open();

  const failed = page.getByTestId('meetings-load-failed');
  await expect(failed).toContainText('Your meetings could not be loaded');
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('No meetings yet')).toHaveCount(0);
  await shot(page, 'home-load-failed');
  // Retry while the connection is still down: still the error, still no "No meetings yet".
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toBeVisible();
  await expect(page.getByText('No meetings yet')).toHaveCount(0);

  // The browser goes offline, the network comes back, the browser is online: no click needed.
  await context.setOffline(true);
  await restore();
  await context.setOffline(false);
  const row = home.item('Weekly sync');
  await expect(row).toBeVisible();
  await expect(failed).toHaveCount(0);
  // Mine: I start and edit it, and nobody else "created" it.
  await expect(row.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(row).not.toContainText('Created by');

  // Offline with the list shown: a meeting planned meanwhile elsewhere appears when back online.
  await context.setOffline(true);
  await reserve(request, token, 'Planned on the phone', start + HOUR_MS);
  await page.waitForTimeout(500);
  await expect(home.item('Planned on the phone')).toHaveCount(0);
  await context.setOffline(false);
  await expect(home.item('Planned on the phone')).toBeVisible();
  await expect(home.item('Planned on the phone')).not.toContainText('Created by');
});

test('"who am I" missing while the meetings load never shows my own meeting as someone else\'s; the tab shown again refreshes the list', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'identity');
  const start = Date.now() + DAY_MS;
  await reserve(request, token, 'Board prep', start);
  await signInWithToken(context, token);
  // A first visit (nothing cached) whose getUserInfo cannot get through; the lists can.
  const userInfo = '**/api/user/getUserInfo';
  await page.route(userInfo, (route) => route.abort('internetdisconnected'));
  const home = new MeetingsHome(page);
  await home.open();
  const failed = page.getByTestId('meetings-load-failed');
  await expect(failed).toBeVisible();
  await expect(page.getByText('Created by')).toHaveCount(0);
  await expect(home.item('Board prep')).toHaveCount(0);

  // Back online: who I am comes back, and the meeting is mine.
  await context.setOffline(true);
  await page.unroute(userInfo);
  await context.setOffline(false);
  const row = home.item('Board prep');
  await expect(row.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(row).not.toContainText('Created by');

  // Learnt once, kept with this sign-in: a reload that cannot ask again still knows me.
  await page.route(userInfo, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(row.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(row).not.toContainText('Created by');
  await page.unroute(userInfo);

  // Another tab (here, the API) plans a meeting; this tab shows it once it is visible again.
  await reserve(request, token, 'Planned in another tab', start + HOUR_MS);
  await page.waitForTimeout(500);
  await expect(home.item('Planned in another tab')).toHaveCount(0);
  const reloads: string[] = [];
  page.on('request', (req) => {
    if (MEETINGS_API.test(new URL(req.url()).pathname)) reloads.push(req.url());
  });
  await showTabAgain(page);
  await expect(home.item('Planned in another tab')).toBeVisible();
  expect(reloads.length).toBeGreaterThanOrEqual(2);
});

test('a reload during sign-up comes back to the code step for the same address, and the resend wait goes on counting from the send', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reload');
  const signUp = new SignUpScreen(page, request);
  await signUp.open();
  await signUp.requestCode(email);
  const resend = page.getByRole('button', { name: /^Resend in \d+ s$/ });
  const secondsLeft = async () => Number(/(\d+)/.exec((await resend.textContent()) ?? '')![1]);
  await expect(resend).toBeVisible();
  expect(await secondsLeft()).toBeGreaterThanOrEqual(58);

  await page.waitForTimeout(3_000);
  await page.reload();
  await expect(signUp.code).toBeVisible();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}`)).toBeVisible();
  await expect(resend).toBeVisible();
  const afterReload = await secondsLeft();
  // Counted from the send (3 s and a reload ago), not started again at 60 nor frozen.
  expect(afterReload).toBeLessThanOrEqual(57);
  expect(afterReload).toBeGreaterThan(30);
  await expect.poll(secondsLeft, { timeout: 5_000 }).toBeLessThanOrEqual(afterReload - 2);
  await shot(page, 'signup-code-after-reload');

  // The code mailed before the reload finishes the sign-up.
  await signUp.enterMailedCode(email);
  await signUp.choosePassword('secret123');
  await expect(page).toHaveURL(/\/home\/meetings$/);
  // Done: nothing of it is kept for a later sign-up in this tab.
  expect(await page.evaluate(() => sessionStorage.getItem('emailCodeFlow:register'))).toBeNull();
});
