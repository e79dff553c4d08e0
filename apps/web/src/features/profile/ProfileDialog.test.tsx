import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { NICKNAME_MAX_PROFILE } from '@meet/shared';
import '../../i18n/i18n';
import { userApi } from '../../api/user-api';
import { ProfileDialog } from './ProfileDialog';

vi.mock('../auth/AuthProvider', () => ({
  useAuth: () => ({ user: { userName: 'Ada', avatar: '' }, refreshUser: async () => undefined }),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the profile name', () => {
  test('is never cut: a counter near the limit, the catalogue error and no Save past it', () => {
    const update = vi.spyOn(userApi, 'updateUserInfo').mockResolvedValue(null as never);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileDialog onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(name.maxLength).toBe(-1);
    fireEvent.change(name, { target: { value: 'x'.repeat(NICKNAME_MAX_PROFILE - 8) } });
    expect(screen.getByTestId('char-count').textContent).toBe(`42/${NICKNAME_MAX_PROFILE}`);
    expect(save.disabled).toBe(false);
    const long = 'x'.repeat(NICKNAME_MAX_PROFILE + 5);
    fireEvent.change(name, { target: { value: long } });
    expect(name.value).toBe(long);
    expect(screen.getByTestId('char-count').textContent).toBe(`55/${NICKNAME_MAX_PROFILE}`);
    expect(screen.getByRole('alert').textContent).toBe('Nickname cannot exceed 50 characters');
    expect(save.disabled).toBe(true);
    fireEvent.submit(document.getElementById('profile-form')!);
    expect(update).not.toHaveBeenCalled();
  });
});
