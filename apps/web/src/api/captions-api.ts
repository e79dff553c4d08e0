/**
 * The caption, translation and interpretation calls of SPEC.md section 7 (`/audio/*`,
 * `conference/setAsrStatus`) and the AI-credit calls (`/energyPoint/*`). The server keeps each
 * member's speech settings and answers them back, so the UI shows what the server holds. The
 * transcript download answers a file and goes through the vote export's `downloadFile`.
 */
import type {
  consumeDetailReply,
  captionsReply,
  Language,
  speechReply,
  translateLanguagesReply,
  voiceLanguageReply,
} from '@meet/shared';
import type { z } from 'zod';
import { apiPost, type RequestOptions } from './client';
import { downloadFile } from './vote-api';

export type CaptionsReply = z.infer<typeof captionsReply>;
export type SpeechReply = z.infer<typeof speechReply>;
export type VoiceLanguageReply = z.infer<typeof voiceLanguageReply>;
export type TranslateLanguages = z.infer<typeof translateLanguagesReply>;
export type ConsumeDetail = z.infer<typeof consumeDetailReply>;

/** startTranslate's actionType: 1 captions translated, 2 listen to interpreted speech. */
export type TranslateAction = 'captions' | 'listen';
const ACTION: Record<TranslateAction, 1 | 2> = { captions: 1, listen: 2 };

/** Interpret params (SPEC.md section 3) with codes for the languages; tone 1 man, 2 woman. */
export interface InterpretParams {
  sourceLanguage: string;
  translateLanguage: string;
  translateTone: 1 | 2;
}

/** The calls that turn my captions on or off, or read them, answering my caption settings. */
type CaptionsPath = 'audio/startSubtitle' | 'audio/stopSubtitle' | 'audio/getCaptionSettings';

const meeting = (path: CaptionsPath) => (conferenceUri: string, options?: RequestOptions) =>
  apiPost(path, { conferenceUri }, options);

export const captionsApi = {
  /** Captions on for me (and in the meeting, unless the host locked them). */
  startSubtitle: meeting('audio/startSubtitle'),
  stopSubtitle: meeting('audio/stopSubtitle'),
  settings: meeting('audio/getCaptionSettings'),
  /** The host: on for everyone, or off for everyone and locked. */
  setAsrStatus: (conferenceUri: string, on: boolean, options?: RequestOptions) =>
    apiPost('conference/setAsrStatus', { conferenceUri, asrStatus: on ? 1 : 0 }, options),
  /** What the engines can do with each language, named in `language`. */
  languages: (language: Language, options?: RequestOptions) =>
    apiPost('audio/getTranslateLanguage', { language }, options),
  /** The language I speak. */
  updateVoiceLanguage: (conferenceUri: string, language: string, options?: RequestOptions) =>
    apiPost('audio/updateVoiceLanguage', { conferenceUri, dstLanguage: language }, options),
  startTranslate: (
    conferenceUri: string,
    language: string,
    action: TranslateAction,
    options?: RequestOptions,
  ) =>
    apiPost(
      'audio/startTranslate',
      { conferenceUri, dstLanguage: language, actionType: ACTION[action] },
      options,
    ),
  stopTranslate: (conferenceUri: string, action: TranslateAction, options?: RequestOptions) =>
    apiPost('audio/stopTranslate', { conferenceUri, actionType: ACTION[action] }, options),
  /** The host allows (or no longer allows) participants' AI translation. */
  setTranslateAllowed: (conferenceUri: string, allowed: boolean, options?: RequestOptions) =>
    apiPost(
      allowed ? 'audio/enableTranslate' : 'audio/disableTranslate',
      { conferenceUri },
      options,
    ),
  /** Interpret my speech, spoken to the members who listen in the target language. */
  startInterpret: (conferenceUri: string, params: InterpretParams, options?: RequestOptions) =>
    apiPost('audio/startInterpret', { conferenceUri, useTTS: true, ...params }, options),
  stopInterpret: (conferenceUri: string, options?: RequestOptions) =>
    apiPost('audio/stopInterpret', { conferenceUri }, options),
  transcript: (conferenceUri: string, options?: RequestOptions) =>
    apiPost('audio/getTranscript', { conferenceUri }, options),
  /** Saves the transcript as WebVTT or text; resolves with the file's name. */
  downloadTranscript: (conferenceUri: string, format: 'vtt' | 'txt', options?: RequestOptions) =>
    downloadFile(
      'audio/downloadTranscript',
      { conferenceUri, format },
      `transcript.${format}`,
      options,
    ),
  /** The meeting creator's credits, which pay for translation and interpretation here. */
  creatorPoints: (conferenceUri: string, options?: RequestOptions) =>
    apiPost('energyPoint/getCreatorEnergyPointInfo', { conferenceUri }, options),
  myPoints: (options?: RequestOptions) => apiPost('energyPoint/getMyEnergyPointInfo', {}, options),
  spending: (pageNum = 1, pageSize = 20, options?: RequestOptions) =>
    apiPost('energyPoint/getConsumeDetailRecord', { pageNum, pageSize }, options),
};
