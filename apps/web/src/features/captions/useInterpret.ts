/**
 * The interpretation control's state and actions: what I listen in, the original volume, and
 * interpreting my own speech (source, target, tone, start and stop). A changed parameter shows
 * at once and reaches the server 500 ms after the last change (SPEC.md section 4); while my
 * speech is interpreted, a change restarts the interpretation with it. Starting is refused,
 * with the reason, when my speech is already interpreted or my microphone sends nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { toast } from '../../ui/toast-store';
import { useRoomClient, useRoomMeeting, useRoomState } from '../room-core/RoomContext';
import { amHost } from '../room-core/roles';
import { useCaptions, useCaptionsStore } from './CaptionsContext';
import { useCreatorPoints, useSpeechLanguages } from './caption-queries';
import { stoppedFeatures } from './captions-store';
import { saveOriginalVolume } from './original-volume';
import {
  engineName,
  interpretTargets,
  listenChoices,
  mayTranslate,
  speakChoices,
  startRefusal,
} from './speech-options';
import { useCaptionActions } from './useCaptionActions';

/** SPEC.md section 9: "toggle debounce 500 ms", for interpretation parameters. */
export const INTERPRET_UPDATE_DEBOUNCE_MS = 500;

type Tone = 1 | 2;
interface Draft {
  source?: string;
  target?: string;
  tone?: Tone;
}

export function useInterpret(open: boolean) {
  const { t } = useTranslation();
  const client = useRoomClient();
  const { conferenceUri } = useRoomMeeting();
  const actions = useCaptionActions();
  const store = useCaptionsStore();
  const meeting = useCaptions((s) => s.meeting);
  const speech = useCaptions((s) => s.speech);
  const originalVolume = useCaptions((s) => s.originalVolume);
  const interpretStopped = useCaptions((s) => stoppedFeatures(s).includes('interpret'));
  const host = useRoomState(amHost);
  const creator = useRoomState((s) => !!s.me?.isCreator);
  const voice = engineName(meeting?.engines.tts);
  const languages = useSpeechLanguages(open && !!voice);
  const list = languages.data?.list ?? [];
  const [draft, setDraft] = useState<Draft>({});
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const interpreting = !!speech?.interpretOn;
  const listening = speech?.listenLanguage ?? '';
  const paid = interpreting || listening !== '';
  const points = useCreatorPoints(conferenceUri, open && paid);
  const source = draft.source ?? speech?.speakLanguage ?? '';
  const targets = interpretTargets(list, source);
  const chosen = draft.target ?? speech?.interpretTarget ?? '';
  const target = targets.some((c) => c.code === chosen && !c.disabled)
    ? chosen
    : (targets.find((c) => !c.disabled)?.code ?? '');
  const tone: Tone = draft.tone ?? (speech?.interpretTone === 2 ? 2 : 1);

  /** Sends the changed parameters once they stop changing. */
  const schedule = useCallback(
    (next: Draft) => {
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void (async () => {
          // What the server holds when the wait is over, not when the change began.
          const current = store.getState().speech;
          if (current?.interpretOn) {
            await actions.startInterpret({
              sourceLanguage: next.source ?? current.speakLanguage,
              translateLanguage: next.target ?? current.interpretTarget,
              translateTone: next.tone ?? (current.interpretTone === 2 ? 2 : 1),
            });
            setDraft({});
          } else if (next.source !== undefined && next.source !== current?.speakLanguage) {
            await actions.setSpeakLanguage(next.source);
            setDraft(({ source: _sent, ...rest }) => rest);
          }
        })();
      }, INTERPRET_UPDATE_DEBOUNCE_MS);
    },
    [actions, store],
  );

  return {
    /** 'none' engines: interpretation is not offered at all. */
    available: !!voice,
    allowed: mayTranslate(meeting, { host, creator }),
    languagesLoading: languages.isPending && !!voice && open,
    languagesFailed: languages.isError,
    interpreting,
    listening,
    interpretStopped,
    busy,
    originalVolume,
    listenChoices: listenChoices(list),
    sourceChoices: speakChoices(list),
    targetChoices: targets,
    source,
    target,
    tone,
    availableMinutes: paid ? (points.data?.availableMinutes ?? null) : null,
    creatorCredits: paid ? (points.data?.totalEnergyPoint ?? null) : null,
    languageName: (code: string) => list.find((l) => l.code === code)?.name ?? code,
    async listen(language: string) {
      setBusy(true);
      await actions.setTranslation('listen', language);
      setBusy(false);
    },
    setOriginalVolume(volume: number) {
      store.dispatch({ type: 'originalVolume', volume });
      saveOriginalVolume(volume);
    },
    setSource: (code: string) => schedule({ ...draft, source: code }),
    setTarget: (code: string) => schedule({ ...draft, target: code }),
    setTone: (value: Tone) => schedule({ ...draft, tone: value }),
    async start() {
      const refusal = startRefusal(speech, client.interpretRefusal());
      if (refusal) {
        toast.warning(t(`room.captions.refused.${refusal}`));
        return;
      }
      if (!source || !target) return;
      clearTimeout(timer.current);
      setBusy(true);
      const done = await actions.startInterpret({
        sourceLanguage: source,
        translateLanguage: target,
        translateTone: tone,
      });
      setBusy(false);
      if (done) setDraft({});
    },
    async stop() {
      clearTimeout(timer.current);
      setBusy(true);
      await actions.stopInterpret();
      setBusy(false);
      setDraft({});
    },
  };
}

export type InterpretControls = ReturnType<typeof useInterpret>;
