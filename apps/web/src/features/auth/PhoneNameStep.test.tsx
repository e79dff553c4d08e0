import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LoginPayload, SelfInfo } from '@meet/shared';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { userApi } from '../../api/user-api';
import { PhoneNameStep } from './PhoneNameStep';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const info = { userId: 7, userName: '+15*****0001', phone: '+15550000001' } as SelfInfo;
const pending: LoginPayload = { token: 'tok-new', userInfo: info, newAccount: true };

function setup() {
  const onDone = vi.fn();
  render(<PhoneNameStep pending={pending} onDone={onDone} />);
  const name = screen.getByRole('textbox', { name: 'Your name' });
  const form = screen.getByRole('form', { name: 'What should we call you?' });
  return { onDone, name, form };
}

describe('the name step of a new phone account', () => {
  test('asks for a name, saves it with the sign-in it holds, and signs in with the new name', async () => {
    const update = vi
      .spyOn(userApi, 'updateUserInfo')
      .mockResolvedValue({ ...info, userName: 'Grace' });
    const { onDone, name, form } = setup();
    expect(screen.getByText(/named \+15\*+0001 for now/)).toBeTruthy();
    fireEvent.change(name, { target: { value: '  Grace ' } });
    fireEvent.submit(form);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith('Grace', { silent: true, token: 'tok-new' });
    expect(onDone.mock.calls[0]![0]).toEqual({
      ...pending,
      userInfo: { ...info, userName: 'Grace' },
    });
  });

  test('a blank name is refused in place, without a call', () => {
    const update = vi.spyOn(userApi, 'updateUserInfo');
    const { onDone, form } = setup();
    fireEvent.submit(form);
    expect(screen.getByText('Nickname cannot be empty')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  test("the server's refusal shows under the field and the step stays", async () => {
    vi.spyOn(userApi, 'updateUserInfo').mockRejectedValue(
      new ApiError(400, 'Nickname cannot exceed 50 characters', null, 'nicknameTooLong'),
    );
    const { onDone, name, form } = setup();
    fireEvent.change(name, { target: { value: 'Grace' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Nickname cannot exceed 50 characters')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  test('Skip signs in keeping the masked number as the name', () => {
    const update = vi.spyOn(userApi, 'updateUserInfo');
    const { onDone } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(onDone).toHaveBeenCalledWith(pending);
    expect(update).not.toHaveBeenCalled();
  });
});
