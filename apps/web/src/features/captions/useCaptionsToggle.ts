/**
 * The toolbar's captions switch and its settings menu: on/off (held while the host locked
 * captions, or without a speech engine), the language I speak, the language captions are shown
 * in, the engines in use, the creator's credits while translation runs, and the transcript.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { toast } from '../../ui/toast-store';
import { useRoomDispatch, useRoomMeeting, useRoomState } from '../room-core/RoomContext';
import { amHost } from '../room-core/roles';
import { useCaptions } from './CaptionsContext';
import { useCreatorPoints, useSpeechLanguages } from './caption-queries';
import { captionsShown, stoppedFeatures } from './captions-store';
import { captionChoices, engineName, mayTranslate, speakChoices } from './speech-options';
import { useCaptionActions } from './useCaptionActions';

export function useCaptionsToggle(open: boolean) {
  const { t } = useTranslation();
  const { conferenceUri } = useRoomMeeting();
  const actions = useCaptionActions();
  const dispatch = useRoomDispatch();
  const meeting = useCaptions((s) => s.meeting);
  const speech = useCaptions((s) => s.speech);
  const on = useCaptions(captionsShown);
  const translateStopped = useCaptions((s) => stoppedFeatures(s).includes('translate'));
  const host = useRoomState(amHost);
  const creator = useRoomState((s) => !!s.me?.isCreator);
  const connected = useRoomState((s) => s.connection === 'connected');
  const [busy, setBusy] = useState(false);
  const languages = useSpeechLanguages(open);
  const list = languages.data?.list ?? [];

  const engines = {
    asr: engineName(meeting?.engines.asr),
    translate: engineName(meeting?.engines.translate),
    tts: engineName(meeting?.engines.tts),
  };
  const locked = !!meeting?.locked && !host && !on;
  const noEngine = !!meeting && !engines.asr && !on;
  const heldReason = locked
    ? t('room.captions.locked')
    : noEngine
      ? t('room.captions.noSpeechEngine')
      : null;
  const captionLanguage = speech?.captionLanguage ?? '';
  const translating = on && captionLanguage !== '';
  const points = useCreatorPoints(conferenceUri, open && translating);

  return {
    on,
    held: heldReason !== null,
    heldReason,
    busy,
    disabled: !connected || !meeting || busy,
    engines,
    allowed: mayTranslate(meeting, { host, creator }),
    translateStopped,
    languagesLoading: open && languages.isPending,
    languagesFailed: languages.isError,
    speakChoices: speakChoices(list),
    captionChoices: captionChoices(list),
    speakLanguage: speech?.speakLanguage ?? '',
    captionLanguage,
    translating,
    availableMinutes: translating ? (points.data?.availableMinutes ?? null) : null,
    creatorCredits: translating ? (points.data?.totalEnergyPoint ?? null) : null,
    async toggle() {
      if (heldReason) {
        toast.warning(heldReason);
        return;
      }
      setBusy(true);
      await actions.setCaptions(!on);
      setBusy(false);
    },
    setSpeakLanguage: (code: string) => void actions.setSpeakLanguage(code),
    setCaptionLanguage: (code: string) => void actions.setTranslation('captions', code),
    download: (format: 'vtt' | 'txt') => void actions.downloadTranscript(format),
    /** The live transcript in the side panel. */
    openTranscript: () => dispatch({ type: 'panel', panel: 'transcript' }),
  };
}

export type CaptionsToggleState = ReturnType<typeof useCaptionsToggle>;
