import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import '../../i18n/i18n';
import type { RoomClientHandle } from '../../room-client/types';
import { peerInfo } from '../../test/peer-info';
import { RoomAnnouncer } from './RoomAnnouncer';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';

afterEach(cleanup);

test('the live region says who joined, raised a hand, wrote and reacted, and who left', () => {
  const store = createRoomStore();
  const ann = peerInfo(2, { displayName: 'Ann' });
  store.dispatch({ type: 'me', me: peerInfo(1) });
  store.dispatch({ type: 'peers', peers: [ann] });
  store.dispatch({ type: 'connection', state: 'connected' });
  render(
    <RoomProvider
      client={{} as RoomClientHandle}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <RoomAnnouncer />
    </RoomProvider>,
  );
  const region = screen.getByRole('status');
  expect(region.getAttribute('aria-live')).toBe('polite');
  expect(region.textContent).toBe('');

  const bo = peerInfo(3, { displayName: 'Bo' });
  act(() => store.dispatch({ type: 'peers', peers: [ann, bo] }));
  act(() => store.dispatch({ type: 'peers', peers: [{ ...ann, handUp: 1 }, bo] }));
  act(() =>
    store.dispatch({
      type: 'chat',
      live: true,
      messages: [{ id: 1, time: 1, scode: '3', sname: 'Bo', ua: 3, content: 'hello' }],
    }),
  );
  act(() => store.dispatch({ type: 'reaction', reaction: { id: 1, peerId: '3', emoji: '👍' } }));
  act(() => store.dispatch({ type: 'peers', peers: [{ ...ann, handUp: 1 }] }));
  expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    'Bo joined',
    'Ann raised their hand',
    'Message from Bo: hello',
    'Bo reacted with Thumbs up',
    'Bo left',
  ]);
});
