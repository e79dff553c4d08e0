/**
 * Home › Meetings for one person: the layout on narrow and wide screens, the mobile app's QR code,
 * the searchable time zone picker from the keyboard, and joining by a typed meeting ID.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { callApi, signUpByApi } from '../support/api';
import { MeetingsHome } from '../support/pages';
import { signInWithToken } from '../support/room';

const HOUR_MS = 60 * 60 * 1000;
const APP_URL = 'https://apps.example.com/meet/download';

/** Screenshots for a person to look at, only when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** What the server's config says about the mobile app (MOBILE_APP_URL), for this page only. */
async function mobileAppUrl(page: Page, url: string | null) {
  await page.route('**/api/getServerConfig', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.payload.mobileAppUrl = url;
    await route.fulfill({ response, json });
  });
}

async function box(page: Page, testId: string) {
  const rect = await page.getByTestId(testId).boundingBox();
  expect(rect, testId).not.toBeNull();
  return rect!;
}

test('on a wide screen the start, zone and join cards stand beside the lists, which take the rest of the width', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'wide');
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
  for (const [topic, offset] of [
    ['Design review', 0],
    ['Quarterly planning', 26],
    ['Customer call', 50],
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
      token,
    );
    expect(reply.code).toBe(0);
  }
  await signInWithToken(context, token);
  await page.setViewportSize({ width: 1440, height: 900 });
  const home = new MeetingsHome(page);
  await home.open();
  await expect(home.item('Customer call')).toBeVisible();

  let side = await box(page, 'meetings-side');
  let lists = await box(page, 'meetings-lists');
  // Side by side, tops level, and together they span the main area (1440 - 240 sidebar - padding).
  expect(lists.x).toBeGreaterThan(side.x + side.width);
  expect(Math.abs(lists.y - side.y)).toBeLessThan(24);
  expect(lists.x + lists.width - side.x).toBeGreaterThan(1100);
  await shot(page, 'home-1440');

  await page.setViewportSize({ width: 1920, height: 1000 });
  lists = await box(page, 'meetings-lists');
  expect(lists.width).toBeGreaterThan(1000);
  await shot(page, 'home-1920');

  // Narrower: the cards make a band above the lists, and the lists keep the full width.
  await page.setViewportSize({ width: 1024, height: 900 });
  side = await box(page, 'meetings-side');
  lists = await box(page, 'meetings-lists');
  expect(lists.y).toBeGreaterThan(side.y + side.height);
  expect(lists.width).toBeGreaterThan(side.width - 2);
  await expect(page.getByRole('button', { name: 'New meeting' })).toBeInViewport();
  await expect(home.item('Design review')).toBeInViewport();
  await shot(page, 'home-1024');
});

test('the phone icon shows a QR code of the configured app link with the link under it, and is gone without a link', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'phone');
  await signInWithToken(context, token);
  await mobileAppUrl(page, APP_URL);
  const home = new MeetingsHome(page);
  await home.open();
  const phone = page.getByRole('button', { name: 'Get the mobile app' });
  await phone.hover();
  const popover = page.getByRole('dialog', { name: 'Get the mobile app' });
  const qr = popover.getByRole('img', { name: 'QR code of the mobile app link' });
  await expect(qr).toBeVisible();
  await expect(popover.getByRole('link', { name: APP_URL })).toHaveAttribute('href', APP_URL);
  // A real code has the three finder squares; their 7×7 corners are dark in the first row.
  const path = (await qr.locator('path').getAttribute('d')) ?? '';
  for (const col of [0, 6]) expect(path).toContain(`M${col} 0h1v1h-1z`);
  await shot(page, 'home-phone-app');

  await page.unrouteAll();
  await mobileAppUrl(page, null);
  const config = page.waitForResponse('**/api/getServerConfig');
  await page.reload();
  await config;
  await expect(page.getByTestId('message-bell')).toBeVisible();
  await expect(phone).toHaveCount(0);
});

test('the time zone picker finds zones by offset, is driven from the keyboard, and Escape in a dialog closes only its list', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'zones');
  await signInWithToken(context, token);
  const home = new MeetingsHome(page);
  await home.open();
  await home.zonePicker.focus();
  await page.keyboard.type('+9');
  const options = page.getByRole('listbox', { name: 'Time zone' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const labels = await options.evaluateAll((els) =>
    els.map((el) => el.getAttribute('aria-label')!),
  );
  expect(labels.length).toBeGreaterThan(3);
  for (const label of labels) expect(label).toMatch(/^\(GMT\+09:\d\d\) /);
  await expect(home.zonePicker).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveClass(/zone-option--active/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(home.zonePicker).toHaveValue(labels[1]!);
  await expect(home.zoneValue).toHaveValue(labels[1]!.replace(/^\(\S+\) /, '').replace(/ /g, '_'));

  await home.showIn('America/New_York', 'mouse');
  const dialog = await home.openSchedule();
  const zone = dialog.root.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await page.keyboard.type('tokyo');
  await expect(page.getByRole('option', { name: /Asia\/Tokyo$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(dialog.root).toBeVisible();
  await expect(dialog.field('timezone')).toHaveValue('America/New_York');
  await page.keyboard.press('Escape');
  await expect(dialog.root).toBeHidden();
});

test('a meeting ID typed on Home takes digits with dashes, refuses letters, and joins that meeting', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'quick');
  const created = await callApi<{ conferenceId: string }>(
    request,
    'conference/createConference',
    { topic: 'Drop-in' },
    token,
  );
  const id = created.payload.conferenceId;
  await signInWithToken(context, token);
  const home = new MeetingsHome(page);
  await home.open();
  const quickJoin = page.getByRole('form', { name: 'Join with a meeting ID' });
  const field = quickJoin.locator('input[name="quickJoinId"]');
  await field.click();
  await page.keyboard.type(`${id.slice(0, 3)}-${id.slice(3, 6)}x-${id.slice(6)}q`);
  await expect(field).toHaveValue(`${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}`);
  await quickJoin.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/meeting/${id}$`));
});
