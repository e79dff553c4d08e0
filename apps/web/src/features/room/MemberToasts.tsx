/**
 * Who came and who went, on screen (issue 29): a short toast in the stage's corner for each
 * member joining or leaving, gone after a few seconds — not only the screen reader's line
 * (RoomAnnouncer). Several at once (a meeting starting) become one: "Ada and 2 others joined".
 * Nothing while I join or rejoin: the members already there are not news (announcementsOf).
 * Test hook: `member-toast` with `data-kind` (`joined`, `left`).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useRoomStore } from '../room-core/RoomContext';
import { announcementsOf } from './room-announcements';

/** How long a toast stays. */
export const MEMBER_TOAST_MS = 4000;
/** At most this many at once; older ones make way. */
const SHOWN = 3;

interface Toast {
  id: number;
  kind: 'joined' | 'left';
  names: string[];
}

export function MemberToasts() {
  const { t } = useTranslation();
  const store = useRoomStore();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const lastId = useRef(0);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    let prev = store.getState();
    const unsubscribe = store.subscribe(() => {
      const next = store.getState();
      const found = announcementsOf(prev, next);
      prev = next;
      const added: Toast[] = [];
      for (const kind of ['joined', 'left'] as const) {
        const names = found.flatMap((a) => (a.key === kind ? [a.name] : []));
        if (names.length) added.push({ id: ++lastId.current, kind, names });
      }
      if (added.length === 0) return;
      setToasts((current) => [...current, ...added].slice(-SHOWN));
      const ids = new Set(added.map((a) => a.id));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((x) => !ids.has(x.id)));
      }, MEMBER_TOAST_MS);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [store]);

  if (toasts.length === 0) return null;
  return (
    <div className="room-member-toasts" aria-hidden="true">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`room-member-toast room-member-toast--${toast.kind}`}
          data-testid="member-toast"
          data-kind={toast.kind}
        >
          {toast.names.length === 1
            ? t(`room.announce.${toast.kind}`, { name: toast.names[0] })
            : t(`room.announce.${toast.kind}Many`, {
                name: toast.names[0],
                count: toast.names.length - 1,
              })}
        </div>
      ))}
    </div>
  );
}
