import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { REACTION_EMOJIS, type ReactionEmoji } from '@meet/shared';
import '../../i18n/i18n';
import { RequestError } from '../../room-client/signaling';
import type { RoomClientHandle } from '../../room-client/types';
import { toastStore } from '../../ui/toast-store';
import { peerInfo } from '../../test/peer-info';
import { ReactionBar } from './ReactionBar';
import { ReactionBursts } from './ReactionBursts';
import { REACTION_FLOAT_MS } from '../room-core/reactions';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(sendReaction = vi.fn((_emoji: ReactionEmoji) => Promise.resolve())) {
  const client = { sendReaction } as unknown as RoomClientHandle;
  const store = createRoomStore();
  store.dispatch({ type: 'me', me: peerInfo(1) });
  store.dispatch({ type: 'connection', state: 'connected' });
  render(
    <RoomProvider
      client={client}
      store={store}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      <ReactionBar />
      <ReactionBursts peerId="2" name="Dee" />
    </RoomProvider>,
  );
  const toggle = screen.getByRole('button', { name: 'Send a reaction' });
  return { store, sendReaction, toggle };
}

describe('the reaction bar', () => {
  test('opens with the six emoji, each named for screen readers, the focus on the first', () => {
    const { toggle } = setup();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const bar = screen.getByRole('group', { name: 'Reactions' });
    const buttons = within(bar).getAllByRole('button');
    expect(buttons.map((b) => b.dataset.emoji)).toEqual([...REACTION_EMOJIS]);
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Thumbs up',
      'Heart',
      'Tears of joy',
      'Surprised',
      'Clapping hands',
      'Party popper',
    ]);
    expect(document.activeElement).toBe(buttons[0]);
  });

  test('a click sends that emoji through the room client and the bar stays open for more', async () => {
    const { sendReaction, toggle } = setup();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Party popper' }));
    fireEvent.click(screen.getByRole('button', { name: 'Thumbs up' }));
    await act(async () => undefined);
    expect(sendReaction.mock.calls).toEqual([['🎉'], ['👍']]);
    expect(screen.queryByRole('group', { name: 'Reactions' })).not.toBeNull();
  });

  test('arrow keys move along the bar; Escape closes it and gives the focus back', () => {
    const { toggle } = setup();
    fireEvent.click(toggle);
    const bar = screen.getByRole('group', { name: 'Reactions' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Heart' }));
    fireEvent.keyDown(bar, { key: 'ArrowLeft' });
    fireEvent.keyDown(bar, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Party popper' }));
    fireEvent.keyDown(bar, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  test('a refusal for going too fast is shown in the user’s language', async () => {
    const refuse = vi.fn(() =>
      Promise.reject(new RequestError(-1, 'Sending reactions too quickly', 'reactionTooFast')),
    );
    const { toggle } = setup(refuse);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Heart' }));
    await vi.waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => [t.kind, t.text])).toContainEqual([
        'warning',
        'You are sending reactions too quickly. Wait a moment, then react again',
      ]),
    );
  });

  test('the emoji cannot be sent while the room is not connected', () => {
    const { store, toggle } = setup();
    act(() => store.dispatch({ type: 'connection', state: 'connecting' }));
    fireEvent.click(toggle);
    for (const button of within(screen.getByRole('group')).getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('reactions over a tile', () => {
  test('a member’s reaction floats over their tile, then is gone after its float', () => {
    vi.useFakeTimers();
    const { store } = setup();
    act(() => {
      store.dispatch({ type: 'reaction', reaction: { id: 1, peerId: '2', emoji: '👏' } });
      store.dispatch({ type: 'reaction', reaction: { id: 2, peerId: '3', emoji: '😂' } });
    });
    const floating = screen.getAllByTestId('floating-reaction');
    expect(floating.map((f) => f.dataset.emoji)).toEqual(['👏']);
    // With who sent it, as Meet; still there most of its 6 s float, for a glance from elsewhere.
    expect(floating[0]!.textContent).toBe('👏Dee');
    expect(REACTION_FLOAT_MS).toBeGreaterThanOrEqual(5000);
    act(() => vi.advanceTimersByTime(REACTION_FLOAT_MS - 1000));
    expect(screen.getAllByTestId('floating-reaction')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('floating-reaction')).toBeNull();
    expect(store.getState().reactions).toEqual([]);
  });
});
