/**
 * One person and Pro, through the built-in sandbox checkout (real pages served by the server):
 * upgrading with the success card, the declined card (the checkout says why and stays), paying in a new tab with "I have paid",
 * and cancelling in the portal — Basic again once the server's clock passes the period's end.
 */
import { expect, test, type Page } from '@playwright/test';
import { callApi, signUpByApi } from '../support/api';
import {
  CARDS,
  DAY_MS,
  SandboxCheckout,
  UpgradeDialog,
  moveServerClock,
  paidThroughApi,
  resetServerClock,
  userInfo,
} from '../support/billing';
import { HomeShell } from '../support/pages';
import { signInWithToken } from '../support/room';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

async function expectPlan(page: Page, plan: 'Basic' | 'Pro') {
  const home = new HomeShell(page);
  await home.openAccountMenu();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu.getByTestId('plan-badge')).toHaveText(plan);
  await expect(menu.getByRole('menuitem', { name: 'Upgrade to Pro' })).toHaveCount(
    plan === 'Pro' ? 0 : 1,
  );
  await expect(menu.getByRole('menuitem', { name: 'Subscription' })).toHaveCount(
    plan === 'Pro' ? 1 : 0,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Upgrade' })).toHaveCount(
    plan === 'Pro' ? 0 : 1,
  );
}

async function openSubscription(page: Page) {
  await new HomeShell(page).openAccountMenu();
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a basic user upgrades through the sandbox checkout with 4242 4242 4242 4242 and sees Pro: the badge, Subscription, video recording included', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'upgrade');
  await signInWithToken(context, token);
  await page.goto('/home/meetings');
  await expectPlan(page, 'Basic');

  const upgrade = new UpgradeDialog(page);
  await upgrade.openFromSidebar();
  await expect(upgrade.plan('Yearly')).toBeChecked();
  await expect(upgrade.root).toContainText('4.16 USD/month');
  await expect(upgrade.root).toContainText('Billed 49.90 USD a year');
  await expect(upgrade.root).toContainText('4.99 USD/month');
  await page.screenshot({ path: `${SHOTS}/upgrade-dialog.png`, animations: 'disabled' });
  await upgrade.upgrade();

  const checkout = new SandboxCheckout(page);
  await checkout.expectOpen();
  await expect(page.getByText('49.90 USD per year (4.16 a month)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sandbox-checkout.png`, animations: 'disabled' });
  await checkout.pay(CARDS.succeeds);

  await expect(page).toHaveURL(/\/home\/meetings$/);
  await expect(page.getByText('Payment successful. Pro is ready to use')).toBeVisible();
  await expectPlan(page, 'Pro');
  const info = await userInfo(request, token);
  expect(info).toMatchObject({ userType: 2, payType: 3 });
  expect(info.expiredTime).toBeGreaterThan(Date.now() + 360 * DAY_MS);

  const subscription = await openSubscription(page);
  await expect(subscription.getByTestId('video-recording')).toHaveText('Included');
  await expect(subscription).toContainText('Yearly plan');
  await expect(subscription).toContainText('Renews on');
  await expect(subscription).toContainText('10 GB');
  await page.screenshot({ path: `${SHOTS}/subscription-dialog.png`, animations: 'disabled' });

  // What the meeting says about recording for this user.
  const created = await callApi<{ conferenceId: string }>(
    request,
    'conference/createConference',
    { topic: 'Recorded' },
    token,
  );
  const meeting = await callApi<{ recordFuncStatus: { videoRecord: number } }>(
    request,
    'conference/getConferenceInfo',
    { conferenceId: created.payload.conferenceId },
    token,
  );
  expect(meeting.payload.recordFuncStatus.videoRecord).toBe(1);
});

test('the declined card 4000 0000 0000 0002 keeps the payer on the checkout with the reason and the plan, as Stripe does; another card then pays', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'declined');
  await signInWithToken(context, token);
  await page.goto('/home/meetings');
  const upgrade = new UpgradeDialog(page);
  await upgrade.openFromSidebar();
  await upgrade.upgrade('Monthly');
  const checkout = new SandboxCheckout(page);
  await checkout.expectOpen();
  const checkoutUrl = page.url();
  await expect(page.getByText('4.99 USD per month')).toBeVisible();
  await checkout.pay(CARDS.declined);

  // Still the checkout, not the app's error page: the reason, the chosen plan, the card form.
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByText('Meet Pro, monthly')).toBeVisible();
  await expect(page.getByText('4.99 USD per month')).toBeVisible();
  await checkout.expectOpen();
  await page.screenshot({ path: `${SHOTS}/payment-declined.png`, animations: 'disabled' });
  expect((await userInfo(request, token)).userType).toBe(1);

  await checkout.pay(CARDS.succeeds);
  await expect(page).toHaveURL(/\/home\/meetings$/);
  await expectPlan(page, 'Pro');
});

test('a declined card says so in Chinese on the checkout, with the plan still chosen', async ({
  browser,
  request,
}) => {
  const { token } = await signUpByApi(request, 'declined-zh');
  const context = await browser.newContext({ locale: 'zh-CN' });
  await signInWithToken(context, token);
  const page = await context.newPage();
  await page.goto('/home/meetings');
  await page.getByRole('navigation').getByRole('button', { name: '升级' }).click();
  const dialog = page.getByRole('dialog', { name: '升级到 Pro' });
  await dialog.getByRole('radio', { name: /^月付/ }).check();
  await dialog.getByRole('button', { name: '升级', exact: true }).click();
  const checkout = new SandboxCheckout(page);
  await checkout.expectOpen();
  const checkoutUrl = page.url();
  await checkout.pay(CARDS.declined);
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByRole('alert')).toHaveText('您的卡被拒绝。');
  await expect(page.getByText('Meet Pro 月度套餐')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payment-declined-zh.png`, animations: 'disabled' });
  await context.close();
});

test('with the new-tab flag the checkout opens in a new tab; after paying there, "I have paid" confirms and the user is Pro', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signUpByApi(request, 'newtab');
  await signInWithToken(context, token);
  await page.goto('/home/meetings');
  await expectPlan(page, 'Basic');
  // The event the app raises where leaving the page would lose something (a meeting).
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent('meet:upgrade', { detail: { channel: 'meeting', newTab: true } }),
    ),
  );
  const upgrade = new UpgradeDialog(page);
  await expect(upgrade.root).toBeVisible();
  const [checkoutTab] = await Promise.all([
    context.waitForEvent('page'),
    upgrade.upgrade('Monthly'),
  ]);

  const status = page.getByRole('dialog', { name: 'Payment' });
  await expect(status).toContainText('Complete the payment in the new tab');
  await page.screenshot({ path: `${SHOTS}/payment-new-tab.png`, animations: 'disabled' });
  expect(page.url()).toMatch(/\/home\/meetings$/);

  const checkout = new SandboxCheckout(checkoutTab);
  await checkout.expectOpen();
  await checkout.pay(CARDS.succeeds);
  await expect(checkoutTab).toHaveURL(/\/home\/meetings$/);
  await checkoutTab.close();

  await status.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByText('Payment successful. Pro is ready to use')).toBeVisible();
  await expect(status).toBeHidden();
  await expectPlan(page, 'Pro');
});

test('cancelled in the sandbox portal: still Pro until the period ends, then Basic once the server clock passes it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token } = await signUpByApi(request, 'cancel');
  await paidThroughApi(request, baseURL!, token, 'pro-monthly');
  await signInWithToken(context, token);
  await page.goto('/home/meetings');
  await expectPlan(page, 'Pro');

  const subscription = await openSubscription(page);
  await expect(subscription).toContainText('Monthly plan');
  await subscription.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/portal\/bps_sbx_\w+$/);
  await expect(page.getByTestId('subscription-status')).toContainText('Active, renews on');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('subscription-status')).toContainText('Active until');
  await page.screenshot({ path: `${SHOTS}/sandbox-portal-cancelled.png`, animations: 'disabled' });
  await page.getByRole('link', { name: 'Back to Meet' }).click();

  await expect(page).toHaveURL(/\/home\/meetings/);
  await expectPlan(page, 'Pro');
  const ending = await openSubscription(page);
  await expect(ending).toContainText('Ends on');
  await ending.getByRole('button', { name: 'Close' }).first().click();

  try {
    await moveServerClock(request, 32 * DAY_MS);
    await page.reload();
    await expectPlan(page, 'Basic');
    const info = await userInfo(request, token);
    expect(info).toMatchObject({ userType: 1, payType: 0 });
    await page.screenshot({ path: `${SHOTS}/after-period-basic.png`, animations: 'disabled' });
  } finally {
    await resetServerClock(request);
  }
});
