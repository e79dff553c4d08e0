import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import i18n from '../../i18n/i18n';
import type { RoomClientHandle } from '../../room-client/types';
import { ConnectionBanner, ConnectionState } from './ConnectionBanner';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function setup() {
  const store = createRoomStore();
  render(
    <RoomProvider
      client={{} as RoomClientHandle}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <ConnectionState />
      <ConnectionBanner />
    </RoomProvider>,
  );
  return store;
}

const status = () => screen.getByTestId('connection-state');

describe('the connection, for screen readers', () => {
  test('a live status line says each state in words, with the state word for tests', () => {
    const store = setup();
    expect(status().getAttribute('role')).toBe('status');
    act(() => store.dispatch({ type: 'connection', state: 'connecting' }));
    expect(status().textContent).toBe('Connecting to the meeting');
    act(() => store.dispatch({ type: 'connection', state: 'connected' }));
    expect(status().textContent).toBe('Connected to the meeting');
    expect(status().getAttribute('data-state')).toBe('connected');
  });

  test('in the Chinese interface it is Chinese', async () => {
    await i18n.changeLanguage('zh');
    const store = setup();
    act(() => store.dispatch({ type: 'connection', state: 'connected' }));
    expect(status().textContent).toBe('已连接到会议');
    act(() => {
      store.dispatch({ type: 'reconnecting' });
      store.dispatch({ type: 'connection', state: 'connecting' });
    });
    expect(status().textContent).toBe('连接已断开，正在重新连接会议');
    expect(status().getAttribute('data-state')).toBe('connecting');
    act(() => store.dispatch({ type: 'connection', state: 'failed' }));
    expect(status().textContent).toBe('无法连接到会议');
  });

  test('only the status line is live: the banner does not say it a second time', () => {
    const store = setup();
    act(() => store.dispatch({ type: 'connection', state: 'connecting' }));
    expect(screen.getAllByRole('status')).toEqual([status()]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
