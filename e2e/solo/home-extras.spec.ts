/**
 * Home's extras for one person: feedback from the avatar menu reaching the operator's list,
 * "Add to calendar" files that calendar apps read at the right time whatever zone a meeting was
 * planned in, the private calendar subscription listing the meetings, and the Integrations red
 * dot and calendar banner remembered per account.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signUpByApi } from '../support/api';
import { gradientPng } from '../support/png';
import { HomeShell, MeetingsHome } from '../support/pages';
import { signInWithToken } from '../support/room';
import { instantOf, zoned } from '../support/zones';

const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-operator-token-0123456789abcdef';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Screenshots for a person to look at, only when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Waits for a dialog or menu to finish its opening animation (for screenshots). */
async function settled(locator: Locator) {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
}

interface Event {
  uid: string;
  summary: string;
  start: number;
  end: number;
  startIsUtc: boolean;
  url: string;
}

/** The events of an iCalendar text, read by ical.js as a calendar app would. */
function eventsOf(ics: string): Event[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
      url: String(component.getFirstPropertyValue('url') ?? ''),
    };
  });
}

async function feedbackList(request: APIRequestContext) {
  const res = await request.get('/admin/feedback', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).payload.list as {
    id: number;
    email: string;
    content: string;
    clientVersion: string;
    device: string;
    screenshotUrl: string | null;
  }[];
}

test('feedback with a screenshot, sent from the avatar menu, arrives in the operator’s list', async ({
  page,
  context,
  request,
}) => {
  const { email, token } = await signUpByApi(request, 'feedback');
  await signInWithToken(context, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await new MeetingsHome(page).open();
  const shell = new HomeShell(page);
  await shell.openAccountMenu();
  await page.getByRole('menuitem', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await expect(dialog).toBeVisible();

  // Nothing written: refused in the dialog, nothing sent.
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please describe what happened');

  const content = `The shared screen froze after a minute (${Date.now()})`;
  await dialog.getByRole('textbox', { name: 'What happened?' }).fill(content);
  await dialog.getByTestId('feedback-screenshot-input').setInputFiles({
    name: 'frozen.png',
    mimeType: 'image/png',
    buffer: gradientPng(640, 360),
  });
  await expect(dialog.getByRole('img', { name: 'The screenshot you added' })).toBeVisible();
  await settled(dialog);
  await shot(page, 'feedback-dialog');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you! Your feedback was sent.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const item = (await feedbackList(request)).find((r) => r.content === content);
  expect(item).toMatchObject({ email, clientVersion: 'web/3.10.3' });
  expect(item!.device).toContain('Chrome');
  expect(item!.screenshotUrl).toMatch(/^\/admin\/feedback\/\d+\/screenshot$/);
  const screenshot = await request.get(item!.screenshotUrl!, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(screenshot.headers()['content-type']).toBe('image/png');
  // Without the operator's token the list and the picture stay closed.
  expect((await request.get('/admin/feedback')).status()).toBe(401);
  expect(
    (
      await request.get(item!.screenshotUrl!, { headers: { authorization: `Bearer ${token}` } })
    ).status(),
  ).toBe(401);
});

test('"Add to calendar" files carry the right UTC time for meetings planned in Shanghai and New York, and the private subscription lists both', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'calendar');
  await signInWithToken(context, token);
  await page.setViewportSize({ width: 1280, height: 860 });
  const home = new MeetingsHome(page);
  await home.open();

  const plans = [
    { topic: 'Shanghai standup', timezone: 'Asia/Shanghai', time: '10:00' },
    { topic: 'New York review', timezone: 'America/New_York', time: '09:30' },
  ].map((plan) => {
    const { date } = zoned(Date.now() + 2 * DAY_MS, plan.timezone);
    return { ...plan, date, start: instantOf(date, plan.time, plan.timezone) };
  });
  for (const plan of plans) {
    const dialog = await home.openSchedule();
    await dialog.fill({
      topic: plan.topic,
      timezone: plan.timezone,
      startDate: plan.date,
      startTime: plan.time,
    });
    await dialog.submitAndClose();
    await expect(home.item(plan.topic)).toBeVisible();
  }

  const ids = new Map<string, string>();
  for (const plan of plans) {
    const item = home.item(plan.topic);
    const id = (await item.getAttribute('data-meeting-id'))!;
    ids.set(plan.topic, id);
    const downloading = page.waitForEvent('download');
    await item.getByRole('link', { name: `Add to calendar: “${plan.topic}” (.ics file)` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`meeting-${id}.ics`);
    const ics = readFileSync((await download.path())!, 'utf8');
    const [event, ...others] = eventsOf(ics);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      uid: `meeting-${id}@${new URL(page.url()).host}`,
      summary: plan.topic,
      start: plan.start,
      end: plan.start + HOUR_MS,
      startIsUtc: true,
    });
    expect(event!.url).toMatch(new RegExp(`/i/${id}$`));
  }
  // The two are 10:00 in Shanghai and 09:30 in New York: what the files say, read back there.
  expect(zoned(plans[0]!.start, 'Asia/Shanghai').time).toBe('10:00');
  expect(zoned(plans[1]!.start, 'America/New_York').time).toBe('09:30');

  // The private subscription address, as a calendar app fetches it: no token.
  const shell = new HomeShell(page);
  await shell.openAccountMenu();
  await page.getByTestId('menu-integrations').click();
  const dialog = page.getByRole('dialog', { name: 'Integrations' });
  const field = dialog.getByRole('textbox', { name: 'Your private calendar address' });
  await expect(field).toHaveValue(/\/calendar\/[\w-]{16,}\.ics$/);
  await settled(dialog);
  await shot(page, 'integrations-dialog');
  const feedUrl = await field.inputValue();
  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const byUid = new Map(eventsOf(await feed.text()).map((e) => [e.uid, e]));
  for (const plan of plans) {
    expect(byUid.get(`meeting-${ids.get(plan.topic)}@${new URL(feedUrl).host}`)).toMatchObject({
      summary: plan.topic,
      start: plan.start,
    });
  }
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  // The subscription now carries these meetings, and their rows say so.
  await expect(home.item(plans[0]!.topic).getByTestId('meeting-in-feed')).toBeVisible();
  await shot(page, 'meetings-add-to-calendar');

  // Reset link: the old address stops working, the new one lists the meetings.
  await shell.openAccountMenu();
  await page.getByTestId('menu-integrations').click();
  await expect(field).toHaveValue(feedUrl);
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await settled(dialog);
  await shot(page, 'integrations-reset-confirm');
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(field).not.toHaveValue(feedUrl);
  await expect(field).toHaveValue(/\/calendar\/[\w-]{16,}\.ics$/);
  expect((await request.get(feedUrl)).status()).toBe(404);
  const fresh = await request.get(await field.inputValue());
  expect(
    eventsOf(await fresh.text())
      .map((e) => e.summary)
      .sort(),
  ).toEqual(plans.map((p) => p.topic).sort());
});

test('the Integrations red dot goes once viewed and stays gone, per account; the calendar banner’s dismissal is remembered', async ({
  page,
  context,
  request,
}) => {
  const first = await signUpByApi(request, 'dot');
  const second = await signUpByApi(request, 'dot2');
  await signInWithToken(context, first.token);
  await page.setViewportSize({ width: 1280, height: 800 });
  const home = new MeetingsHome(page);
  await home.open();
  const shell = new HomeShell(page);
  const dot = page.getByTestId('integrations-dot');
  const banner = page.getByTestId('calendar-banner');

  await expect(banner).toBeVisible();
  await shell.openAccountMenu();
  await expect(dot).toBeVisible();
  await settled(page.getByRole('menu', { name: 'Account menu' }));
  await shot(page, 'avatar-menu-dot');
  await page.getByTestId('menu-integrations').click();
  const dialog = page.getByRole('dialog', { name: 'Integrations' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await shell.openAccountMenu();
  await expect(page.getByTestId('menu-integrations')).toBeVisible();
  await expect(dot).toHaveCount(0);
  // Viewed: the banner has done its work too.
  await expect(banner).toHaveCount(0);
  await page.reload();
  await shell.openAccountMenu();
  await expect(page.getByTestId('menu-integrations')).toBeVisible();
  await expect(dot).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Another account on this browser has not seen it.
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    for (const key of ['email', 'userName', 'nickname', 'avatar']) localStorage.removeItem(key);
  }, second.token);
  await page.reload();
  await expect(page.getByTestId('account-name').or(shell.avatarButton)).toBeVisible();
  await expect(banner).toBeVisible();
  await shot(page, 'calendar-banner');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New meeting' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  // Dismissing the banner is not viewing Integrations.
  await shell.openAccountMenu();
  await expect(dot).toBeVisible();
});
