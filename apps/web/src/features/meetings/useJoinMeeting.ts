/**
 * The join flow of SPEC.md section 8 shared by the Join page, the Invite page and Home: visitor
 * login first when nobody is signed in, one join at a time, every outcome code shown its own way
 * (3018: the waiting room, features/waiting-room/useWaitingRoom.ts, which joins again once the
 * host admits — and then the room is entered without the pre-join screen), and on success the
 * payload kept for the meeting page and /meeting/{id} replacing this entry. A refusal shows the
 * server's own reason; "does not exist" only when that is the reason.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useNavigate } from 'react-router';
import { ResultCode } from '@meet/shared';
import { ApiError } from '../../api/client';
import { conferenceApi } from '../../api/conference-api';
import { language } from '../../i18n/i18n';
import { StorageKeys, authStore } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../ui/toast-store';
import {
  clearAutoJoin,
  ensureDeviceId,
  markAutoJoin,
  normalizeConferenceId,
  saveJoinPayload,
} from './join-session';
import { useWaitingRoom } from '../waiting-room/useWaitingRoom';
import { conferenceUriOf } from '../waiting-room/waiting-room';

export interface JoinRequest {
  conferenceId: string;
  userConferenceName: string;
}

interface JoinOptions {
  /** The host let this person in from the waiting room. */
  admitted?: boolean;
}

export interface JoinMeetingOptions {
  /** 3008: the meeting is over, so the page can show it as ended. */
  onMeetingOver?(): void;
  /** Any refusal but the waiting room's, after it was shown: its result code. */
  onRefused?(code: number): void;
}

export function useJoinMeeting({ onMeetingOver, onRefused }: JoinMeetingOptions = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ensureVisitor } = useAuth();
  const inFlight = useRef(false);
  const [joining, setJoining] = useState(false);
  const [locked, setLocked] = useState(false);
  const joinRef = useRef<(request: JoinRequest, options?: JoinOptions) => Promise<void>>(null);
  // Let in by the host: join again, straight into the room.
  const waiting = useWaitingRoom<JoinRequest>(
    (request) => void joinRef.current?.(request, { admitted: true }),
    ensureDeviceId,
  );
  const { start: startWaiting, clear: clearWaiting } = waiting;

  const join = useCallback(
    async (request: JoinRequest, options: JoinOptions = {}) => {
      const { conferenceId, userConferenceName } = request;
      // A second click while the first join is under way is ignored (SPEC.md section 5).
      if (inFlight.current) return;
      inFlight.current = true;
      setJoining(true);
      const id = normalizeConferenceId(conferenceId);
      try {
        if (!authStore.getSnapshot().token) {
          // A failed visitor login has already shown the server's message (the API client).
          const signedIn = await ensureVisitor().then(
            () => true,
            () => false,
          );
          if (!signedIn) return;
        }
        const payload = await conferenceApi.join({
          conferenceId: id,
          deviceId: ensureDeviceId(),
          userConferenceName: userConferenceName.trim(),
          voiceLanguage: language,
          subtitle: 0,
          translate: 0,
          forceJoin: 1,
        });
        saveJoinPayload(payload, userConferenceName.trim());
        if (options.admitted) markAutoJoin(payload.conferenceId);
        else clearAutoJoin();
        clearWaiting();
        // A fresh join is not a reload, whatever an earlier closed tab left behind.
        localStorage.removeItem(StorageKeys.meetingRoomReload);
        void navigate(`/meeting/${payload.conferenceId}`, { replace: true });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === ResultCode.waitingRoom) {
          startWaiting({ conferenceId: id, conferenceUri: await waitingUri(error, id), request });
          return;
        }
        clearWaiting();
        switch (error.code) {
          case ResultCode.failure:
            // -1 covers every plain refusal (a bad name, too many requests…): say which.
            toast.error(
              error.key === 'meetingNoExist' || !error.message
                ? t('errors.meetingNoExist')
                : error.message,
            );
            break;
          case ResultCode.meetingLocked:
            setLocked(true);
            break;
          case ResultCode.removedByHost:
            toast.warning(t('errors.youRemovedByHost'));
            break;
          case ResultCode.meetingOver:
            onMeetingOver?.();
            toast.warning(t('invite.conferenceOver'));
            break;
          case ResultCode.meetingFull:
            toast.warning(t('errors.meetingFull'));
            break;
          default:
            if (error.message) toast.warning(error.message);
        }
        onRefused?.(error.code);
      } finally {
        inFlight.current = false;
        setJoining(false);
      }
    },
    [ensureVisitor, navigate, onMeetingOver, onRefused, t, startWaiting, clearWaiting],
  );
  joinRef.current = join;

  return {
    join,
    joining,
    locked,
    closeLock: useCallback(() => setLocked(false), []),
    /** The meeting number the waiting screen is for, while it shows. */
    waitingFor: waiting.wait?.conferenceId ?? null,
    /** The host let us in; the join is under way. */
    admitted: waiting.wait?.admitted ?? false,
    leaveWaiting: waiting.leave,
    /** A wait the host's decision or the meeting's end closed, for the end screen. */
    endedWait: waiting.ended,
    dismissEndedWait: waiting.dismissEnded,
  };
}

/**
 * The meeting's uri for the waiting-room messages: from the 3018 reply's payload, or asked for
 * when the reply did not carry it through.
 */
async function waitingUri(error: ApiError, conferenceId: string): Promise<string | null> {
  const fromReply = conferenceUriOf(error.payload);
  if (fromReply) return fromReply;
  return conferenceApi
    .info(conferenceId, { silent: true })
    .then((info) => info.conferenceUri)
    .catch(() => null);
}

export type JoinMeeting = ReturnType<typeof useJoinMeeting>;
