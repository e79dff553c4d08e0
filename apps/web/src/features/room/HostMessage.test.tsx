import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import type { RoomClientHandle } from '../../room-client/types';
import { peerInfo } from '../../test/peer-info';
import { HOST_MESSAGE_DELAY_MS, HOST_MESSAGE_SHOW_MS } from './host-message';
import { HostMessage } from './HostMessage';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function joinAsHost() {
  const store = createRoomStore();
  store.dispatch({ type: 'me', me: peerInfo(1) });
  store.dispatch({ type: 'host', hostId: 1 });
  render(
    <RoomProvider
      client={{} as RoomClientHandle}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <HostMessage />
    </RoomProvider>,
  );
  act(() => store.dispatch({ type: 'connection', state: 'connected' }));
  act(() => vi.advanceTimersByTime(HOST_MESSAGE_DELAY_MS));
  return store;
}

const message = () => screen.queryByTestId('host-message');

describe('the host message', () => {
  test('stays a few seconds, not ten or more', () => {
    expect(HOST_MESSAGE_SHOW_MS).toBeGreaterThanOrEqual(4000);
    expect(HOST_MESSAGE_SHOW_MS).toBeLessThanOrEqual(8000);
  });

  test('shows two seconds after joining as host and goes by itself', () => {
    joinAsHost();
    expect(message()).toBeTruthy();
    act(() => vi.advanceTimersByTime(HOST_MESSAGE_SHOW_MS - 1));
    expect(message()).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(message()).toBeNull();
  });

  test('waits while the pointer is on it, then goes after the full time', () => {
    joinAsHost();
    fireEvent.mouseEnter(message()!);
    act(() => vi.advanceTimersByTime(HOST_MESSAGE_SHOW_MS * 3));
    expect(message()).toBeTruthy();
    fireEvent.mouseLeave(message()!);
    act(() => vi.advanceTimersByTime(HOST_MESSAGE_SHOW_MS));
    expect(message()).toBeNull();
  });

  test('the close button removes it at once', () => {
    joinAsHost();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(message()).toBeNull();
  });

  test('"Host controls" opens the controls panel and removes it', () => {
    const store = joinAsHost();
    fireEvent.click(screen.getByRole('button', { name: 'Host controls' }));
    expect(store.getState().panel).toBe('controls');
    expect(message()).toBeNull();
  });
});
