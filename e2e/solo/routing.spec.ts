/** Who is sent where: language, unsupported and mobile browsers, guests on real-login pages. */
import { expect, test } from '@playwright/test';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_70 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

test.describe('a zh-CN browser', () => {
  test.use({ locale: 'zh-CN' });

  test('sees the app in Chinese', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
    await expect(page.getByRole('button', { name: '以访客身份继续' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });
});

test.describe('a Firefox user agent', () => {
  test.use({ userAgent: FIREFOX });

  test('gets the app, with no warning', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/signin\?from=/);
    await expect(page.locator('input[name="email"]')).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: 'Unsupported browser' })).toHaveCount(0);
  });
});

test.describe('a browser without a media handler (Chrome 70)', () => {
  test.use({ userAgent: CHROME_70 });

  test('sees the unsupported-browser message instead of the app', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('alertdialog', { name: 'Unsupported browser' })).toBeVisible();
    await expect(page.getByText(/Google Chrome or Microsoft Edge/)).toBeVisible();
  });
});

test.describe('an Android user agent', () => {
  test.use({ userAgent: ANDROID, viewport: { width: 412, height: 860 }, isMobile: true });

  test('lands on the mobile page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/h5$/);
    await expect(page.getByTestId('site-h5')).toBeVisible();
  });

  test('opening an invite stays on the invite, to join in this browser', async ({ page }) => {
    await page.goto('/i/123456789');
    await expect(page).toHaveURL(/\/i\/123456789$/);
    await expect(page.getByTestId('site-h5')).toHaveCount(0);
  });

  test('an invite on a phone shows the labelled meeting ID, copies the link and ID, offers joining in this browser, and offers the app when there is one', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.route('**/api/getServerConfig', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.payload.mobileAppUrl = 'https://apps.example.com/meet';
      await route.fulfill({ response, json });
    });
    await page.goto('/h5?conf_id=123456789');
    await expect(page.getByTestId('h5-meeting-id')).toHaveText('Meeting ID 123 456 789');
    await expect(page.getByText(/Join right here in your phone's browser/)).toBeVisible();
    await expect(page.getByText(/Chrome or Edge/)).toHaveCount(0);
    await expect(page.getByTestId('join-in-browser')).toHaveAttribute('href', '/i/123456789');
    await page.getByRole('button', { name: 'Copy invite link' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/\/i\/123456789$/);
    await page.getByRole('button', { name: 'Copy meeting ID' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('123 456 789');
    await expect(page.getByRole('link', { name: 'Open the mobile app' })).toHaveAttribute(
      'href',
      'https://apps.example.com/meet',
    );

    await page.unrouteAll();
    await page.route('**/api/getServerConfig', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.payload.mobileAppUrl = null;
      await route.fulfill({ response, json });
    });
    const config = page.waitForResponse('**/api/getServerConfig');
    await page.reload();
    await config;
    await expect(page.getByTestId('h5-meeting-id')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the mobile app' })).toHaveCount(0);
  });
});

test('a guest visiting /create is sent to sign-in', async ({ page }) => {
  await page.goto('/create');
  await expect(page).toHaveURL(/\/signin\?from=%2Fcreate$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a visitor account is created at start from a stored 18-character uuid', async ({ page }) => {
  await page.goto('/signin');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('loginType'))).toBe('visitor');
  const uuid = await page.evaluate(() => localStorage.getItem('uuid'));
  expect(uuid).toMatch(/^[A-Za-z0-9]{18}$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});
