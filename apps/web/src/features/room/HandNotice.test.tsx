/** A raised hand comes to the host without opening the People tab (issue 30). */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { hostApi } from '../../api/host-api';
import { peerInfo } from '../../test/peer-info';
import { renderInRoom } from '../captions/captions-fixtures';
import { HandNotice } from './HandNotice';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

test('one hand up: who, with Lower hand and Let speak (one member’s hand answered); gone once lowered', async () => {
  const command = vi.spyOn(hostApi, 'command').mockResolvedValue(null);
  const { room } = renderInRoom(<HandNotice />, { host: true });
  expect(screen.queryByTestId('hand-notice')).toBeNull();
  const bo = peerInfo(2, { displayName: 'Bo', handUp: 1 });
  act(() => room.dispatch({ type: 'peers', peers: [bo] }));
  expect(screen.getByTestId('hand-notice').textContent).toContain('Bo raised their hand');
  expect(screen.getByTestId('hand-notice-lower').textContent).toBe('Lower hand');
  fireEvent.click(screen.getByTestId('hand-notice-approve'));
  await waitFor(() => expect(command).toHaveBeenCalledTimes(1));
  expect(JSON.stringify(command.mock.calls[0])).toContain('hand_up');
  act(() => room.dispatch({ type: 'peers', peers: [{ ...bo, handUp: 2 }] }));
  expect(screen.queryByTestId('hand-notice')).toBeNull();
});

test('several: how many, with View; none while the People tab is open, none for a member', () => {
  const { room } = renderInRoom(<HandNotice />, { host: true });
  act(() =>
    room.dispatch({
      type: 'peers',
      peers: [peerInfo(2, { handUp: 1 }), peerInfo(3, { handUp: 1 }), peerInfo(4)],
    }),
  );
  expect(screen.getByTestId('hand-notice').dataset.count).toBe('2');
  expect(screen.getByTestId('hand-notice-approve').textContent).toBe('Let all speak');
  fireEvent.click(screen.getByTestId('hand-notice-view'));
  expect(screen.queryByTestId('hand-notice')).toBeNull();
  act(() => room.dispatch({ type: 'panel', panel: null }));
  act(() => room.dispatch({ type: 'host', hostId: 2 }));
  expect(screen.queryByTestId('hand-notice')).toBeNull();
});
