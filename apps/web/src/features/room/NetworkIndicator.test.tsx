/** My own network in words (issue 29), from what is measured. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import '../../i18n/i18n';
import type { RoomClientHandle } from '../../room-client/types';
import { peerInfo } from '../../test/peer-info';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';
import { NetworkIndicator } from './NetworkIndicator';

afterEach(cleanup);

test('SPEC.md thresholds on half the round trip, said in words; a lowered picture says why', () => {
  const store = createRoomStore();
  store.dispatch({ type: 'me', me: peerInfo(1) });
  render(
    <RoomProvider
      client={{} as RoomClientHandle}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <NetworkIndicator />
    </RoomProvider>,
  );
  const shown = () => {
    const el = screen.queryByTestId('my-network');
    return el && [el.dataset.status, el.textContent];
  };
  // Nothing before a measurement in the room.
  expect(shown()).toBeNull();
  act(() => store.dispatch({ type: 'network', network: { rttMs: 40, lowered: false } }));
  expect(shown()).toBeNull();
  act(() => store.dispatch({ type: 'connection', state: 'connected' }));
  expect(shown()).toEqual(['fine', 'Network: good']);
  for (const [rttMs, status, text] of [
    [100, 'fine', 'Network: good'],
    [101, 'common', 'Network: fair'],
    [401, 'low', 'Network: poor'],
    [null, 'fine', 'Network: good'],
  ] as const) {
    act(() => store.dispatch({ type: 'network', network: { rttMs, lowered: false } }));
    expect(shown()).toEqual([status, text]);
  }
  act(() => store.dispatch({ type: 'network', network: { rttMs: 20, lowered: true } }));
  expect(shown()).toEqual(['low', 'Network: poor — video lowered']);
  expect(screen.getByTestId('my-network').title).toBe(
    'Network: poor — video lowered · round trip 20 ms',
  );
});
