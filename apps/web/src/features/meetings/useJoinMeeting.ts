/**
 * The join flow of SPEC.md section 8 shared by the Join page, the Invite page and Home: visitor
 * login first when nobody is signed in, one join at a time, every outcome code shown its own way,
 * and on success the payload kept for the meeting page and /meeting/{id} replacing this entry.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResultCode } from '@meet/shared';
import { ApiError } from '../../api/client';
import { conferenceApi } from '../../api/conference-api';
import { language } from '../../app/i18n';
import { StorageKeys, authStore } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../ui/toast-store';
import { ensureDeviceId, normalizeConferenceId, saveJoinPayload } from './join-session';

export interface JoinRequest {
  conferenceId: string;
  userConferenceName: string;
}

export interface JoinMeetingOptions {
  /** 3008: the meeting is over, so the page can show it as ended. */
  onMeetingOver?(): void;
}

export function useJoinMeeting({ onMeetingOver }: JoinMeetingOptions = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ensureVisitor } = useAuth();
  const inFlight = useRef(false);
  const [joining, setJoining] = useState(false);
  const [locked, setLocked] = useState(false);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);

  const join = useCallback(
    async ({ conferenceId, userConferenceName }: JoinRequest) => {
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
        // A fresh join is not a reload, whatever an earlier closed tab left behind.
        localStorage.removeItem(StorageKeys.meetingRoomReload);
        void navigate(`/meeting/${payload.conferenceId}`, { replace: true });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        switch (error.code) {
          case ResultCode.failure:
            toast.error(t('errors.meetingNoExist'));
            break;
          case ResultCode.meetingLocked:
            setLocked(true);
            break;
          case ResultCode.removedByHost:
            toast.warning(t('errors.youRemovedByHost'));
            break;
          case ResultCode.waitingRoom:
            setWaitingFor(id);
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
      } finally {
        inFlight.current = false;
        setJoining(false);
      }
    },
    [ensureVisitor, navigate, onMeetingOver, t],
  );

  /** Leaving the waiting room: the server forgets the pending request. */
  const leaveWaiting = useCallback(() => {
    const id = waitingFor;
    setWaitingFor(null);
    if (id) void conferenceApi.quit(id, ensureDeviceId()).catch(() => undefined);
  }, [waitingFor]);

  return {
    join,
    joining,
    locked,
    closeLock: useCallback(() => setLocked(false), []),
    waitingFor,
    leaveWaiting,
  };
}

export type JoinMeeting = ReturnType<typeof useJoinMeeting>;
