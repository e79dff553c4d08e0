import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ChatMessage, PeerInfo } from '@meet/shared';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { waitingRoomApi } from '../../api/waiting-room-api';
import { RequestError } from '../../room-client/signaling';
import type { RoomClientHandle } from '../../room-client/types';
import { RoomProvider } from '../room-core/RoomContext';
import { RoomPanel } from './RoomPanel';
import { createRoomStore, type RoomStore } from '../room-core/room-store';
import { peerInfo } from '../../test/peer-info';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const peer = (userId: number, extra: Partial<PeerInfo> = {}) =>
  peerInfo(userId, { videoEnabled: false, ...extra });

const message = (id: number, from: number, content: string): ChatMessage => ({
  id,
  time: Date.now(),
  scode: String(from),
  sname: `user ${from}`,
  ua: 3,
  content,
});

function setup(hostId: number, sendMessage = vi.fn()) {
  const store: RoomStore = createRoomStore();
  const client = {
    sendMessage,
    tracks: { get: () => undefined },
    on: () => () => undefined,
  } as unknown as RoomClientHandle;
  store.dispatch({ type: 'me', me: peer(1) });
  store.dispatch({ type: 'peers', peers: [peer(2, { handUp: 1 })] });
  store.dispatch({ type: 'host', hostId });
  store.dispatch({ type: 'connection', state: 'connected' });
  render(
    <RoomProvider
      client={client}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <RoomPanel />
    </RoomProvider>,
  );
  return { store, sendMessage };
}

describe('the right panel', () => {
  test('a member sees people and chat; becoming host adds the waiting room and controls', () => {
    vi.spyOn(waitingRoomApi, 'waitingList').mockResolvedValue([]);
    const { store } = setup(2);
    act(() => store.dispatch({ type: 'panel', panel: 'members' }));
    expect(screen.queryByTestId('panel-tab-controls')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
    expect(screen.queryByTestId('hand-approve')).toBeNull();
    act(() => store.dispatch({ type: 'host', hostId: 1 }));
    expect(screen.getByTestId('panel-tab-waiting')).toBeTruthy();
    const row = document.querySelector<HTMLElement>('[data-member-row="2"]')!;
    expect(within(row).getByTestId('hand-state').getAttribute('data-hand')).toBe('1');
    fireEvent.click(within(row).getByTestId('member-more'));
    expect(within(row).getByTestId('member-remove')).toBeTruthy();
    expect(screen.getByTestId('hands-approve-all')).toBeTruthy();
    // My own row has no actions on me, only the rename.
    const mine = document.querySelector<HTMLElement>('[data-member-row="1"]')!;
    expect(within(mine).queryByTestId('member-more')).toBeNull();
    expect(within(mine).getByTestId('rename-me')).toBeTruthy();
  });

  test('chat text is plain text with its line breaks, mine on the right', () => {
    const { store } = setup(1);
    act(() => {
      store.dispatch({ type: 'panel', panel: 'chat' });
      store.dispatch({
        type: 'chat',
        messages: [message(1, 2, '<b>not bold</b>\nsecond line'), message(2, 1, 'mine')],
        live: true,
      });
    });
    const [theirs, mine] = screen.getAllByTestId('chat-message');
    expect(theirs!.getAttribute('data-sender-id')).toBe('2');
    expect(theirs!.querySelector('b')).toBeNull();
    expect(theirs!.textContent).toContain('<b>not bold</b>\nsecond line');
    expect(mine!.className).toContain('room-chat__msg--mine');
  });

  test('Enter sends, Shift+Enter does not, and the text is cleared after', async () => {
    const sendMessage = vi.fn().mockResolvedValue(message(3, 1, 'hello'));
    const { store } = setup(1, sendMessage);
    act(() => store.dispatch({ type: 'panel', panel: 'chat' }));
    const box = document.querySelector<HTMLTextAreaElement>('textarea[name="chatMessage"]')!;
    fireEvent.change(box, { target: { value: '  hello  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sendMessage).not.toHaveBeenCalled();
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(sendMessage).toHaveBeenCalledWith('hello');
    expect(box.value).toBe('');
  });

  test('too long a message cannot be sent, and a refusal is shown in the user’s words with the text kept', async () => {
    const sendMessage = vi
      .fn()
      .mockRejectedValueOnce(new RequestError(-1, 'Sending messages too quickly', 'chatTooFast'))
      .mockRejectedValueOnce(new RequestError(-1, 'server error, please try again', 'serverError'))
      .mockRejectedValueOnce(new RequestError(-1, 'sendMessage timed out'));
    const { store } = setup(1, sendMessage);
    act(() => store.dispatch({ type: 'panel', panel: 'chat' }));
    const box = document.querySelector<HTMLTextAreaElement>('textarea[name="chatMessage"]')!;
    const send = screen.getByTestId('chat-send') as HTMLButtonElement;
    fireEvent.change(box, { target: { value: 'x'.repeat(700) } });
    expect(document.querySelector('.room-chat__count')).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(800) } });
    expect(document.querySelector('.room-chat__count')!.textContent).toBe('800/1000');
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    expect(box.value).toHaveLength(1001);
    expect(document.querySelector('.room-chat__count')!.textContent).toBe('1001/1000');
    expect(send.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('A message can be at most 1000 characters');
    fireEvent.change(box, { target: { value: 'fine' } });
    await act(async () => fireEvent.click(send));
    expect(screen.getByRole('alert').textContent).toBe(
      'You are sending messages too quickly. Wait a moment, then send again',
    );
    expect(box.value).toBe('fine');
    await act(async () => fireEvent.click(send));
    expect(screen.getByRole('alert').textContent).toBe('Server error, please try again later');
    await act(async () => fireEvent.click(send));
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('room.chat.sendFailed'));
    expect(box.value).toBe('fine');
  });
});
