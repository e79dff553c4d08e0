/**
 * The strip every member sees while breakout rooms run and they are in one (or while the rooms
 * close): which room, the time left, and asking the host for help or going back to the main
 * room. Test hooks: `breakout-banner`, `breakout-timer`, `breakout-help`, `breakout-return`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { useRoomState } from '../room-core/RoomContext';
import { amHost } from '../room-core/roles';
import { clockText } from './breakout-plan';
import { useBreakoutRemaining, useBreakoutRequest } from './useBreakout';
import './breakout.css';

export function BreakoutBanner() {
  const { t } = useTranslation();
  const breakout = useRoomState((s) => s.breakout);
  const me = useRoomState((s) => s.me);
  const host = useRoomState(amHost);
  const remaining = useBreakoutRemaining();
  const { send, busy } = useBreakoutRequest();
  const [asked, setAsked] = useState<number | null>(null);
  const { status, myRoom } = breakout;
  if (status === 'idle' || (myRoom === 0 && status !== 'closing') || !me) return null;

  const roomName = myRoom === 0 ? t('room.breakout.mainRoom') : (breakout.rooms[myRoom - 1] ?? '');
  const helpAsked = asked === myRoom;
  return (
    <div className="breakout-banner" data-testid="breakout-banner" role="status">
      <span className="breakout-banner__room">
        {myRoom === 0 ? roomName : t('room.breakout.youAreIn', { room: roomName })}
      </span>
      {remaining !== null && (
        <span className="breakout-banner__timer" data-testid="breakout-timer">
          {status === 'closing'
            ? t('room.breakout.closesIn', { time: clockText(remaining) })
            : t('room.breakout.timeLeft', { time: clockText(remaining) })}
        </span>
      )}
      <span className="breakout-banner__actions">
        {myRoom > 0 && !host && (
          <Button
            size="small"
            variant="text"
            data-testid="breakout-help"
            disabled={helpAsked || busy}
            onClick={() => void send({ type: 'breakoutHelp' }).then((ok) => ok && setAsked(myRoom))}
          >
            {helpAsked ? t('room.breakout.helpSent') : t('room.breakout.askHelp')}
          </Button>
        )}
        {myRoom > 0 && (
          <Button
            size="small"
            data-testid="breakout-return"
            disabled={busy}
            onClick={() => void send({ type: 'breakoutMove', userId: me.userId, room: 0 })}
          >
            {t('room.breakout.returnToMain')}
          </Button>
        )}
      </span>
    </div>
  );
}
