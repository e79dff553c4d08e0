/**
 * Plans and payments in the browser: the upgrade dialog, the built-in sandbox checkout and
 * portal pages (real pages served by the server), and the development clock that moves the
 * server to a subscription's end.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

export class UpgradeDialog {
  readonly root: Locator;
  constructor(private readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  }

  /** The sidebar's Upgrade button (basic users only). */
  async openFromSidebar() {
    await this.page.getByRole('navigation').getByRole('button', { name: 'Upgrade' }).click();
    await expect(this.root).toBeVisible();
  }

  plan(name: 'Yearly' | 'Monthly'): Locator {
    return this.root.getByRole('radio', { name: new RegExp(`^${name}`) });
  }

  async upgrade(plan?: 'Yearly' | 'Monthly') {
    if (plan) await this.plan(plan).check();
    await this.root.getByRole('button', { name: 'Upgrade', exact: true }).click();
  }
}

/** The sandbox's card form (`/sandbox-pay/checkout/{id}`). */
export class SandboxCheckout {
  constructor(private readonly page: Page) {}

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/sandbox-pay\/checkout\/cs_sbx_\w+$/);
    for (const name of ['cardNumber', 'expiry', 'cvc']) {
      await expect(this.page.locator(`input[name="${name}"]`)).toBeVisible();
    }
    await expect(this.page.locator('button[type="submit"]')).toHaveCount(1);
  }

  async pay(card: string) {
    await this.page.locator('input[name="cardNumber"]').fill(card);
    await this.page.locator('input[name="expiry"]').fill('12/34');
    await this.page.locator('input[name="cvc"]').fill('123');
    await this.page.locator('button[type="submit"]').click();
  }
}

/** Moves the server's clock forward (DEV_CLOCK=1); what became due happens at once. */
export async function moveServerClock(request: APIRequestContext, ms: number): Promise<void> {
  const res = await request.post('/dev/clock', { data: { advanceMs: ms } });
  expect(res.status()).toBe(200);
}

export async function resetServerClock(request: APIRequestContext): Promise<void> {
  await request.post('/dev/clock', { data: { reset: true } });
}

/** A user who already paid for Pro monthly with the success card, through the API and the page. */
export async function paidThroughApi(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  productId = 'pro-monthly',
): Promise<void> {
  const back = `${baseURL}/home/meetings?payment=1`;
  const res = await request.post('/api/payment/stripe/createSubscribeSession', {
    data: { productId, redirectUrl: back, errorUrl: back },
    headers: { authorization: `Bearer ${token}` },
  });
  const { url } = (await res.json()).payload as { url: string };
  const paid = await request.post(new URL(url).pathname, {
    form: { cardNumber: CARDS.succeeds, expiry: '12/34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

export async function userInfo(request: APIRequestContext, token: string) {
  const res = await request.post('/api/user/getUserInfo', {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).payload as { userType: number; payType: number; expiredTime: number };
}
