/**
 * The room's keyboard shortcuts put to work: each runs what its toolbar button does (the chat
 * one also puts the cursor in the message box), and the toolbar's keyboard button or "?" opens
 * their help. Test hook: `shortcuts-help`.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useCaptionsToggle } from '../captions/useCaptionsToggle';
import { KeyboardIcon } from '../room-core/room-icons';
import type { RoomControls } from './useRoomControls';
import { useRoomShortcuts } from './useRoomShortcuts';
import { useToolbarItem } from './toolbar/toolbar-slots';

// Rarely opened: loaded when it is (the room's code stays within its budget).
const ShortcutsDialog = lazy(() =>
  import('./ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })),
);

/**
 * The chat tab mounts on the next render (or once the panel's code is here); its message box
 * takes the focus then — looked for over the next frames, for at most a second.
 */
function focusChatBox(frames = 60) {
  requestAnimationFrame(() => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[name="chatMessage"]');
    if (box) box.focus();
    else if (frames > 0) focusChatBox(frames - 1);
  });
}

export function KeyboardShortcuts({ controls: c }: { controls: RoomControls }) {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);
  const slot = useToolbarItem('shortcuts');
  const captions = useCaptionsToggle(false);
  const connected = c.connection === 'connected';

  useRoomShortcuts({
    toggleMic: c.toggleMic,
    toggleCamera: c.toggleCamera,
    // As the toolbar: the host has no hand to raise, and a change on its way is not repeated.
    toggleHand: c.host || c.handBusy || !connected ? undefined : c.toggleHand,
    toggleChat: () => {
      c.toggleChat();
      if (!c.chatOpen) focusChatBox();
    },
    togglePeople: c.togglePanel,
    toggleCaptions: captions.disabled ? undefined : () => void captions.toggle(),
    showHelp: () => setHelpOpen(true),
  });

  return (
    <>
      {slot.place(
        <button
          type="button"
          data-testid="shortcuts-help"
          aria-haspopup="dialog"
          className="room-btn room-btn--flat"
          aria-label={t('room.shortcuts.open')}
          title={t('room.shortcuts.open')}
          onClick={() => setHelpOpen(true)}
          {...slot.item()}
        >
          <KeyboardIcon />
          {slot.label(t('room.shortcuts.open'))}
        </button>,
      )}
      {helpOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
