/**
 * The reactions of one member floating up over their tile with their name (as Meet), each in its own lane
 * (room-core/reactions.ts). Hidden from screen readers: RoomAnnouncer says who reacted with
 * what instead. Test hook: `floating-reaction` with `data-emoji`.
 */
import { useMemo } from 'react';
import { reactionLane } from '../room-core/reactions';
import { useRoomState } from '../room-core/RoomContext';
import './room-reactions.css';

export function ReactionBursts({ peerId, name }: { peerId: string; name: string }) {
  const all = useRoomState((s) => s.reactions);
  const mine = useMemo(() => all.filter((r) => r.peerId === peerId), [all, peerId]);
  if (mine.length === 0) return null;
  return (
    <div className="room-reactions" aria-hidden="true">
      {mine.map((r) => (
        <span
          key={r.id}
          className="room-reaction"
          data-testid="floating-reaction"
          data-emoji={r.emoji}
          style={{ left: `${reactionLane(r.id)}%` }}
        >
          <span className="room-reaction__body">
            <span className="room-reaction__emoji">{r.emoji}</span>
            <span className="room-reaction__who">{name}</span>
          </span>
        </span>
      ))}
    </div>
  );
}
