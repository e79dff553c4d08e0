/** One person creates an account, signs out and in, and edits their profile. */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/mailbox';
import { HomeShell, SigninScreen, SignUpScreen } from '../support/pages';
import { gradientPng } from '../support/png';

const PASSWORD = 'secret123';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

test('a new user signs up with the mailed code, signs out and in, and keeps an edited name and avatar after reload', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const signUp = new SignUpScreen(page, request);
  await signUp.open();
  await page.screenshot({ path: `${SHOTS}/signup.png`, animations: 'disabled' });
  await signUp.requestCode(email);
  await signUp.enterMailedCode(email);
  await signUp.choosePassword(PASSWORD);
  await expect(page).toHaveURL(/\/home\/meetings$/);

  const home = new HomeShell(page);
  await home.signOut();

  const signin = new SigninScreen(page);
  await signin.open();
  await page.screenshot({ path: `${SHOTS}/signin.png`, animations: 'disabled' });
  await signin.signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/home\/meetings$/);

  await home.openAccountMenu();
  await expect(page.getByText(`s***@example.com`)).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Basic');
  await page.screenshot({ path: `${SHOTS}/home-avatar-menu.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');

  await home.openProfile();
  const save = home.profileDialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await home.profileDialog.locator('input[name="username"]').fill('Ada Lovelace');
  await home.profileDialog.locator('input[name="avatar"]').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: gradientPng(160, 200),
  });
  await expect(home.profileDialog.locator('img')).toHaveAttribute('src', /^blob:/);
  await page.screenshot({ path: `${SHOTS}/profile-dialog.png`, animations: 'disabled' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(home.profileDialog).toBeHidden();

  await page.reload();
  await expect(home.headerAvatarImage()).toHaveAttribute('src', /\/files\/avatars\/.+\.png$/);
  await home.openAccountMenu();
  await expect(home.accountName).toHaveText('Ada Lovelace');
});

test("a wrong code and a short password show the catalogue's texts", async ({ page, request }) => {
  const email = uniqueEmail('rules');
  const signUp = new SignUpScreen(page, request);
  await signUp.open();
  await signUp.requestCode(email);

  await signUp.enterCode('000000');
  await expect(page.getByText('Incorrect verification code')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signup-wrong-code.png`, animations: 'disabled' });

  await signUp.enterMailedCode(email);
  await signUp.choosePassword('ab1');
  await expect(
    page.getByText('Password must be at least 6 characters and contain letters and numbers'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('signing in with an email nobody registered says only that the email or password is wrong', async ({
  page,
}) => {
  const signin = new SigninScreen(page);
  await signin.open();
  await signin.signIn(uniqueEmail('nobody'), 'secret123');
  await expect(page.locator('input[name="password"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page.getByText('This email has not been registered')).toHaveCount(0);
});
