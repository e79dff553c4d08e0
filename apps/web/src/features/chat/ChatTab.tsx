/**
 * The chat tab: messages oldest first (mine on the right), each with its sender, time and text
 * rendered as plain text with its line breaks, and the composer under them. `useChat` holds the
 * behaviour; the room feeds both (RoomPanel), so the chat imports nothing of the room. Test
 * hooks: `chat-message` (`data-sender-id` = the sender's user id), `textarea[name=chatMessage]`,
 * `chat-send`.
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { lengthLimit } from '../../ui/length-limit';
import { SendIcon } from './chat-icons';
import { chatParts } from './chat-links';
import { formatChatTime } from './chat-log';
import { useChat, type ChatFeed } from './useChat';
import './chat.css';

export interface ChatTabProps extends ChatFeed {
  /** In a breakout room the chat is that room's. */
  inBreakout: boolean;
}

/** A message's text, its web addresses as links opening in a new tab (chat-links.ts). */
export function ChatText({ content }: { content: string }) {
  return (
    <>
      {chatParts(content).map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export function ChatTab({ inBreakout, ...feed }: ChatTabProps) {
  const { t } = useTranslation();
  const c = useChat(feed);
  const errorId = useId();
  // The counter appears as the limit comes near, not for every short message.
  const { showCount } = lengthLimit(c.draft, c.max);

  return (
    <div className="room-chat">
      {c.messages.length === 0 ? (
        <div className="room-chat__empty">
          <div className="room-chat__empty-title">{t('room.chat.empty')}</div>
          <div>{t(inBreakout ? 'room.chat.emptyHintBreakout' : 'room.chat.emptyHint')}</div>
        </div>
      ) : (
        // Not a live region: RoomAnnouncer says new messages once, with the panel open or not.
        <ol className="room-chat__list" ref={c.listRef} onScroll={c.onScroll}>
          {c.messages.map((m) => {
            const mine = m.scode === c.myId;
            return (
              <li
                key={m.id}
                className={`room-chat__msg${mine ? ' room-chat__msg--mine' : ''}`}
                data-testid="chat-message"
                data-sender-id={m.scode}
              >
                <div className="room-chat__meta">
                  <span className="room-chat__name" title={m.sname}>
                    {m.sname}
                  </span>
                  <time className="room-chat__time" dateTime={new Date(m.time).toISOString()}>
                    {formatChatTime(m.time)}
                  </time>
                </div>
                <div className="room-chat__text">
                  <ChatText content={m.content} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="room-chat__composer">
        <div className={`room-chat__box${c.error ? ' room-chat__box--invalid' : ''}`}>
          <textarea
            name="chatMessage"
            className="room-chat__input"
            rows={1}
            value={c.draft}
            placeholder={t(inBreakout ? 'room.chat.placeholderBreakout' : 'room.chat.placeholder')}
            aria-label={t(inBreakout ? 'room.chat.placeholderBreakout' : 'room.chat.placeholder')}
            aria-invalid={c.error ? true : undefined}
            aria-describedby={c.error ? errorId : undefined}
            onChange={c.onChange}
            onKeyDown={c.onKeyDown}
          />
          <button
            type="button"
            className="room-chat__send"
            data-testid="chat-send"
            aria-label={t('room.chat.send')}
            title={t('room.chat.send')}
            disabled={!c.canSend}
            onClick={c.send}
          >
            <SendIcon size={20} />
          </button>
        </div>
        {(c.error || showCount) && (
          <div className="room-chat__foot">
            {c.error && (
              <span id={errorId} className="room-chat__error" role="alert">
                {c.error}
              </span>
            )}
            {showCount && (
              <span
                className={`room-chat__count${c.length > c.max ? ' room-chat__count--over' : ''}`}
              >
                {c.length}/{c.max}
              </span>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
