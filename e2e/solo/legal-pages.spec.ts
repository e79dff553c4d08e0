/**
 * About's "Privacy policy" and "Terms of service" (issue 30) open real pages: the built-in ones
 * by default, in English and Chinese, for anyone, signed in or not; and the operator's own
 * addresses when the server config names them (PRIVACY_URL, TERMS_URL).
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpByApi } from '../support/api';
import { HomeShell } from '../support/pages';
import { signInWithToken } from '../support/room';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

async function openAbout(page: Page) {
  await page.goto('/home/meetings');
  await new HomeShell(page).openAccountMenu();
  await page.getByRole('menuitem', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'About Meet' });
  await expect(about).toBeVisible();
  return about;
}

test('About opens the built-in privacy policy and terms in new tabs, with what the service stores', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'legal');
  await signInWithToken(context, token);
  const about = await openAbout(page);

  const [privacy] = await Promise.all([
    context.waitForEvent('page'),
    about.getByRole('link', { name: 'Privacy policy' }).click(),
  ]);
  await expect(privacy).toHaveURL(/\/privacy$/);
  const policy = privacy.getByTestId('legal-page');
  await expect(policy.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await expect(policy.getByRole('heading', { name: 'What is stored' })).toBeVisible();
  for (const text of [/^Your account:/, /^Meetings:/, /^Recordings:/, /^Chat:/]) {
    await expect(policy.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  }
  await privacy.screenshot({ path: `${SHOTS}/legal-privacy.png`, fullPage: true });
  await privacy.close();

  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    about.getByRole('link', { name: 'Terms of service' }).click(),
  ]);
  await expect(terms).toHaveURL(/\/terms$/);
  const rules = terms.getByTestId('legal-page');
  await expect(rules.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  await expect(rules.getByRole('heading', { name: 'Plans and AI credits' })).toBeVisible();
  await terms.close();
});

test('the pages read in Chinese and open without signing in', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/privacy');
  await expect(page).toHaveURL(/\/privacy$/);
  const policy = page.getByTestId('legal-page');
  await expect(policy.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
  await expect(policy.getByRole('heading', { name: '保存的内容' })).toBeVisible();
  await expect(policy.getByText(/^录制：/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/legal-privacy-zh.png`, fullPage: true });

  await page.goto('/terms');
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByTestId('legal-page').getByRole('heading', { level: 1 })).toHaveText(
    '服务条款',
  );
  await expect(page.getByText(/基础版免费/)).toBeVisible();
  await page.getByRole('link', { name: '返回 Meet' }).click();
  await expect(page).toHaveURL(/\/signin|\/home|\/h5/);
  await context.close();
});

test("with the operator's addresses in the server config, About links to them", async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'legal-own');
  await signInWithToken(context, token);
  // What a server started with PRIVACY_URL and TERMS_URL answers (legal-links.test.ts proves it).
  await page.route('**/api/getServerConfig', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.payload.privacyUrl = 'https://legal.example.com/privacy';
    json.payload.termsUrl = 'https://legal.example.com/terms';
    await route.fulfill({ response, json });
  });
  const about = await openAbout(page);
  await expect(about.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    'https://legal.example.com/privacy',
  );
  await expect(about.getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
    'href',
    'https://legal.example.com/terms',
  );
});
