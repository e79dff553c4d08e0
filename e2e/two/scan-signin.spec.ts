/**
 * Two devices: a computer's sign-in page shows a QR code; a phone already signed in opens its
 * link, sees which device asks, and approves; the computer signs in as that person. A used code
 * does not sign in twice.
 */
import { devices, expect, test } from '@playwright/test';
import { signUpByApi } from '../support/api';
import { HomeShell } from '../support/pages';
import { signInWithToken } from '../support/room';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

test("the sign-in page's QR code, approved on a signed-in phone, signs the computer in as that person", async ({
  browser,
  request,
}) => {
  const { email, token } = await signUpByApi(request, 'scanner');

  const computer = await browser.newContext();
  const desk = await computer.newPage();
  await desk.goto('/signin');
  await desk.getByRole('tab', { name: 'QR code' }).click();
  await expect(desk.getByRole('img', { name: 'QR code to sign in' })).toBeVisible();
  const link = (await desk.getByTestId('scan-link').getAttribute('href'))!;
  expect(link).toMatch(/\/scan\/\w+$/);
  await desk.screenshot({ path: `${SHOTS}/signin-qr.png`, animations: 'disabled' });

  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
  const phoneContext = await browser.newContext({ ...pixel });
  await signInWithToken(phoneContext, token);
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Sign in on another device?' })).toBeVisible();
  // What the server saw of the computer, and the account an approval signs it in to.
  await expect(phone.getByTestId('scan-device')).toHaveText('Chrome on Linux');
  await expect(phone.getByTestId('scan-network')).toContainText('this network');
  await expect(phone.getByTestId('scan-account')).toContainText(`${email[0]}***@example.com`);
  await expect(desk.getByText('Scanned. Approve the sign-in on your other device.')).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/scan-approve-phone.png`, animations: 'disabled' });
  await phone.getByRole('button', { name: 'Approve sign-in' }).click();
  await expect(phone.getByText('Done. The other device is now signed in.')).toBeVisible();

  await expect(desk).toHaveURL(/\/home\/meetings$/);
  const home = new HomeShell(desk);
  await home.openAccountMenu();
  await expect(desk.getByText(`${email[0]}***@example.com`)).toBeVisible();

  // The same code again: nothing more to approve.
  await phone.goto(link);
  await expect(phone.getByRole('alert')).toHaveText('This QR code has already been used');

  await computer.close();
  await phoneContext.close();
});

test('a phone that is not signed in signs in first, then comes back to approve', async ({
  browser,
  request,
}) => {
  const { email } = await signUpByApi(request, 'later');
  const computer = await browser.newContext();
  const desk = await computer.newPage();
  await desk.goto('/signin');
  await desk.getByRole('tab', { name: 'QR code' }).click();
  const link = (await desk.getByTestId('scan-link').getAttribute('href'))!;

  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
  const phoneContext = await browser.newContext({ ...pixel });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/signin\?from=%2Fscan%2F\w+$/);
  await phone.locator('input[name="email"]').fill(email);
  await phone.locator('input[name="password"]').fill('secret123');
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone).toHaveURL(/\/scan\/\w+$/);
  await phone.getByRole('button', { name: 'Deny' }).click();
  await expect(phone.getByText('Denied. The other device was not signed in.')).toBeVisible();
  await expect(desk.getByText('The sign-in was denied on the other device.')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Get a new code' })).toBeVisible();
  expect(desk.url()).toMatch(/\/signin$/);

  await computer.close();
  await phoneContext.close();
});
