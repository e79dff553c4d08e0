/**
 * The chat tab's state and actions: the messages, the composer (Enter sends, Shift+Enter makes
 * a new line, the length rule), sending with the server's refusal shown, and keeping the newest
 * message in view.
 */
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { CHAT_MAX_LENGTH, type ChatMessage } from '@meet/shared';
import { RequestError } from '../../room-client/signaling';
import { chatLength, chatProblem } from './chat-log';

/** What the chat shows and how it sends, as the room gives it (RoomPanel). */
export interface ChatFeed {
  /** Oldest first, each id once (chat-log.ts mergeChat). */
  messages: readonly ChatMessage[];
  /** My user id as messages name their sender (`scode`); '' before the join answer. */
  myId: string;
  /** Sending waits for the room's connection. */
  connected: boolean;
  /** Resolves once the server stored the message; rejects with its refusal (RequestError). */
  send(content: string): Promise<unknown>;
}

/** Within this distance of the bottom the list follows new messages; further up, the reader is reading. */
const FOLLOW_PX = 80;

export function useChat({ messages, myId, connected, send: sendMessage }: ChatFeed) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const forceFollow = useRef(true);

  const problem = chatProblem(draft);
  const length = chatLength(draft);
  const error =
    problem === 'tooLong' ? t('room.chat.tooLong', { max: CHAT_MAX_LENGTH }) : sendError;

  // New messages, and the composer growing under the list, keep the newest line in view.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !(following.current || forceFollow.current)) return;
    list.scrollTop = list.scrollHeight;
    forceFollow.current = false;
  }, [messages, draft]);

  const send = useCallback(async () => {
    if (sending || chatProblem(draft) !== null) return;
    setSending(true);
    setSendError(null);
    // My own message always comes into view, even when I had scrolled up; it may be in the
    // store before the request resolves.
    forceFollow.current = true;
    try {
      await sendMessage(draft.trim());
      setDraft('');
    } catch (e) {
      forceFollow.current = false;
      // A refusal with a catalogue key is shown in the user's language (too fast, too long…);
      // anything else — a dropped socket, a fault — gets our general text. The draft stays.
      const refusal = e instanceof RequestError && e.key ? e : null;
      setSendError(
        refusal?.key ? t(`errors.${refusal.key}`, refusal.params) : t('room.chat.sendFailed'),
      );
    } finally {
      setSending(false);
    }
  }, [sendMessage, draft, sending, t]);

  return {
    messages,
    myId,
    draft,
    length,
    max: CHAT_MAX_LENGTH,
    error,
    canSend: problem === null && !sending && connected,
    listRef,
    onScroll() {
      const list = listRef.current;
      if (list)
        following.current = list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_PX;
    },
    onChange(event: ChangeEvent<HTMLTextAreaElement>) {
      setDraft(event.target.value);
      setSendError(null);
    },
    onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
      // Enter while an input method composes (Chinese, Japanese) picks a candidate, not send.
      if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
      event.preventDefault();
      void send();
    },
    send: () => void send(),
  };
}
