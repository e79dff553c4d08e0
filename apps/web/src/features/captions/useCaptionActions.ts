/**
 * What the caption menus ask the server, through captions-api.ts. An answer is an
 * acknowledgement: the settings it changed reach the captions store only from the room's socket
 * (`captionState` for the meeting, `speechSettings` for mine, through captions-binding.ts), one
 * channel for each fact, on every device and node alike. A refusal is shown in the user's
 * language; 4038 also marks the feature as stopped for lack of AI credits. Each action resolves
 * with the answer, or null when refused.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { ResultCode, type AiFeature } from '@meet/shared';
import { ApiError } from '../../api/client';
import { captionsApi, type InterpretParams, type TranslateAction } from '../../api/captions-api';
import { toast } from '../../ui/toast-store';
import { useRoomMeeting } from '../room-core/RoomContext';
import { useCaptionsStore } from './CaptionsContext';

const silent = { silent: true };

export type CaptionActions = ReturnType<typeof useCaptionActions>;

export function useCaptionActions() {
  const { t } = useTranslation();
  const { conferenceUri: uri } = useRoomMeeting();
  const store = useCaptionsStore();
  const { dispatch } = store;

  return useMemo(() => {
    async function call<T>(feature: AiFeature | null, run: () => Promise<T>): Promise<T | null> {
      try {
        const answer = await run();
        if (feature) dispatch({ type: 'pointsOk', feature });
        return answer;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === ResultCode.outOfPoints && feature) {
          dispatch({ type: 'outOfPoints', feature });
          toast.warning(t(`room.captions.stopped.${feature}`));
        } else if (error.message) toast.error(error.message);
        return null;
      }
    }
    const featureOf = (action: TranslateAction): AiFeature =>
      action === 'captions' ? 'translate' : 'interpret';

    return {
      /** My captions on or off (on also turns them on in the meeting, unless locked). */
      async setCaptions(on: boolean) {
        const answer = await call(null, () =>
          on ? captionsApi.startSubtitle(uri, silent) : captionsApi.stopSubtitle(uri, silent),
        );
        return !!answer;
      },
      /**
       * The language I speak. While my speech is interpreted, it is the interpretation's source,
       * and changing it restarts the interpretation (SPEC.md section 4).
       */
      async setSpeakLanguage(language: string) {
        const speech = store.getState().speech;
        if (speech?.interpretOn) {
          await call('interpret', () =>
            captionsApi.startInterpret(
              uri,
              {
                sourceLanguage: language,
                translateLanguage: speech.interpretTarget,
                translateTone: speech.interpretTone === 2 ? 2 : 1,
              },
              silent,
            ),
          );
          return;
        }
        const answer = await call(null, () =>
          captionsApi.updateVoiceLanguage(uri, language, silent),
        );
        if (answer && !answer.recognized) toast.warning(t('room.captions.notRecognized'));
      },
      /** Captions ('captions') or interpreted speech ('listen') in a language; '' as spoken. */
      setTranslation: (action: TranslateAction, language: string) =>
        call(language ? featureOf(action) : null, () =>
          language
            ? captionsApi.startTranslate(uri, language, action, silent)
            : captionsApi.stopTranslate(uri, action, silent),
        ),
      /** Starts (or, with new parameters, restarts) interpreting my speech. */
      startInterpret: (params: InterpretParams) =>
        call('interpret', () => captionsApi.startInterpret(uri, params, silent)),
      stopInterpret: () => call(null, () => captionsApi.stopInterpret(uri, silent)),
      /** The host: captions on for everyone, or off for everyone and locked. */
      async setCaptionsForAll(on: boolean) {
        return !!(await call(null, () => captionsApi.setAsrStatus(uri, on, silent)));
      },
      /** The host: participants may use AI translation. */
      async setTranslateAllowed(allowed: boolean) {
        return !!(await call(null, () => captionsApi.setTranslateAllowed(uri, allowed, silent)));
      },
      downloadTranscript: (format: 'vtt' | 'txt') =>
        call(null, () => captionsApi.downloadTranscript(uri, format, silent)),
    };
  }, [uri, store, dispatch, t]);
}
