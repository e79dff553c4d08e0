import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useRoomShortcuts, type ShortcutHandlers } from './useRoomShortcuts';

afterEach(cleanup);

function Harness({ handlers }: { handlers: ShortcutHandlers }) {
  useRoomShortcuts(handlers);
  return (
    <div>
      <button type="button">Microphone</button>
      <textarea name="chatMessage" aria-label="Message" />
      <input aria-label="Name" />
      <div contentEditable suppressContentEditableWarning data-testid="editor">
        text
      </div>
    </div>
  );
}

function setup(extra: ShortcutHandlers = {}) {
  const handlers = {
    toggleMic: vi.fn(),
    toggleCamera: vi.fn(),
    toggleChat: vi.fn(),
    toggleCaptions: vi.fn(),
    showHelp: vi.fn(),
    ...extra,
  };
  render(<Harness handlers={handlers} />);
  return handlers;
}

/** Dispatches a keydown on `target` and says whether the page prevented the browser's default. */
function keyDown(target: Element, init: KeyboardEventInit): boolean {
  return !fireEvent.keyDown(target, init);
}

describe('the room’s keyboard shortcuts', () => {
  test('Ctrl+D toggles the microphone and keeps the browser from bookmarking the page', () => {
    const h = setup();
    const prevented = keyDown(document.body, { key: 'd', code: 'KeyD', ctrlKey: true });
    expect(h.toggleMic).toHaveBeenCalledTimes(1);
    expect(prevented).toBe(true);
  });

  test('from a focused button too: Ctrl+E, C, ? and Ctrl+Alt+C each run their action', () => {
    const h = setup();
    const button = screen.getByRole('button', { name: 'Microphone' });
    button.focus();
    keyDown(button, { key: 'e', code: 'KeyE', ctrlKey: true });
    keyDown(button, { key: 'c', code: 'KeyC' });
    keyDown(button, { key: '?', code: 'Slash', shiftKey: true });
    keyDown(button, { key: 'c', code: 'KeyC', ctrlKey: true, altKey: true });
    expect(h.toggleCamera).toHaveBeenCalledTimes(1);
    expect(h.toggleCaptions).toHaveBeenCalledTimes(1);
    expect(h.showHelp).toHaveBeenCalledTimes(1);
    expect(h.toggleChat).toHaveBeenCalledTimes(1);
    expect(h.toggleMic).not.toHaveBeenCalled();
  });

  test.each([
    ['the chat box', () => screen.getByRole('textbox', { name: 'Message' })],
    ['a text field', () => screen.getByRole('textbox', { name: 'Name' })],
    ['editable content', () => screen.getByTestId('editor')],
  ])('nothing fires while typing in %s, and the key is left alone', (_name, target) => {
    const h = setup();
    const field = target();
    field.focus();
    for (const init of [
      { key: 'd', code: 'KeyD', ctrlKey: true },
      { key: 'c', code: 'KeyC' },
      { key: '?', shiftKey: true },
    ]) {
      expect(keyDown(field, init)).toBe(false);
    }
    expect(h.toggleMic).not.toHaveBeenCalled();
    expect(h.toggleCaptions).not.toHaveBeenCalled();
    expect(h.showHelp).not.toHaveBeenCalled();
  });

  test('a held-down key fires once, not again with every repeat', () => {
    const h = setup();
    keyDown(document.body, { key: 'd', code: 'KeyD', ctrlKey: true });
    keyDown(document.body, { key: 'd', code: 'KeyD', ctrlKey: true, repeat: true });
    expect(h.toggleMic).toHaveBeenCalledTimes(1);
  });

  test('nothing fires while a modal dialog is open', () => {
    const h = setup();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    keyDown(document.body, { key: 'd', code: 'KeyD', ctrlKey: true });
    dialog.remove();
    expect(h.toggleMic).not.toHaveBeenCalled();
  });

  test('a shortcut without a handler is left to the browser', () => {
    setup({ toggleHand: undefined });
    const prevented = keyDown(document.body, {
      key: 'h',
      code: 'KeyH',
      ctrlKey: true,
      altKey: true,
    });
    expect(prevented).toBe(false);
  });

  test('the listener goes away with the room', () => {
    const h = setup();
    cleanup();
    keyDown(document.body, { key: 'd', code: 'KeyD', ctrlKey: true });
    expect(h.toggleMic).not.toHaveBeenCalled();
  });
});
