/**
 * The phone's "more" sheet (issue 28): what it offers — reactions, chat, people, raise hand,
 * captions, the layout and polls — each closing the sheet once chosen, and the sheet's own
 * manners: focus comes in on opening and goes back to the "more" button after, Escape closes.
 */
import { useEffect, useRef } from 'react';
import type { ReactionEmoji } from '@meet/shared';
import { useCaptionsToggle } from '../captions/useCaptionsToggle';
import { useRoomPolls } from '../polls/RoomPolls';
import { useRoomDispatch } from '../room-core/RoomContext';
import { useReactionBar } from './useReactionBar';
import type { RoomControls } from './useRoomControls';

export function useMoreSheet(c: RoomControls, onClose: () => void) {
  const dispatch = useRoomDispatch();
  const reactions = useReactionBar();
  const captions = useCaptionsToggle(false);
  const polls = useRoomPolls();
  const sheetRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    sheetRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  const then = (action: () => void) => () => {
    action();
    onClose();
  };
  return {
    sheetRef,
    close: onClose,
    reactions: {
      choices: reactions.choices,
      connected: reactions.connected,
      send: (emoji: ReactionEmoji) => then(() => reactions.send(emoji))(),
    },
    unread: c.unread,
    memberCount: c.memberCount,
    openChat: then(() => dispatch({ type: 'panel', panel: 'chat' })),
    openPeople: then(() => dispatch({ type: 'panel', panel: 'members' })),
    hand: {
      shown: !c.host,
      up: c.handUp,
      disabled: c.handBusy || c.connection !== 'connected',
      toggle: then(c.toggleHand),
    },
    captions: {
      on: captions.on,
      held: captions.held,
      disabled: captions.disabled,
      toggle: then(() => void captions.toggle()),
    },
    layout: {
      // A grid needs three: with two, the other is big and I am small either way.
      offered: c.memberCount > 2,
      grid: c.viewMode === 'grid',
      // Grid is not offered while someone shares (as on the desktop); spotlight always is.
      disabled: c.viewMode !== 'grid' && c.gridDisabled,
      toggle: then(() => c.setViewMode(c.viewMode === 'grid' ? 'float' : 'grid')),
    },
    polls: { unanswered: polls.unanswered, open: then(polls.show) },
  };
}
