import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { AvatarMenu } from './AvatarMenu';
import { accountOf, readFlag, setFlag, useSeenFlag } from './seen-flags';

vi.mock('../auth/AuthProvider', () => ({
  useAuth: () => ({ user: { userName: 'Ada', email: 'ada@example.com', avatar: '' } }),
}));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function Dot({ account }: { account: string | null }) {
  const [seen, markSeen] = useSeenFlag('integrationsSeen', account);
  return (
    <button type="button" onClick={markSeen}>
      {seen ? 'seen' : 'unseen'}
    </button>
  );
}

describe('flags remembered per account', () => {
  test('are kept per email: another account on the same browser has its own', () => {
    expect(accountOf({ email: ' Ada@Example.com ' })).toBe('ada@example.com');
    expect(accountOf({ email: '', code: 'A1B2' })).toBe('code:A1B2');
    expect(accountOf(null)).toBeNull();
    setFlag('integrationsSeen', 'ada@example.com');
    expect(readFlag('integrationsSeen', 'ada@example.com')).toBe(true);
    expect(readFlag('integrationsSeen', 'bob@example.com')).toBe(false);
    expect(readFlag('calendarBannerDismissed', 'ada@example.com')).toBe(false);
  });

  test('every reader updates when one sets it, and it survives a new page', () => {
    render(
      <>
        <Dot account="ada@example.com" />
        <Dot account="ada@example.com" />
      </>,
    );
    expect(screen.getAllByText('unseen')).toHaveLength(2);
    act(() => fireEvent.click(screen.getAllByText('unseen')[0]!));
    expect(screen.getAllByText('seen')).toHaveLength(2);
    cleanup();
    render(<Dot account="ada@example.com" />);
    expect(screen.getByText('seen')).toBeTruthy();
  });

  test('before the account is known nothing shows as unseen (no flash of a red dot)', () => {
    render(<Dot account={null} />);
    expect(screen.getByText('seen')).toBeTruthy();
  });
});

describe('the avatar menu', () => {
  function menu(integrationsUnseen: boolean) {
    const actions = { onFeedback: vi.fn(), onIntegrations: vi.fn() };
    render(
      <AvatarMenu
        onEditProfile={vi.fn()}
        onAbout={vi.fn()}
        onUpgrade={vi.fn()}
        onSubscription={vi.fn()}
        integrationsUnseen={integrationsUnseen}
        {...actions}
      />,
    );
    fireEvent.click(screen.getByTestId('avatar-menu-button'));
    return actions;
  }

  test('has Feedback and Integrations; Integrations carries a red dot until viewed', () => {
    const actions = menu(true);
    const entry = screen.getByRole('menuitem', { name: /Integrations/ });
    expect(entry.querySelector('[data-testid="integrations-dot"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Feedback' }));
    expect(actions.onFeedback).toHaveBeenCalled();
  });

  test('without the dot once viewed', () => {
    const actions = menu(false);
    const entry = screen.getByRole('menuitem', { name: 'Integrations' });
    expect(entry.querySelector('[data-testid="integrations-dot"]')).toBeNull();
    fireEvent.click(entry);
    expect(actions.onIntegrations).toHaveBeenCalled();
  });
});
