/** Joins and leaves are shown, briefly (issue 29), not only told to screen readers. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import type { RoomClientHandle } from '../../room-client/types';
import { peerInfo } from '../../test/peer-info';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';
import { MEMBER_TOAST_MS, MemberToasts } from './MemberToasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ann = peerInfo(2, { displayName: 'Ann' });

function setup() {
  const store = createRoomStore();
  store.dispatch({ type: 'me', me: peerInfo(1) });
  store.dispatch({ type: 'peers', peers: [ann] });
  store.dispatch({ type: 'connection', state: 'connected' });
  render(
    <RoomProvider
      client={{} as RoomClientHandle}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <MemberToasts />
    </RoomProvider>,
  );
  return store;
}

const toasts = () =>
  screen.queryAllByTestId('member-toast').map((el) => [el.dataset.kind, el.textContent]);

test('a member joining and one leaving each show a toast that goes after a few seconds', () => {
  const store = setup();
  expect(toasts()).toEqual([]);
  const bo = peerInfo(3, { displayName: 'Bo' });
  act(() => store.dispatch({ type: 'peers', peers: [ann, bo] }));
  expect(toasts()).toEqual([['joined', 'Bo joined']]);
  act(() => vi.advanceTimersByTime(1000));
  act(() => store.dispatch({ type: 'peers', peers: [bo] }));
  expect(toasts()).toEqual([
    ['joined', 'Bo joined'],
    ['left', 'Ann left'],
  ]);
  act(() => vi.advanceTimersByTime(MEMBER_TOAST_MS - 1000));
  expect(toasts()).toEqual([['left', 'Ann left']]);
  act(() => vi.advanceTimersByTime(1000));
  expect(toasts()).toEqual([]);
});

test('several at once are one toast; the members there when I join are no news; a reconnecting one has not left', () => {
  const store = setup();
  const more = [3, 4, 5].map((id) => peerInfo(id, { displayName: `P${id}` }));
  act(() => store.dispatch({ type: 'peers', peers: [ann, ...more] }));
  expect(toasts()).toEqual([['joined', 'P3 and 2 others joined']]);
  act(() => vi.advanceTimersByTime(MEMBER_TOAST_MS));
  act(() => store.dispatch({ type: 'peers', peers: [{ ...ann, reconnecting: true }, ...more] }));
  expect(toasts()).toEqual([]);
  // A rejoin: the whole list arrives again while I connect.
  act(() => store.dispatch({ type: 'connection', state: 'connecting' }));
  act(() => store.dispatch({ type: 'peers', peers: [] }));
  act(() => store.dispatch({ type: 'peers', peers: [ann, ...more] }));
  act(() => store.dispatch({ type: 'connection', state: 'connected' }));
  expect(toasts()).toEqual([]);
});
