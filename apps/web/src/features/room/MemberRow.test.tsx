import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { peerInfo } from '../../test/peer-info';
import { MemberRow, type MemberRowProps } from './MemberRow';

afterEach(cleanup);

function setup(extra: Partial<MemberRowProps> = {}) {
  const props: MemberRowProps = {
    member: { ...peerInfo(2, { displayName: 'Bo' }), isHost: false },
    isMe: false,
    sharing: false,
    manage: true,
    canReclaim: false,
    onMute: vi.fn(),
    onVideo: vi.fn(),
    onMakeHost: vi.fn(),
    onRemove: vi.fn(),
    onHand: vi.fn(),
    onRename: vi.fn(),
    onReclaim: vi.fn(),
    ...extra,
  };
  render(
    <>
      <button type="button">before</button>
      <ul>
        <MemberRow {...props} />
      </ul>
      <button type="button">after</button>
    </>,
  );
  const more = screen.getByRole('button', { name: 'More actions for Bo' });
  return { props, more };
}

const menu = () => screen.queryByRole('menu', { name: 'Actions for Bo' });
const items = () => within(menu()!).getAllByRole('menuitem');

describe("a member's row, for the host", () => {
  test('the actions are behind a "more" button that is always there, closed at first', () => {
    const { more } = setup();
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(menu()).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
  });

  test('Tab reaches it; Enter opens the menu with the focus on the first action', () => {
    const { more } = setup();
    screen.getByRole('button', { name: 'before' }).focus();
    // Tab order is document order: the row's only focusable control is the "more" button.
    const focusable = [...document.querySelectorAll<HTMLElement>('button')].filter(
      (el) => el.tabIndex >= 0,
    );
    expect(focusable.map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual([
      'before',
      'More actions for Bo',
      'after',
    ]);
    more.focus();
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.getAttribute('aria-controls')).toBe(menu()!.id);
    expect(items().map((item) => item.textContent)).toEqual([
      'Mute',
      'Turn off camera',
      'Make host',
      'Remove',
    ]);
    expect(document.activeElement).toBe(items()[0]);
  });

  test('arrows move through the actions and wrap; Home and End jump', () => {
    const { more } = setup();
    fireEvent.keyDown(more, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[3]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(items()[3]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[3]);
  });

  test('Escape closes the menu and the focus goes back to the "more" button', () => {
    const { more, props } = setup();
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu()).toBeNull();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
    expect(props.onRemove).not.toHaveBeenCalled();
  });

  test('choosing an action closes the menu, runs it and gives the focus back', () => {
    const { more, props } = setup();
    fireEvent.click(more);
    fireEvent.click(screen.getByTestId('member-make-host'));
    expect(props.onMakeHost).toHaveBeenCalledOnce();
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  test('a click outside closes it', () => {
    const { more } = setup();
    fireEvent.click(more);
    act(() => {
      fireEvent.pointerDown(screen.getByRole('button', { name: 'after' }));
    });
    expect(menu()).toBeNull();
  });

  test('a held member offers to allow their microphone and camera again', () => {
    const { more } = setup({
      member: {
        ...peerInfo(2, { displayName: 'Bo', forceMuted: true, videoDisabled: true }),
        isHost: false,
      },
    });
    fireEvent.click(more);
    expect(
      items()
        .map((item) => item.textContent)
        .slice(0, 2),
    ).toEqual(['Allow to unmute', 'Allow camera']);
  });

  test('a member who does not manage the row gets no "more" button', () => {
    render(
      <ul>
        <MemberRow
          member={{ ...peerInfo(2), isHost: false }}
          isMe={false}
          sharing={false}
          manage={false}
          canReclaim={false}
          onMute={vi.fn()}
          onVideo={vi.fn()}
          onMakeHost={vi.fn()}
          onRemove={vi.fn()}
          onHand={vi.fn()}
          onRename={vi.fn()}
          onReclaim={vi.fn()}
        />
      </ul>,
    );
    expect(screen.queryByTestId('member-more')).toBeNull();
  });
});
