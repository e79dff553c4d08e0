/**
 * The room's live region: screen readers hear who joined or left, raised or lowered a hand,
 * wrote in the chat or reacted (room-announcements.ts), in the user's language, without
 * anything showing on screen. Only the last few lines stay in it. Test hook: `room-announcer`.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { announcementsOf, type Announcement } from './room-announcements';
import { useRoomStore } from '../room-core/RoomContext';

const KEPT_LINES = 5;

export function RoomAnnouncer() {
  const { t } = useTranslation();
  const store = useRoomStore();
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  const lastId = useRef(0);

  useEffect(() => {
    const say = (a: Announcement): string => {
      switch (a.key) {
        case 'chat':
          return t('room.announce.chat', { name: a.name, text: a.text });
        case 'reaction':
          return t('room.announce.reaction', {
            name: a.name,
            reaction: t(`room.reactions.names.${a.reaction}`),
          });
        default:
          return t(`room.announce.${a.key}`, { name: a.name });
      }
    };
    let prev = store.getState();
    return store.subscribe(() => {
      const next = store.getState();
      const found = announcementsOf(prev, next);
      prev = next;
      if (found.length === 0) return;
      const added = found.map((a) => ({ id: ++lastId.current, text: say(a) }));
      setLines((current) => [...current, ...added].slice(-KEPT_LINES));
    });
  }, [store, t]);

  return (
    <div className="room-sr-only" role="status" aria-live="polite" data-testid="room-announcer">
      {lines.map((line) => (
        <p key={line.id}>{line.text}</p>
      ))}
    </div>
  );
}
