/**
 * AI credits for every account (issue 30): a Basic user opens "AI credits" from the avatar menu
 * and sees the balance and what used it — here Magic Cam run for real on its page, whose
 * in-browser looks use no credits (issue 31: credits pay only for a server-side engine), so
 * nothing is taken — and an account that spent nothing sees its full balance and no history, in
 * both languages. The rows of a history with charges are CreditsDialog.test.tsx's.
 */
import { expect, test, type Browser } from '@playwright/test';
import { signUpByApi } from '../support/api';
import { HomeShell } from '../support/pages';
import { signInWithToken } from '../support/room';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

async function signedIn(browser: Browser, token: string, locale = 'en-US') {
  const context = await browser.newContext({ permissions: ['camera'], locale });
  await signInWithToken(context, token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  return { context, page };
}

test('a Basic user opens AI credits from the avatar menu after using Magic Cam in the browser: the whole balance, no charge', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUpByApi(request, 'credits-basic');
  const { context, page } = await signedIn(browser, token);

  // Magic Cam on its own page, outside any meeting: the in-browser looks, free.
  await page.goto('/magic');
  await page.getByTestId('magic-prompt').fill('pencil sketch');
  await page.getByTestId('magic-start').click();
  await expect(page.getByTestId('magic-status')).toHaveText('On', { timeout: 30_000 });
  await expect(page.getByTestId('magic-credits')).toContainText('no AI credits used');
  await expect(page.getByTestId('magic-credits')).toContainText('balance 60');
  await page.getByTestId('magic-stop').click();
  await expect(page.getByTestId('magic-status')).toHaveText('Off');

  await page.goto('/home/meetings');
  const home = new HomeShell(page);
  await home.openAccountMenu();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu.getByTestId('plan-badge')).toHaveText('Basic');
  await menu.getByRole('menuitem', { name: 'AI credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI credits' });
  await expect(dialog.getByTestId('credit-balance')).toHaveText('60');
  await expect(dialog.getByTestId('credit-row')).toHaveCount(0);
  await expect(dialog.getByTestId('credit-history-empty')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/credits-basic.png`, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);
  await context.close();
});

test('an account that spent nothing sees its sign-up credits and an empty history, in Chinese too (never another account’s charges)', async ({
  browser,
  request,
}) => {
  const { token } = await signUpByApi(request, 'credits-fresh');
  const { context, page } = await signedIn(browser, token, 'zh-CN');
  await page.goto('/home/meetings');
  await page.getByTestId('avatar-menu-button').click();
  await page.getByRole('menuitem', { name: 'AI 积分' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI 积分' });
  await expect(dialog.getByTestId('credit-balance')).toHaveText('60');
  await expect(dialog.getByTestId('credit-history-empty')).toHaveText('还没有使用过积分。');
  await expect(dialog.getByTestId('credit-row')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/credits-empty-zh.png`, animations: 'disabled' });
  await context.close();
});
