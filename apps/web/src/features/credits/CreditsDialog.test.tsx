import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ConsumeRecord, PointsInfo } from '@meet/shared';
import type { TFunction } from '../../i18n/i18n';
import i18n from '../../i18n/i18n';
import { captionsApi } from '../../api/captions-api';
import { featureName, meetingLabel } from './credit-format';
import { CREDIT_PAGE_SIZE, nextCreditPage } from './credit-queries';
import { CreditsDialog } from './CreditsDialog';

vi.mock('../auth/AuthProvider', () => ({
  useAuth: () => ({ user: { userId: 7, userName: 'Ada', energyPoint: 55, userType: 1 } }),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const record = (id: number, extra: Partial<ConsumeRecord> = {}): ConsumeRecord => ({
  id,
  feature: 'translate',
  credits: 1,
  minutes: 1,
  conferenceId: '123456789',
  conferenceName: 'Weekly sync',
  time: Date.UTC(2026, 10, 28, 9, 30),
  ...extra,
});

function setup(pages: ConsumeRecord[][]) {
  vi.spyOn(captionsApi, 'myPoints').mockResolvedValue({ totalEnergyPoint: 54 } as PointsInfo);
  const spending = vi
    .spyOn(captionsApi, 'spending')
    .mockImplementation(async (pageNum = 1) => ({ pageNum, list: pages[pageNum - 1] ?? [] }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CreditsDialog onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  return { spending };
}

describe('the AI credits dialog', () => {
  test('shows the balance and each charge: feature, meeting, credits, time', async () => {
    setup([
      [
        record(3, {
          feature: 'magicCam',
          credits: 3,
          minutes: 0,
          conferenceId: null,
          conferenceName: null,
        }),
        record(2, { feature: 'interpret', credits: 2 }),
      ],
    ]);
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('54'));
    const rows = await screen.findAllByTestId('credit-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first.slice(0, 3)).toEqual(['Magic Cam', '—', '−3']);
    const second = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(second.slice(0, 3)).toEqual([
      'Interpretation1 minute',
      'Weekly sync · 123 456 789',
      '−2',
    ]);
    expect(second[3]).toMatch(/2026/);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  test('says when nothing has been used yet', async () => {
    setup([[]]);
    expect((await screen.findByTestId('credit-history-empty')).textContent).toBe(
      'No credits used yet.',
    );
  });

  test('"Show more" fetches the next page while pages come back full', async () => {
    const full = Array.from({ length: CREDIT_PAGE_SIZE }, (_, i) => record(100 - i));
    const { spending } = setup([full, [record(1, { feature: 'someNewThing' })]]);
    expect(await screen.findAllByTestId('credit-row')).toHaveLength(CREDIT_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('credit-row')).toHaveLength(CREDIT_PAGE_SIZE + 1),
    );
    expect(spending).toHaveBeenLastCalledWith(2, CREDIT_PAGE_SIZE, { silent: true });
    expect(screen.getByText('someNewThing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('credit formatting', () => {
  const t: TFunction = i18n.t;
  test.each([
    ['translate', 'Translated captions'],
    ['interpret', 'Interpretation'],
    ['magicCam', 'Magic Cam'],
    ['other', 'other'],
  ])('feature %s is %s', (feature, name) => expect(featureName(feature, t)).toBe(name));

  test.each([
    [{ conferenceId: '123456789', conferenceName: 'Sync' }, 'Sync · 123 456 789'],
    [{ conferenceId: '123456789', conferenceName: null }, '123 456 789'],
    [{ conferenceId: null, conferenceName: null }, '—'],
  ])('meeting %j is %s', (meeting, label) => expect(meetingLabel(meeting)).toBe(label));

  test.each([
    [CREDIT_PAGE_SIZE, 2],
    [CREDIT_PAGE_SIZE - 1, undefined],
    [0, undefined],
  ])('a page of %i means the next is %s', (count, next) =>
    expect(
      nextCreditPage({ pageNum: 1, list: Array.from({ length: count }, (_, i) => record(i)) }),
    ).toBe(next),
  );
});
