import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../../i18n/i18n';
import { voteApi } from '../../../api/vote-api';
import type { RoomClientHandle } from '../../../room-client/types';
import { peerInfo } from '../../../test/peer-info';
import { RoomPolls } from '../../polls/RoomPolls';
import { RoomProvider } from '../../room-core/RoomContext';
import { createRoomStore } from '../../room-core/room-store';
import { useRoomControls } from '../useRoomControls';
import { MoreMenu } from './MoreMenu';
import { BreakoutButton, ViewModeButton } from './SecondaryButtons';
import { MOVE_ORDER, ToolbarSlots } from './toolbar-slots';

// Feedback is offered to a signed-in user (the rest of the sign-in is not this menu's business).
vi.mock('../../auth/AuthProvider', () => ({ useAuth: () => ({ user: { userName: 'Me' } }) }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Bar({ moved }: { moved: number }) {
  const c = useRoomControls();
  return (
    <ToolbarSlots moved={moved}>
      <div role="toolbar" aria-label="Meeting controls">
        <ViewModeButton controls={c} />
        <BreakoutButton controls={c} />
        <MoreMenu controls={c} />
      </div>
    </ToolbarSlots>
  );
}

/** `moved`: how many controls the bar has sent to the menu (all of them: MOVE_ORDER.length). */
function setup(moved: number) {
  vi.spyOn(voteApi, 'list').mockResolvedValue([]);
  const client = {
    on: () => () => undefined,
    tracks: { get: () => null, subscribe: () => () => undefined },
  } as unknown as RoomClientHandle;
  const store = createRoomStore();
  const me = peerInfo(1, { isHost: true });
  store.dispatch({ type: 'me', me });
  store.dispatch({ type: 'connection', state: 'connected' });
  store.dispatch({ type: 'viewMode', mode: 'float' });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RoomProvider
        client={client}
        store={store}
        meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
      >
        <RoomPolls
          client={client}
          conferenceUri="uri-1"
          me={me}
          hostId={1}
          host
          connection="connected"
        >
          <Bar moved={moved} />
        </RoomPolls>
      </RoomProvider>
    </QueryClientProvider>,
  );
  const button = screen.getByTestId('toolbar-more');
  return { store, button, menu: screen.getByTestId('toolbar-more-menu') };
}

/** The menu's own items, in order. */
function items(menu: HTMLElement) {
  return [
    ...menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"]'),
  ].filter((el) => el.parentElement?.closest('[role="menu"]') === menu);
}

/** Opens the menu and waits for its entries (they load on the first opening). */
async function open(button: HTMLElement, menu: HTMLElement) {
  fireEvent.click(button);
  await screen.findByTestId('more-transcript');
  await waitFor(() => expect(document.activeElement).toBe(items(menu)[0]));
}

describe('the toolbar\'s "More options" menu', () => {
  test('a menu button: closed at first, opened with the focus on its first item, each item labelled', async () => {
    const { button, menu } = setup(0);
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('More options');
    expect(menu.hidden).toBe(true);
    await open(button, menu);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);
    expect(menu.getAttribute('role')).toBe('menu');
    // Every item shows words beside its icon, the same as its accessible name.
    expect(items(menu).map((el) => el.textContent)).toEqual([
      'Switch to grid view',
      'Polls',
      'Show the transcript',
      'Keyboard shortcuts',
      'Report a problem',
    ]);
    for (const el of items(menu)) expect(el.querySelector('svg')).not.toBeNull();
  });

  test('the arrow keys move the focus (wrapping), Home and End jump, Escape closes and focuses the button', async () => {
    const { button, menu } = setup(0);
    await open(button, menu);
    const list = items(menu);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(list[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(list[list.length - 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(list[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(list[list.length - 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(list[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  test('choosing an item does what the bar does and closes the menu; a click outside closes it too', async () => {
    const { button, menu, store } = setup(0);
    expect(store.getState().viewMode).not.toBe('grid');
    await open(button, menu);
    fireEvent.click(screen.getByTestId('more-layout'));
    expect(store.getState().viewMode).toBe('grid');
    await waitFor(() => expect(menu.hidden).toBe(true));
    expect(document.activeElement).toBe(button);
    await open(button, menu);
    expect(screen.getByTestId('more-layout').textContent).toBe('Switch to spotlight view');
    fireEvent.pointerDown(document.body);
    expect(menu.hidden).toBe(true);
  });

  test('wide: the secondary buttons stay in the bar, the menu holds none of them', async () => {
    const { button, menu } = setup(0);
    await open(button, menu);
    expect(menu.contains(screen.getByTestId('view-mode'))).toBe(false);
    expect(menu.contains(screen.getByTestId('breakout-toggle'))).toBe(false);
    expect(screen.getByTestId('view-mode').getAttribute('role')).toBeNull();
  });

  test('narrow: the secondary buttons move into the menu as labelled items with their test hooks', async () => {
    const { button, menu, store } = setup(MOVE_ORDER.length);
    // Already there (hidden) before the menu opens: each control stays mounted.
    expect(screen.getAllByTestId('view-mode')).toHaveLength(1);
    expect(menu.contains(screen.getByTestId('view-mode'))).toBe(true);
    await open(button, menu);
    const view = screen.getByTestId('view-mode');
    const breakout = screen.getByTestId('breakout-toggle');
    expect(view.getAttribute('role')).toBe('menuitem');
    expect(view.textContent).toBe('Change layout');
    expect(breakout.getAttribute('role')).toBe('menuitemcheckbox');
    expect(breakout.getAttribute('aria-checked')).toBe('false');
    expect(breakout.hasAttribute('aria-pressed')).toBe(false);
    expect(breakout.textContent).toBe('Breakout rooms');
    // Their labelled twins step aside.
    expect(screen.queryByTestId('more-layout')).toBeNull();
    expect(screen.queryByTestId('more-shortcuts')).toBeNull();
    expect(items(menu)[0]).toBe(view);
    fireEvent.keyDown(view, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(breakout);
    // The layout item opens its own choices beside the menu, which stays open…
    fireEvent.click(view);
    await act(() => new Promise((done) => setTimeout(done)));
    expect(menu.hidden).toBe(false);
    fireEvent.click(screen.getByTestId('view-mode-grid'));
    // …and a choice there closes both.
    expect(store.getState().viewMode).toBe('grid');
    await waitFor(() => expect(menu.hidden).toBe(true));
    expect(screen.queryByTestId('view-mode-grid')).toBeNull();
  });

  test('the bar only as narrow as it needs: the controls move in their order, the rest stay', async () => {
    const { button, menu } = setup(MOVE_ORDER.indexOf('view-mode') + 1);
    await open(button, menu);
    expect(menu.contains(screen.getByTestId('view-mode'))).toBe(true);
    expect(menu.contains(screen.getByTestId('breakout-toggle'))).toBe(false);
    expect(screen.getByTestId('breakout-toggle').getAttribute('aria-pressed')).toBe('false');
    // The twins of what moved step aside (layout, polls, shortcuts: all before view-mode).
    expect(items(menu).map((el) => el.dataset.testid)).toEqual([
      'view-mode',
      'more-transcript',
      'more-feedback',
    ]);
  });
});
