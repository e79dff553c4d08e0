/** Everyone is told when the host's connection dropped or the host left (issue 29). */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import '../../i18n/i18n';
import type { RoomClientHandle } from '../../room-client/types';
import { peerInfo } from '../../test/peer-info';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';
import { HostGoneNotice } from './HostGoneNotice';

afterEach(cleanup);

function setup() {
  const store = createRoomStore();
  render(
    <RoomProvider
      client={{} as RoomClientHandle}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <HostGoneNotice />
    </RoomProvider>,
  );
  act(() => {
    store.dispatch({ type: 'connection', state: 'connected' });
    store.dispatch({ type: 'me', me: peerInfo(2) });
    store.dispatch({ type: 'host', hostId: 1 });
    store.dispatch({ type: 'peers', peers: [peerInfo(1)] });
  });
  return store;
}

describe('HostGoneNotice', () => {
  test('nothing while the host is here; said when their connection drops, and when they left', () => {
    const store = setup();
    expect(screen.queryByTestId('host-gone')).toBeNull();
    act(() => store.dispatch({ type: 'peers', peers: [peerInfo(1, { reconnecting: true })] }));
    expect(screen.getByTestId('host-gone').getAttribute('data-reason')).toBe('reconnecting');
    expect(screen.getByRole('status').textContent).toContain("The host's connection dropped");
    act(() => store.dispatch({ type: 'host', hostId: 0 }));
    expect(screen.getByTestId('host-gone').getAttribute('data-reason')).toBe('left');
    expect(screen.getByRole('status').textContent).toContain('The host left');
    // Not while I am the one without a connection.
    act(() => store.dispatch({ type: 'connection', state: 'connecting' }));
    expect(screen.queryByTestId('host-gone')).toBeNull();
  });

  test('a host whose tab closed (gone from the room, still host for the grace) left; one never here is not said to have left', () => {
    const store = setup();
    act(() => store.dispatch({ type: 'peers', peers: [] }));
    expect(screen.getByTestId('host-gone').getAttribute('data-reason')).toBe('left');
    act(() => store.dispatch({ type: 'host', hostId: 5 }));
    expect(screen.queryByTestId('host-gone')).toBeNull();
    // Back with a reload: nothing to say.
    act(() => store.dispatch({ type: 'host', hostId: 1 }));
    act(() => store.dispatch({ type: 'peers', peers: [peerInfo(1)] }));
    expect(screen.queryByTestId('host-gone')).toBeNull();
  });
});
