/**
 * Signing in without a password: a code sent by text message (read from the development SMS
 * outbox, as a person reads their phone) — a new number is asked its name first — and the sign-in
 * page's other tabs in both languages.
 */
import { expect, test } from '@playwright/test';
import { moveServerClock, resetServerClock } from '../support/billing';
import { latestSmsCode } from '../support/mailbox';
import { HomeShell } from '../support/pages';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

/** A number nobody used in this run. */
const newPhone = () => `+1 555 ${String(Date.now()).slice(-7)}`;

test('a new number signs in with the texted code, is asked its name and lands on Home with a basic account under it; the name is the meeting default and the next sign-in does not ask', async ({
  page,
  request,
}) => {
  const phone = newPhone();
  await page.goto('/signin');
  await page.getByRole('tab', { name: 'Phone' }).click();
  const number = page.locator('input[name="phone"]');

  await number.fill('12345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Invalid phone number, please reenter')).toBeVisible();

  await number.fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to \+15\*+\d{4}/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/signin-phone.png`, animations: 'disabled' });

  await page.locator('input[name="phoneCode"]').fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Incorrect verification code')).toBeVisible();

  await page.locator('input[name="phoneCode"]').fill(await latestSmsCode(request, phone));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // A new account is asked for its name rather than going on as the masked number (issue 30).
  await expect(page.getByRole('heading', { name: 'What should we call you?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Nickname cannot be empty')).toBeVisible();
  await page.locator('input[name="displayName"]').fill('Grace Phone');
  await page.screenshot({ path: `${SHOTS}/signin-phone-name.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/meetings$/);

  const home = new HomeShell(page);
  await home.openAccountMenu();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu.getByTestId('plan-badge')).toHaveText('Basic');
  await expect(menu.getByTestId('account-name')).toHaveText('Grace Phone');
  await expect(menu.getByText(/^\+15\*+\d{4}$/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The name is the default in meetings.
  await page.goto('/join');
  await expect(page.locator('input[name="userConferenceName"]')).toHaveValue('Grace Phone');

  // Signing in again with the number goes straight on, with the name (a code a minute per
  // number: the server's clock moves past that).
  await page.goto('/home/meetings');
  await home.signOut();
  await moveServerClock(request, 61_000);
  try {
    await page.getByRole('tab', { name: 'Phone' }).click();
    await page.locator('input[name="phone"]').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(/We sent a code to/)).toBeVisible();
    await page.locator('input[name="phoneCode"]').fill(await latestSmsCode(request, phone));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/home\/meetings$/);
    await expect(page.getByRole('heading', { name: 'What should we call you?' })).toHaveCount(0);
    await home.openAccountMenu();
    await expect(home.accountName).toHaveText('Grace Phone');
  } finally {
    await resetServerClock(request);
  }
});

test('in Chinese the new number is asked its name too, and Skip keeps the masked number', async ({
  browser,
  request,
}) => {
  const phone = newPhone();
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByRole('tab', { name: '手机' }).click();
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.locator('input[name="phoneCode"]').fill(await latestSmsCode(request, phone));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('heading', { name: '怎么称呼您？' })).toBeVisible();
  await expect(page.getByText(/您的新账号暂时以 \+15\*+\d{4} 命名/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signin-phone-name-zh.png`, animations: 'disabled' });
  await page.getByRole('button', { name: '暂时跳过' }).click();
  await expect(page).toHaveURL(/\/home\/meetings$/);
  await page.getByTestId('avatar-menu-button').click();
  await expect(page.getByTestId('account-name')).toHaveText(/^\+15\*+\d{4}$/);
  await context.close();
});

test('the sign-in page offers email, phone and QR code in Chinese too', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/signin');
  await expect(page.getByRole('tab', { name: '邮箱' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '扫码' }).click();
  await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
  await expect(
    page.getByText('在已登录 Meet 的手机或电脑上打开此二维码的链接，然后确认登录。'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signin-qr-zh.png`, animations: 'disabled' });
  await page.getByRole('tab', { name: '手机' }).click();
  await page.locator('input[name="phone"]').fill('123');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('手机号码无效，请重新输入')).toBeVisible();
  await context.close();
});
