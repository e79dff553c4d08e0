import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { EndScreen } from './EndScreen';
import type { EndReason } from './end-screen';

afterEach(cleanup);

function show(reason: EndReason, by?: string) {
  const onRetry = vi.fn();
  const onHome = vi.fn();
  render(
    <EndScreen
      conferenceId="123456789"
      reason={reason}
      by={by}
      onRetry={onRetry}
      onHome={onHome}
      homeLabel="Back to home"
    />,
  );
  return { onRetry, onHome };
}

test('after ending for all it names who ended it, offers the rating and no way back in', () => {
  show('ended', 'Hana');
  expect(screen.getByRole('heading', { name: 'The meeting has ended' })).toBeTruthy();
  expect(screen.getByText('Hana ended the meeting for everyone')).toBeTruthy();
  expect(screen.getByTestId('rating-star-1')).toBeTruthy();
  expect(screen.queryByTestId('end-rejoin')).toBeNull();
  expect(screen.getByText('Meeting ID: 123 456 789')).toBeTruthy();
});

test('someone who left may rejoin; home goes home', () => {
  const { onRetry, onHome } = show('left');
  fireEvent.click(screen.getByTestId('end-rejoin'));
  expect(onRetry).toHaveBeenCalledOnce();
  fireEvent.click(screen.getByTestId('end-home'));
  expect(onHome).toHaveBeenCalledOnce();
});

test.each<[EndReason, string, boolean]>([
  ['kicked', 'You have been kicked out', false],
  ['denied', 'The host did not let you in', true],
  ['blocked', 'The host removed you from the waiting room', false],
  ['closed', 'The meeting has ended', false],
])('%s says "%s"; retry offered: %s; no rating', (reason, title, retry) => {
  show(reason);
  expect(screen.getByRole('heading', { name: title })).toBeTruthy();
  expect(!!screen.queryByTestId('end-rejoin')).toBe(retry);
  if (reason !== 'kicked') expect(screen.queryByTestId('rating-star-1')).toBeNull();
});
