/**
 * The route table's caption calls (routes.ts): captions, translation and interpretation
 * (`/audio/*`, `conference/setAsrStatus`), the transcript, and AI credits (`/energyPoint/*`).
 */
import type { ApiFileRoute, ApiRoute } from './api-route.js';
import {
  captionState,
  captionsMeetingBody,
  captionsReply,
  consumeDetailBody,
  consumeDetailReply,
  getTranslateLanguageBody,
  pointsInfo,
  setAsrStatusBody,
  speechReply,
  startInterpretBody,
  startTranslateBody,
  stopTranslateBody,
  transcriptQuery,
  transcriptReply,
  translateLanguagesReply,
  updateVoiceLanguageBody,
  voiceLanguageReply,
} from './captions.js';

export const captionsRoutes = {
  'audio/startSubtitle': { body: captionsMeetingBody, reply: captionsReply },
  'audio/stopSubtitle': { body: captionsMeetingBody, reply: captionsReply },
  'audio/getCaptionSettings': { body: captionsMeetingBody, reply: captionsReply },
  'conference/setAsrStatus': { body: setAsrStatusBody, reply: captionState },
  'audio/getTranslateLanguage': { body: getTranslateLanguageBody, reply: translateLanguagesReply },
  'audio/updateVoiceLanguage': { body: updateVoiceLanguageBody, reply: voiceLanguageReply },
  'audio/startTranslate': { body: startTranslateBody, reply: speechReply },
  'audio/stopTranslate': { body: stopTranslateBody, reply: speechReply },
  'audio/enableTranslate': { body: captionsMeetingBody, reply: captionState },
  'audio/disableTranslate': { body: captionsMeetingBody, reply: captionState },
  'audio/startInterpret': { body: startInterpretBody, reply: speechReply },
  'audio/stopInterpret': { body: captionsMeetingBody, reply: speechReply },
  'audio/getTranscript': { body: captionsMeetingBody, reply: transcriptReply },

  'energyPoint/getCreatorEnergyPointInfo': { body: captionsMeetingBody, reply: pointsInfo },
  'energyPoint/getMyEnergyPointInfo': { reply: pointsInfo },
  'energyPoint/getConsumeDetailRecord': { body: consumeDetailBody, reply: consumeDetailReply },
} as const satisfies Record<string, ApiRoute>;

/** The transcript as a WebVTT or text file. */
export const captionsFileRoutes = {
  'audio/downloadTranscript': { body: transcriptQuery },
} as const satisfies Record<string, ApiFileRoute>;
