/**
 * Listens for the room's keyboard shortcuts (shortcuts.ts) on the whole page and runs the
 * handler of the one pressed. Never while the user types (chat, a name, a poll), while a modal
 * dialog holds the keyboard, or for a held-down key. A handled press is prevented, so Ctrl+D
 * toggles the microphone instead of bookmarking the page; a shortcut without a handler (the
 * host has no hand to raise) is left to the browser.
 */
import { useEffect, useRef } from 'react';
import { isMacPlatform, isTyping, shortcutFor, type ShortcutAction } from './shortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>;

function modalOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

export function useRoomShortcuts(handlers: ShortcutHandlers): void {
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    const mac = isMacPlatform(navigator.platform);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (isTyping(event.target) || modalOpen()) return;
      const action = shortcutFor(event, mac);
      const run = action ? current.current[action] : undefined;
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
