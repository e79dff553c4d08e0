import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { errorMessagesEn } from '@meet/shared';
import { onAuthFailed } from '../api/client';
import { authStore } from '../features/auth/auth-store';
import { dismissToast, toastStore } from '../ui/toast-store';
import { FakeSocket } from './fake-socket';
import { MessageSocket } from './message-socket';
import { MessageSocketProvider } from './MessageSocketProvider';

const auth = { userId: 1, deviceId: 'd', token: 'tok-1' };

function setup() {
  const fake = new FakeSocket(auth);
  const messages = new MessageSocket(() => fake);
  render(
    <MessageSocketProvider auth={null} socket={messages}>
      <div />
    </MessageSocketProvider>,
  );
  messages.start(auth);
  fake.serverConnect();
  const lost = vi.fn();
  const off = onAuthFailed(lost);
  return { fake, lost, off };
}

const shown = () => toastStore.getSnapshot().map((item) => `${item.kind}: ${item.text}`);

beforeEach(() => authStore.signIn('tok-1', 'email'));
afterEach(() => {
  authStore.clear();
  for (const item of toastStore.getSnapshot()) dismissToast(item.id);
});

test('a sign-out told by the server shows why, clears the sign-in and goes to sign-in', () => {
  const { fake, lost, off } = setup();
  act(() => fake.push({ msgType: 'signed_out', code: 203, key: 'passwordChanged' }));
  expect(shown()).toEqual([`error: ${errorMessagesEn.passwordChanged}`]);
  expect(authStore.getSnapshot().token).toBeNull();
  expect(lost).toHaveBeenCalledOnce();
  off();
});

test('a handshake refused with 203 is the same authentication failure', () => {
  const { fake, lost, off } = setup();
  act(() => fake.refuse(203));
  expect(shown()).toEqual([`error: ${errorMessagesEn.authFailed}`]);
  expect(authStore.getSnapshot().token).toBeNull();
  expect(lost).toHaveBeenCalledOnce();
  off();
});

test('the end of a sign-in this tab already left (a newer token here) changes nothing', () => {
  const { fake, lost, off } = setup();
  authStore.setToken('tok-2');
  act(() => fake.push({ msgType: 'signed_out', code: 203, key: 'signedOut' }));
  expect(shown()).toEqual([]);
  expect(authStore.getSnapshot().token).toBe('tok-2');
  expect(lost).not.toHaveBeenCalled();
  off();
});

test('a newer sign-in another tab stored, not yet heard of here, is kept', () => {
  const { fake, lost, off } = setup();
  // Written by the other tab: this tab's store has not read it yet.
  localStorage.setItem('token', 'tok-3');
  act(() => fake.push({ msgType: 'signed_out', code: 203, key: 'passwordChanged' }));
  expect(shown()).toEqual([]);
  expect(localStorage.getItem('token')).toBe('tok-3');
  expect(lost).not.toHaveBeenCalled();
  off();
});
