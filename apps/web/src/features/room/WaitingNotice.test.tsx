/** Who waits to be admitted comes to the host without opening the panel (issue 30). */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { waitingRoomApi } from '../../api/waiting-room-api';
import { renderInRoom } from '../captions/captions-fixtures';
import { WaitingNotice } from './WaitingNotice';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const entry = (userId: number, name: string) => ({
  userId,
  userAvatar: '',
  userConferenceName: name,
  status: 2,
});

test('one person waiting: their name with Admit and Deny; admitted, the notice goes', async () => {
  const approve = vi.spyOn(waitingRoomApi, 'approveJoin').mockResolvedValue(null);
  const { room } = renderInRoom(<WaitingNotice />, { host: true });
  expect(screen.queryByTestId('waiting-notice')).toBeNull();
  act(() => room.dispatch({ type: 'waitingList', entries: [entry(7, 'Dee')] }));
  expect(screen.getByTestId('waiting-notice').textContent).toContain('Dee wants to join');
  expect(screen.getByTestId('waiting-deny')).toBeTruthy();
  fireEvent.click(screen.getByTestId('waiting-admit'));
  await waitFor(() => expect(screen.queryByTestId('waiting-notice')).toBeNull());
  expect(approve).toHaveBeenCalledWith('uri-1', [7]);
});

test('several: how many, Admit all and View; closed, it comes back for someone new; none with the tab open or for a member', () => {
  const { room } = renderInRoom(<WaitingNotice />, { host: true });
  act(() => room.dispatch({ type: 'waitingList', entries: [entry(7, 'Dee'), entry(8, 'Eli')] }));
  const notice = screen.getByTestId('waiting-notice');
  expect(notice.textContent).toContain('2 people want to join');
  expect(screen.getByTestId('waiting-admit').textContent).toBe('Admit all');
  fireEvent.click(screen.getByTestId('waiting-view'));
  expect(room.getState().panel).toBe('waiting');
  expect(screen.queryByTestId('waiting-notice')).toBeNull();
  act(() => room.dispatch({ type: 'panel', panel: null }));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByTestId('waiting-notice')).toBeNull();
  act(() =>
    room.dispatch({
      type: 'waitingList',
      entries: [entry(7, 'Dee'), entry(8, 'Eli'), entry(9, 'Fay')],
    }),
  );
  expect(screen.getByTestId('waiting-notice').dataset.count).toBe('3');
  // Not the host any more: nothing.
  act(() => room.dispatch({ type: 'host', hostId: 2 }));
  expect(screen.queryByTestId('waiting-notice')).toBeNull();
});
