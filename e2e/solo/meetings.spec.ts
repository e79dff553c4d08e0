/** Meetings by one person: scheduling in time zones, refusals, invites, joining and leaving. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, endedMeeting, signUpByApi } from '../support/api';
import { uniqueEmail } from '../support/mailbox';
import { JoinScreen, MeetingRoom, MeetingsHome, SignUpScreen } from '../support/pages';
import { zoned } from '../support/zones';
import { RoomPage } from '../support/room';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Screenshots for a person to look at, only when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test('a meeting scheduled for tomorrow 10:00 in Shanghai shows under Tomorrow there and on its date in New York, and can be edited and deleted', async ({
  page,
  request,
}) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('schedule'), 'secret123');
  const home = new MeetingsHome(page);
  await home.showIn('Asia/Shanghai');

  const { date } = zoned(Date.now() + DAY_MS, 'Asia/Shanghai');
  const start = Date.parse(`${date}T10:00:00+08:00`);
  const dialog = await home.openSchedule();
  await dialog.fill({
    topic: 'Quarterly planning',
    timezone: 'Asia/Shanghai',
    startDate: date,
    startTime: '10:00',
  });
  // The end followed the start: one hour later.
  await expect(dialog.field('endDate')).toHaveValue(date);
  await expect(dialog.field('endTime')).toHaveValue('11:00');
  await shot(page, 'reservation-dialog');
  await dialog.submitAndClose();

  const tomorrow = home.group(/^Tomorrow/);
  await expect(tomorrow).toHaveAttribute('data-date', date);
  await expect(tomorrow.getByTestId('meeting-item')).toContainText('Quarterly planning');
  await expect(home.item('Quarterly planning').getByTestId('meeting-time')).toHaveText(
    '10:00 – 11:00',
  );

  await home.showIn('America/New_York');
  const ny = zoned(start, 'America/New_York');
  const nyEnd = zoned(start + 60 * 60 * 1000, 'America/New_York');
  await expect(home.groupOn(ny.date).getByTestId('meeting-item')).toContainText(
    'Quarterly planning',
  );
  await expect(home.item('Quarterly planning').getByTestId('meeting-time')).toHaveText(
    `${ny.time} – ${nyEnd.time}`,
  );
  await expect(home.groupOn(date)).toHaveCount(0);

  // The zone is remembered.
  await page.reload();
  await expect(home.zoneValue).toHaveValue('America/New_York');
  await expect(home.zonePicker).toHaveValue(/America\/New York$/);

  const edit = await home.edit('Quarterly planning');
  // The form shows the meeting in the zone it was planned in.
  await expect(edit.field('timezone')).toHaveValue('Asia/Shanghai');
  await expect(edit.field('startDate')).toHaveValue(date);
  await expect(edit.field('startTime')).toHaveValue('10:00');
  await edit.fill({ topic: 'Quarterly planning (moved)', startTime: '14:00', endTime: '15:30' });
  await edit.submitAndClose();
  await home.showIn('Asia/Shanghai');
  await expect(home.item('Quarterly planning (moved)').getByTestId('meeting-time')).toHaveText(
    '14:00 – 15:30',
  );

  await home.delete('Quarterly planning (moved)');
  await expect(home.item('Quarterly planning')).toHaveCount(0);
});

test('an end before the start and a 25-hour meeting are refused with the catalogue texts', async ({
  page,
  request,
}) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('refuse'), 'secret123');
  const home = new MeetingsHome(page);
  const { date } = zoned(Date.now() + 2 * DAY_MS, 'Asia/Shanghai');
  const next = zoned(Date.now() + 3 * DAY_MS, 'Asia/Shanghai').date;

  const dialog = await home.openSchedule();
  await dialog.fill({
    topic: 'Too odd',
    timezone: 'Asia/Shanghai',
    startDate: date,
    startTime: '10:00',
  });
  await dialog.fill({ endDate: date, endTime: '09:00' });
  await dialog.submit();
  await expect(dialog.root.getByRole('alert')).toHaveText(
    'The end time cannot be earlier than the start time',
  );

  await dialog.fill({ endDate: next, endTime: '11:00' });
  await dialog.submit();
  await expect(dialog.root.getByRole('alert')).toHaveText('A meeting can last at most 24 hours');

  await dialog.fill({ topic: ' ', endDate: date, endTime: '11:00' });
  await dialog.submit();
  await expect(dialog.root.getByRole('alert')).toHaveText('Please enter a meeting topic');
  await expect(dialog.root).toBeVisible();
});

test('a guest opening the invite link of an ended meeting is told it has ended', async ({
  page,
  request,
}) => {
  const host = await signUpByApi(request, 'ended');
  const conferenceId = await endedMeeting(request, host.token);
  await page.goto(`/i/${conferenceId}`);
  const invite = new JoinScreen(page);
  await expect(invite.notice).toContainText('The meeting has ended');
  await expect(page.getByRole('heading', { name: 'Finished retro' })).toBeVisible();
  await expect(invite.conferenceId).toHaveValue(conferenceId);
  await shot(page, 'invite-ended');
});

test('invite links with a malformed or unknown id say so', async ({ page }) => {
  await page.goto('/i/12ab');
  const invite = new JoinScreen(page);
  await expect(invite.notice).toContainText('Please check the invite link');
  await page.goto('/i/999999999');
  await expect(invite.notice).toContainText('The current meeting does not exist');
});

test('the join page needs an id and a name, and an unknown id shows meetingNoExist', async ({
  page,
}) => {
  await page.goto('/join');
  const join = new JoinScreen(page);
  await join.conferenceId.fill('');
  await join.name.fill('');
  await join.joinButton.click();
  await expect(page.getByText('Please enter the meeting ID', { exact: true }).last()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your name' })).toBeVisible();

  await join.join('999 999 998', 'Guest');
  await expect(join.toast('The current meeting does not exist')).toBeVisible();
  await shot(page, 'join-error');
  // A guest got a visitor sign-in and a device id on the way.
  expect(await page.evaluate(() => localStorage.getItem('deviceId'))).toMatch(/^[A-Za-z0-9]{18}$/);
});

test('the meeting ID field takes digits with spaces or dashes only, and a name past 30 characters shows 31/30 and cannot join', async ({
  page,
}) => {
  await page.goto('/join');
  const join = new JoinScreen(page);
  await join.conferenceId.click();
  await page.keyboard.type('12a3 456-7x89');
  await expect(join.conferenceId).toHaveValue('123 456-789');
  // Pasting an ID with dashes keeps it as it is; the join uses its digits.
  await join.conferenceId.fill('999-999-998');
  await expect(join.conferenceId).toHaveValue('999-999-998');

  await join.name.fill('x'.repeat(20));
  await expect(page.getByTestId('char-count')).toHaveCount(0);
  await join.name.fill('x'.repeat(27));
  await expect(page.getByTestId('char-count')).toHaveText('27/30');
  await join.name.fill('x'.repeat(31));
  await expect(join.name).toHaveValue('x'.repeat(31));
  await expect(page.getByTestId('char-count')).toHaveText('31/30');
  await expect(page.getByRole('alert')).toHaveText('Nickname cannot exceed 30 characters');
  await expect(join.joinButton).toBeDisabled();
  await shot(page, 'join-name-over-limit');

  await join.name.fill('Guest');
  await join.joinButton.click();
  await expect(join.toast('The current meeting does not exist')).toBeVisible();
});

test('a new meeting from Home opens its page; leaving ends it and it is listed as finished', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await new SignUpScreen(page, request).signUp(uniqueEmail('instant'), 'secret123');
  const home = new MeetingsHome(page);
  await home.startNewMeeting();
  const room = new MeetingRoom(page);
  await expect(room.title).toContainText('meeting');
  const id = room.id();
  await expect(page.getByTestId('meeting-id')).toHaveText(
    `${id.slice(0, 3)} ${id.slice(3, 6)} ${id.slice(6)}`,
  );

  const share = await room.openShare();
  await expect(share.locator('input[name="inviteLink"]')).toHaveValue(new RegExp(`/i/${id}$`));
  await expect(share.getByTestId('share-qr')).toBeVisible();
  await expect(share.getByTestId('share-text')).toContainText(`Meeting ID: ${id.slice(0, 3)}`);
  await shot(page, 'share-dialog');
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/i/${id}$`),
  );
  await share.getByRole('button', { name: 'Close' }).click();

  // A reload stays on the meeting (issue 29): its pre-join again, never the invite page.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/meeting/${id}$`));
  await expect(page.getByTestId('join-now')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/meeting/${id}$`));

  await room.leave();
  await expect(page).toHaveURL(/\/home\/meetings$/);
  await expect(home.finishedList.locator(`[data-meeting-id="${id}"]`)).toBeVisible();
});

/** The same account joins meeting `id` on a second browser (its stored sign-in copied first). */
async function joinOnAnotherDevice(page: Page, browser: Browser, id: string) {
  const other = await browser.newContext();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // Its stored sign-in is there before the app starts.
  await other.addInitScript((value) => {
    localStorage.setItem('token', value);
    localStorage.setItem('loginType', 'email');
  }, token!);
  const second = await other.newPage();
  await second.goto(`/i/${id}`);
  await new JoinScreen(second).join(id, 'Second device');
  return { other, second };
}

test('joining the same meeting on another device sends the first one to the invite page', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('twodev');
  await new SignUpScreen(page, request).signUp(email, 'secret123');
  const home = new MeetingsHome(page);
  await home.startNewMeeting();
  const id = new MeetingRoom(page).id();

  const { other, second } = await joinOnAnotherDevice(page, browser, id);
  await expect(second).toHaveURL(new RegExp(`/meeting/${id}$`));

  await expect(page).toHaveURL(new RegExp(`/i/${id}\\?reason=replaced$`));
  await expect(new JoinScreen(page).notice).toContainText(
    'You joined the meeting on another device',
  );
  await other.close();
});

test('in the room, with its socket up, the page stops polling the meeting status and the socket says the device was replaced', async ({
  page,
  browser,
  request,
}) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('nopoll'), 'secret123');
  await new MeetingsHome(page).startNewMeeting();
  const id = new MeetingRoom(page).id();
  let polls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/conference/getConferenceStatus')) polls++;
  });
  // On the pre-join screen the room's socket is not joined yet: the status is polled.
  await expect.poll(() => polls, { timeout: 10_000 }).toBeGreaterThan(0);
  await new RoomPage(page).joinFromPrejoin();
  await page.waitForTimeout(500);
  polls = 0;
  await page.waitForTimeout(7000);
  expect(polls).toBe(0);

  const { other } = await joinOnAnotherDevice(page, browser, id);
  await expect(page).toHaveURL(new RegExp(`/i/${id}\\?reason=replaced$`), { timeout: 10_000 });
  expect(polls).toBe(0);
  await other.close();
});

test('Home lists running meetings first, then a group per day with Today, Tomorrow, badges and the year when not this year', async ({
  page,
  request,
}) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('groups'), 'secret123');
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const tz = 'Asia/Shanghai';
  const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);
  const day = (offset: number) => zoned(Date.now() + offset * DAY_MS, tz).date;
  const nextYear = `${Number(day(0).slice(0, 4)) + 1}${day(1).slice(4)}`;
  const now = Date.now();
  const plans = [
    { topic: 'Starts in a moment', startTime: now + 3 * 60_000, endTime: now + 63 * 60_000 },
    { topic: 'Late already', startTime: now - 10 * 60_000, endTime: now + 50 * 60_000 },
    { topic: 'Design review', startTime: at(day(1), '10:00'), endTime: at(day(1), '11:00') },
    { topic: 'Night shift sync', startTime: at(day(2), '23:30'), endTime: at(day(3), '00:30') },
    {
      topic: 'Next year kickoff',
      startTime: at(nextYear, '09:00'),
      endTime: at(nextYear, '10:00'),
    },
  ];
  for (const plan of plans) {
    const reply = await callApi(
      request,
      'conference/reserve/create',
      { ...plan, timezone: tz, subtitle: 0 },
      token,
    );
    expect(reply.code).toBe(0);
  }
  const running = await callApi<{ conferenceId: string }>(
    request,
    'conference/createConference',
    { topic: 'Standup now' },
    token,
  );
  await callApi(
    request,
    'conference/joinConference',
    {
      conferenceId: running.payload.conferenceId,
      deviceId: 'e2eGroups000000001',
      userConferenceName: 'Me',
    },
    token,
  );
  await endedMeeting(request, token);

  const home = new MeetingsHome(page);
  await home.open();
  await home.showIn(tz);
  const groups = home.upcomingList.getByTestId('meeting-group');
  await expect(groups.first()).toHaveAttribute('data-date', 'current');
  await expect(groups.first()).toContainText('Standup now');
  await expect(home.item('Starts in a moment')).toContainText('About to begin');
  await expect(home.item('Late already')).toContainText('Overdue');
  await expect(home.group(/^Tomorrow/)).toContainText('Design review');
  await expect(home.item('Night shift sync')).toContainText('23:30 – 00:30+1 day');
  await expect(home.groupOn(nextYear).locator('h2')).toContainText(nextYear.slice(0, 4));
  await expect(home.group(/^Tomorrow/).locator('h2')).not.toContainText(day(1).slice(0, 4));
  const dates = await groups.evaluateAll((els) => els.map((el) => el.getAttribute('data-date')));
  // After the current group, one group per date, earliest first.
  const days = dates.slice(1);
  expect(days).toEqual([...new Set(days)].sort());
  await expect(home.finishedList).toContainText('Finished retro');
  await shot(page, 'home-lists');
  await home.finishedList.scrollIntoViewIfNeeded();
  await shot(page, 'home-finished');
});
