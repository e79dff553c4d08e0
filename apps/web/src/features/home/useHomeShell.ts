/** Which of the Home shell's overlays is open: one dialog at a time, plus the message panel. */
import { useCallback, useState } from 'react';

export type HomeDialog =
  'profile' | 'about' | 'subscription' | 'credits' | 'feedback' | 'integrations' | null;

export function useHomeShell() {
  const [dialog, setDialog] = useState<HomeDialog>(null);
  const [messagesOpen, setMessagesOpen] = useState(false);
  return {
    dialog,
    openDialog: useCallback((which: Exclude<HomeDialog, null>) => setDialog(which), []),
    closeDialog: useCallback(() => setDialog(null), []),
    messagesOpen,
    toggleMessages: useCallback(() => setMessagesOpen((open) => !open), []),
    closeMessages: useCallback(() => setMessagesOpen(false), []),
  };
}
