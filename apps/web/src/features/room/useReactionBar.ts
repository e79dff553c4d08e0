/**
 * The reaction bar's state and actions: open or closed, the focus inside it (it comes in on
 * opening, arrow keys move along the emoji, Escape closes and gives it back to the button, and
 * leaving the bar closes it), and sending through the room client with a refusal shown in the
 * user's language (`reactionTooFast` when sent faster than the server allows).
 */
import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { ReactionEmoji } from '@meet/shared';
import { RequestError } from '../../room-client/signaling';
import { usePopover } from '../../ui/Popover';
import { toast } from '../../ui/toast-store';
import { REACTION_CHOICES } from '../room-core/reactions';
import { useRoomClient, useRoomState } from '../room-core/RoomContext';

export function useReactionBar() {
  const { t } = useTranslation();
  const client = useRoomClient();
  const connected = useRoomState((s) => s.connection === 'connected');
  const popover = usePopover();
  const barId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

  const buttons = () => Array.from(barRef.current?.querySelectorAll('button') ?? []);

  useEffect(() => {
    if (popover.open) buttons()[0]?.focus();
  }, [popover.open]);

  const send = async (emoji: ReactionEmoji) => {
    try {
      await client.sendReaction(emoji);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (error.key) toast.warning(t(`errors.${error.key}`, error.params));
      else toast.error(t('room.reactions.failed'));
    }
  };

  return {
    open: popover.open,
    connected,
    choices: REACTION_CHOICES,
    anchorProps: {
      ...popover.anchorProps,
      onBlur(event: FocusEvent<HTMLDivElement>) {
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) popover.close();
      },
    },
    triggerProps: {
      ref: triggerRef,
      'aria-expanded': popover.open,
      'aria-controls': popover.open ? barId : undefined,
      onClick: popover.toggle,
    },
    barProps: {
      ref: barRef,
      id: barId,
      onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
        const list = buttons();
        const at = list.indexOf(document.activeElement as HTMLButtonElement);
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (step) {
          event.preventDefault();
          list[(at + step + list.length) % list.length]?.focus();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          popover.close();
          triggerRef.current?.focus();
        }
      },
    },
    send: (emoji: ReactionEmoji) => void send(emoji),
  };
}
