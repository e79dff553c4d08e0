/** Losing the sign-in: a token the server rejects, or a sign-out in another tab. */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/mailbox';
import { HomeShell, SignUpScreen } from '../support/pages';

test('a token the server rejects (203) clears the local sign-in and goes to sign-in', async ({
  page,
  request,
}) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('revoked'), 'secret123');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
  await page.reload();
  await expect(page).toHaveURL(/\/signin\?from=%2Fhome%2Fmeetings$/);
  expect(await page.evaluate(() => localStorage.getItem('userName'))).toBeNull();
});

test('removing the token in another tab sends this tab from Home to sign-in', async ({
  page,
  context,
  request,
}) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('tabs'), 'secret123');
  const other = await context.newPage();
  await other.goto('/signin');
  await other.evaluate(() => localStorage.removeItem('token'));
  await expect(page).toHaveURL(/\/signin\?from=%2Fhome%2Fmeetings$/);
});

test('/home?from=invite makes the user a visitor and opens sign-in', async ({ page, request }) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('invite'), 'secret123');
  await page.goto('/home?from=invite');
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('loginType'))).toBe('visitor');
});

test('a signed-in user opening sign-up goes to the from path', async ({ page, request }) => {
  await new SignUpScreen(page, request).signUp(uniqueEmail('from'), 'secret123');
  await page.goto('/signup?from=%2Fhome%2Frecording');
  await expect(page).toHaveURL(/\/home\/recording$/);
  await expect(new HomeShell(page).avatarButton).toBeVisible();
});
