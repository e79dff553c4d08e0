import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  PRO_MONTHLY_AI_CREDITS,
  PRO_STORAGE_BYTES,
  type BenefitInfo,
  type FrequencyStatus,
} from '@meet/shared';
import '../../i18n/i18n';
import { billingApi } from '../../api/billing-api';
import { apiPost } from '../../api/client';
import { BillingHost } from './BillingHost';
import { openUpgrade } from './upgrade-events';

const refreshUser = vi.fn(async () => undefined);
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ refreshUser }) }));

const PRO: BenefitInfo = {
  benefitId: 'pro',
  userType: 2,
  videoRecording: true,
  audioRecording: true,
  storageBytes: PRO_STORAGE_BYTES,
  monthlyAiCredits: PRO_MONTHLY_AI_CREDITS,
  translation: true,
  products: [
    {
      productId: 'pro-monthly',
      productType: 1,
      interval: 'month',
      amount: '4.99',
      amountCents: 499,
      currency: 'USD',
      monthlyAmount: '4.99',
      freeMonths: 0,
    },
    {
      productId: 'pro-yearly',
      productType: 2,
      interval: 'year',
      amount: '49.90',
      amountCents: 4990,
      currency: 'USD',
      monthlyAmount: '4.16',
      freeMonths: 2,
    },
  ],
};

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <BillingHost />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const BASIC: FrequencyStatus = {
  plan: 'basic',
  userType: 1,
  payType: 0,
  expiredTime: 0,
  videoRecord: 0,
  audioRecord: 1,
  storageBytes: 1024 ** 3,
  monthlyAiCredits: 0,
  translation: true,
  energyPoint: 60,
  subscription: null,
};

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(billingApi, 'proBenefit').mockResolvedValue(PRO);
  vi.spyOn(billingApi, 'frequencyStatus').mockResolvedValue(BASIC);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the upgrade dialog', () => {
  test("opens on the upgrade event with Pro's benefits and the yearly plan preselected", async () => {
    renderAt('/home/meetings');
    act(() => openUpgrade({ channel: 'sidebar', newTab: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    const yearly = await screen.findByRole('radio', { name: /Yearly/ });
    expect(dialog.textContent).toContain('10 GB of cloud storage');
    expect(dialog.textContent).toContain('600 AI credits every month');
    expect((yearly as HTMLInputElement).checked).toBe(true);
    expect(yearly.closest('label')!.textContent).toContain('4.16 USD/month');
    expect(yearly.closest('label')!.textContent).toContain('Billed 49.90 USD a year');
    expect(yearly.closest('label')!.textContent).toContain('2 months free');
    const monthly = screen.getByRole('radio', { name: /Monthly/ });
    expect(monthly.closest('label')!.textContent).toContain('4.99 USD/month');
    // The same event again closes it.
    act(() => openUpgrade({ channel: 'sidebar', newTab: false }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a Pro feature refused in a meeting prompts the upgrade, paying in a new tab with "I have paid"', async () => {
    const fetchMock = vi.fn(async () => ({
      ok: true,
      headers: new Headers(),
      json: async () => ({
        code: -1,
        msg: 'Upgrade to Pro to unlock video recording',
        key: 'videoRecordPro',
        payload: null,
      }),
    }));
    vi.stubGlobal('fetch', fetchMock);
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const create = vi
      .spyOn(billingApi, 'createSubscribeSession')
      .mockResolvedValue({ sessionId: 'cs_1', url: 'http://pay.test/cs_1' });
    window.history.replaceState(null, '', '/meeting/123456789');
    renderAt('/meeting/123456789');
    await apiPost('conference/startRecord', { conferenceUri: 'uri-1' }, { silent: true }).catch(
      () => undefined,
    );
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    fireEvent.click(await screen.findByRole('radio', { name: /Monthly/ }));
    fireEvent.click(await screen.findByTestId('upgrade-submit'));
    await screen.findByRole('button', { name: 'I have paid' });
    expect(create).toHaveBeenCalledWith(
      'pro-monthly',
      expect.stringMatching(/\/meeting\/123456789\?payment=1$/),
      expect.stringMatching(/\/meeting\/123456789\?payment=1$/),
    );
    expect(open).toHaveBeenCalledWith('http://pay.test/cs_1', '_blank', 'noopener');
    expect(localStorage.getItem('paymentSessionId')).toBe('cs_1');
    window.history.replaceState(null, '', '/');
  });
});

test('a user whose renewal failed is sent to fix the card, not to a second subscription', async () => {
  vi.spyOn(billingApi, 'frequencyStatus').mockResolvedValue({
    ...BASIC,
    subscription: {
      productType: 1,
      status: 'past_due',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: 0,
    },
  });
  const portal = vi
    .spyOn(billingApi, 'customerPortal')
    .mockResolvedValue({ url: 'about:blank#portal' });
  const create = vi.spyOn(billingApi, 'createSubscribeSession');
  renderAt('/home/meetings');
  act(() => openUpgrade({ channel: 'sidebar', newTab: false }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'The last payment failed. Update your card to keep Pro.',
  );
  expect(screen.queryByTestId('upgrade-submit')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
  await waitFor(() => expect(portal).toHaveBeenCalled());
  expect(create).not.toHaveBeenCalled();
});

describe('coming back from the payment page', () => {
  test('with payment=1 and a stored session: checked, success reloads the user, the flag leaves the address', async () => {
    localStorage.setItem('paymentSessionId', 'cs_ok');
    const status = vi
      .spyOn(billingApi, 'paymentStatus')
      .mockResolvedValueOnce({ sessionId: 'cs_ok', paymentStatus: 1 })
      .mockResolvedValue({ sessionId: 'cs_ok', paymentStatus: 2 });
    renderAt('/home/meetings?payment=1');
    await waitFor(() => expect(refreshUser).toHaveBeenCalled(), { timeout: 3000 });
    expect(status).toHaveBeenCalledWith('cs_ok');
    expect(screen.getByTestId('where').textContent).toBe('/home/meetings');
    expect(localStorage.getItem('paymentSessionId')).toBeNull();
  });

  test('a failed payment shows paymentFailed', async () => {
    localStorage.setItem('paymentSessionId', 'cs_no');
    vi.spyOn(billingApi, 'paymentStatus').mockResolvedValue({
      sessionId: 'cs_no',
      paymentStatus: 3,
    });
    renderAt('/home/meetings?payment=1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Payment failed. No money was taken; you can try again.',
    );
  });

  test('without payment=1 a stored session is forgotten and nothing is checked', async () => {
    localStorage.setItem('paymentSessionId', 'cs_old');
    const status = vi.spyOn(billingApi, 'paymentStatus');
    renderAt('/home/meetings');
    await waitFor(() => expect(localStorage.getItem('paymentSessionId')).toBeNull());
    expect(status).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
