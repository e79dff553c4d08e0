/**
 * Live captions, translated captions and interpretation (SPEC.md sections 3, 4 and 7:
 * `/audio/*`, `setAsrStatus`, Subtitle message, Subtitle language setting, Interpret params),
 * and the AI-credit calls (`/energyPoint/*`, Points info).
 */
import { z } from 'zod';
import { boolField, conferenceUriField, intField } from './fields.js';

/** An ISO 639-1 language code ('en', 'zh', 'es'…), lower-cased. */
export const languageField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}$/, { error: 'fieldInvalid' });

/** SPEC.md's numbers for interpretation languages (1 Chinese, 2 English), or a code. */
export const interpretLanguageField = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2'), languageField])
  .transform((v) => (String(v) === '1' ? 'zh' : String(v) === '2' ? 'en' : String(v)));

export const captionsMeetingBody = z.object({ conferenceUri: conferenceUriField });

export const setAsrStatusBody = z.object({
  conferenceUri: conferenceUriField,
  /** 1 captions on for everyone; 0 off for everyone, and members cannot turn them on. */
  asrStatus: intField.pipe(z.number().int().min(0).max(1)),
});

export const updateVoiceLanguageBody = z
  .object({
    conferenceUri: conferenceUriField,
    /** The language the caller speaks (SPEC.md names it dstLanguage). */
    dstLanguage: languageField.optional(),
    voiceLanguage: languageField.optional(),
  })
  .transform((b, ctx) => {
    const language = b.voiceLanguage ?? b.dstLanguage;
    if (!language) {
      ctx.addIssue({ code: 'custom', path: ['dstLanguage'], message: 'fieldRequired' });
      return z.NEVER;
    }
    return { conferenceUri: b.conferenceUri, language };
  });

/** actionType 1: captions translated into dstLanguage; 2: listen to speech in dstLanguage. */
export const TRANSLATE_ACTION = { captions: 1, listen: 2 } as const;

export const startTranslateBody = z.object({
  conferenceUri: conferenceUriField,
  dstLanguage: languageField,
  actionType: intField.pipe(z.number().int().min(1).max(2)).optional().default(1),
});

export const stopTranslateBody = z.object({
  conferenceUri: conferenceUriField,
  /** Which to stop; both when absent. */
  actionType: intField.pipe(z.number().int().min(1).max(2)).optional(),
});

/** Interpret params (SPEC.md section 3): the caller's speech, translated and spoken. */
export const startInterpretBody = z.object({
  conferenceUri: conferenceUriField,
  useTTS: boolField.optional().default(true),
  sourceLanguage: interpretLanguageField,
  translateLanguage: interpretLanguageField,
  /** 1 man, 2 woman. */
  translateTone: intField.pipe(z.number().int().min(1).max(2)).optional().default(1),
});

export const getTranslateLanguageBody = z
  .object({ language: z.string().max(16).optional() })
  .optional();

export const transcriptQuery = z.object({
  conferenceUri: conferenceUriField,
  format: z.enum(['vtt', 'txt']).optional().default('txt'),
});

/** SPEC.md's subtitle line types, processing and final. */
export const SUBTITLE_TYPES = {
  processing: ['asr_realtime', 'translate_realtime_result', 'translate_result_start'],
  final: ['asr_final', 'translate_result_end', 'translate_result_final'],
} as const;
export type SubtitleType =
  (typeof SUBTITLE_TYPES.processing)[number] | (typeof SUBTITLE_TYPES.final)[number];

/** Subtitle message (SPEC.md section 3), as the `/room` socket's asrMessage carries it. */
export const subtitleMessage = z.object({
  /** One utterance keeps its id from the first partial to the final line. */
  id: z.string(),
  /** The speaker's member (peer) id and name. */
  scode: z.string(),
  sname: z.string(),
  type: z.enum([...SUBTITLE_TYPES.processing, ...SUBTITLE_TYPES.final]),
  status: z.enum(['processing', 'final']),
  srcText: z.string(),
  /** The translation for this reader, or '' when the line is shown as spoken. */
  dstText: z.string(),
  srcLanguage: z.string(),
  dstLanguage: z.string(),
  /** When the utterance began and (for finals) ended, server time in ms. */
  startTime: z.number(),
  endTime: z.number(),
  /**
   * Why a line the reader asked to read in `dstLanguage` comes as spoken (issue 31): no engine
   * here has the pair, or the engine failed on it.
   */
  dstError: z.enum(['noPair', 'failed']).optional(),
  /**
   * A processing line sent while recognition is behind real time (issue 31): the utterance
   * ended more than ~2 s ago and its text is still to come; `srcText` may be ''.
   */
  delayed: z.boolean().optional(),
  /**
   * false on a final line for speech that could not be recognised (the engine failed or was
   * stuck): `srcText` is '' and `startTime`/`endTime` say which stretch it was. Absent: recognised.
   */
  recognized: z.boolean().optional(),
});
export type SubtitleMessage = z.infer<typeof subtitleMessage>;

export const aiFeature = z.enum(['translate', 'interpret']);
export type AiFeature = z.infer<typeof aiFeature>;

/** Captions in a meeting, as every member sees them. */
export const captionState = z.object({
  /** 1 captions run in this meeting. */
  asrStatus: z.number(),
  /** The host turned captions off for everyone. */
  locked: z.boolean(),
  /** The host lets participants use AI translation (SPEC.md: allowInterpret). */
  translateAllowed: z.boolean(),
  /** The engine in use for each capability, or 'none'. */
  engines: z.object({ asr: z.string(), translate: z.string(), tts: z.string() }),
  /** Features stopped because the meeting creator's AI credits ran out (code 4038). */
  stopped: z.array(aiFeature),
});
export type CaptionState = z.infer<typeof captionState>;

/** One member's own speech settings in a meeting (kept by the server). */
export const mySpeech = z.object({
  captionsOn: z.boolean(),
  speakLanguage: z.string(),
  /** Captions translated into this language ('' as spoken). */
  captionLanguage: z.string(),
  interpretOn: z.boolean(),
  interpretTarget: z.string(),
  /** 1 man, 2 woman. */
  interpretTone: z.number(),
  /** '' the speakers' own voices, else interpreted speech in this language. */
  listenLanguage: z.string(),
});
export type MySpeech = z.infer<typeof mySpeech>;

export const captionsReply = z.object({ state: captionState, speech: mySpeech });
export const speechReply = z.object({ speech: mySpeech });
export const voiceLanguageReply = z.object({ speech: mySpeech, recognized: z.boolean() });

export const transcriptLine = z.object({
  speakerId: z.number(),
  speakerName: z.string(),
  /** '' for speech that could not be recognised (`recognized: false`). */
  text: z.string(),
  language: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  /** false: someone spoke from startTime to endTime but it could not be recognised (issue 31). */
  recognized: z.boolean().optional(),
});
export type TranscriptLine = z.infer<typeof transcriptLine>;
export const transcriptReply = z.object({ list: z.array(transcriptLine) });

/** What the configured engines can do with one language. */
export const languageAbility = z.object({
  code: z.string(),
  /** Its name in the asked-for interface language. */
  name: z.string(),
  /** The speech engine recognizes it. */
  recognize: z.boolean(),
  /** Languages it can be translated into. */
  translateTo: z.array(z.string()),
  /** The speech synthesizer can speak it. */
  speak: z.boolean(),
});
export type LanguageAbility = z.infer<typeof languageAbility>;
export const translateLanguagesReply = z.object({
  list: z.array(languageAbility),
  engines: captionState.shape.engines,
});

/** Points info (SPEC.md section 3): one feature. */
export const featureUsage = z.object({
  /** Credits a minute. */
  perMinuteSpeed: z.number(),
  /** Members using it now. */
  members: z.number(),
  /** Minutes charged so far (in the meeting, or ever for the caller's own info). */
  minutes: z.number(),
  credits: z.number(),
});
export type FeatureUsage = z.infer<typeof featureUsage>;

export const pointsInfo = z.object({
  totalEnergyPoint: z.number(),
  /** Credits a minute spent now, all features together. */
  totalSpeed: z.number(),
  /** How long the credits last at that speed (null when nothing is being spent). */
  availableMinutes: z.number().nullable(),
  translateUsage: featureUsage,
  interpretUsage: featureUsage,
  magicCamUsage: featureUsage,
});
export type PointsInfo = z.infer<typeof pointsInfo>;

export const consumeDetailBody = z
  .object({
    pageNum: intField.pipe(z.number().int().min(1).max(100000)).optional().default(1),
    pageSize: intField.pipe(z.number().int().min(1).max(100)).optional().default(20),
  })
  .optional();

export const consumeRecord = z.object({
  id: z.number(),
  /** translate, interpret, magicCam… */
  feature: z.string(),
  credits: z.number(),
  minutes: z.number(),
  conferenceId: z.string().nullable(),
  conferenceName: z.string().nullable(),
  time: z.number(),
});
export type ConsumeRecord = z.infer<typeof consumeRecord>;
export const consumeDetailReply = z.object({ list: z.array(consumeRecord), pageNum: z.number() });
