/**
 * The joiner's side of the waiting room (SPEC.md sections 4 and 8): while the waiting screen
 * shows, the `/message` socket is told `join_waiting_room` (again, with isReconnect 1, after it
 * reconnects), approval joins again (straight into the room), deny, kick-out and the meeting
 * closing end the wait on the end screen, and an error ends it with a warning. Leaving sends
 * `leave_waiting_room`. The join flow (features/meetings/useJoinMeeting.ts) starts the wait and
 * gives the rejoin and this browser's device id.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { conferenceApi } from '../../api/conference-api';
import { useMessageSocket } from '../../message-socket/MessageSocketProvider';
import { toast } from '../../ui/toast-store';
import {
  WAITING_ROOM_MESSAGE_TYPES,
  isForWait,
  waitingOutcome,
  type WaitEndReason,
  type WaitingFor,
} from './waiting-room';

export interface Wait<Request> extends WaitingFor {
  /** What to join with once the host lets us in. */
  request: Request;
  /** The host let us in and the join is under way. */
  admitted: boolean;
}

/** A wait the host's decision (or the meeting closing) ended: shown on the end screen. */
export interface EndedWait<Request> {
  conferenceId: string;
  reason: WaitEndReason;
  request: Request;
}

export function useWaitingRoom<Request>(
  rejoin: (request: Request) => void,
  deviceId: () => string,
) {
  const { t } = useTranslation();
  const socket = useMessageSocket();
  const [wait, setWait] = useState<Wait<Request> | null>(null);
  const [ended, setEnded] = useState<EndedWait<Request> | null>(null);
  const rejoinRef = useRef(rejoin);
  rejoinRef.current = rejoin;
  const tRef = useRef(t);
  tRef.current = t;

  // Keyed on the meeting, not on `wait`: being admitted must not announce us again.
  const conferenceId = wait?.conferenceId;
  const conferenceUri = wait?.conferenceUri ?? null;
  const request = wait?.request;
  useEffect(() => {
    if (conferenceId === undefined || request === undefined) return;
    const target: WaitingFor = { conferenceId, conferenceUri };
    let announced = false;
    const announce = () => {
      if (!conferenceUri) return;
      const sent = socket.send({
        msgType: 'join_waiting_room',
        conferenceUri,
        isReconnect: announced ? 1 : 0,
      });
      if (sent) announced = true;
    };
    // Not connected yet (a visitor account made a moment ago): the first connect announces.
    announce();
    const offs = [
      socket.onConnect(announce),
      ...WAITING_ROOM_MESSAGE_TYPES.map((type) =>
        socket.onMessage(type, (notice) => {
          if (!isForWait(target, notice)) return;
          const outcome = waitingOutcome(notice.msgType);
          if (outcome.kind === 'join') {
            setWait((current) => current && { ...current, admitted: true });
            rejoinRef.current(request);
            return;
          }
          setWait(null);
          if (outcome.kind === 'screen')
            setEnded({ conferenceId: target.conferenceId, reason: outcome.reason, request });
          else toast.warning(tRef.current(outcome.warning));
        }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [socket, conferenceId, conferenceUri, request]);

  const start = useCallback((next: WaitingFor & { request: Request }) => {
    setEnded(null);
    setWait((current) =>
      // The same wait again (a join after approval answered 3018 once more) keeps announcing.
      current && current.conferenceId === next.conferenceId && current.request === next.request
        ? {
            ...current,
            conferenceUri: next.conferenceUri ?? current.conferenceUri,
            admitted: false,
          }
        : { ...next, admitted: false },
    );
  }, []);

  const clear = useCallback(() => setWait(null), []);

  const leave = useCallback(() => {
    if (!wait) return;
    setWait(null);
    const sent =
      !!wait.conferenceUri &&
      socket.send({ msgType: 'leave_waiting_room', conferenceUri: wait.conferenceUri });
    // Without the socket the server still hears of it, through the meeting's quit call.
    if (!sent) void conferenceApi.quit(wait.conferenceId, deviceId()).catch(() => undefined);
  }, [socket, wait, deviceId]);

  const dismissEnded = useCallback(() => setEnded(null), []);

  return { wait, ended, start, clear, leave, dismissEnded };
}
