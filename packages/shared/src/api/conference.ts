/** Requests and replies of the meeting calls (SPEC.md section 7, "Meeting" and "Utility"). */
import { z } from 'zod';
import { NICKNAME_MAX_MEETING, MAX_RESERVATION_MS } from '../constants.js';
import { displayText, intField, nicknameField, timeField } from './fields.js';

export const TOPIC_MAX = 100;

export const conferenceIdField = z
  .union([z.string(), z.number()])
  // People paste ids as they read them: "123 456 789", "123-456-789".
  .transform((value) => String(value).replace(/[\s\-\u2010-\u2015\u2212]+/g, ''))
  .pipe(z.string().regex(/^\d{9,10}$/, { error: 'meetingNoExist' }));

const flag = intField.pipe(z.number().int().min(0).max(3));

export const topicField = displayText(
  z
    .string({ error: 'topicRequired' })
    .trim()
    .min(1, { error: 'topicRequired' })
    .max(TOPIC_MAX, { error: 'topicTooLong' }),
);

export const timezoneField = z
  .string()
  .trim()
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return tz.length > 0;
      } catch {
        return false;
      }
    },
    { error: 'invalidTimezone' },
  );

export const createConferenceBody = z.object({
  topic: displayText(z.string().trim().max(TOPIC_MAX)).optional(),
});

const reservationFields = z.object({
  topic: topicField,
  timezone: timezoneField,
  startTime: timeField,
  endTime: timeField,
  subtitle: flag.optional().default(0),
});

/** End not before start and at most 24 hours after it (SPEC.md section 5). */
const reservationRules = <T extends { startTime: number; endTime: number }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.endTime < value.startTime) {
    ctx.addIssue({ code: 'custom', message: 'endBeforeStart', path: ['endTime'] });
  } else if (value.endTime - value.startTime > MAX_RESERVATION_MS) {
    ctx.addIssue({ code: 'custom', message: 'meetingTooLong', path: ['endTime'] });
  }
};

export const reserveCreateBody = reservationFields.superRefine(reservationRules);
export const reserveUpdateBody = reservationFields
  .extend({ conferenceId: conferenceIdField })
  .superRefine(reservationRules);
export const conferenceIdBody = z.object({ conferenceId: conferenceIdField });

export const joinConferenceBody = z.object({
  conferenceId: conferenceIdField,
  deviceId: z.string().trim().min(1).max(64),
  userConferenceName: nicknameField(NICKNAME_MAX_MEETING),
  voiceLanguage: z.string().max(16).optional().default(''),
  subtitle: flag.optional().default(0),
  translate: flag.optional().default(0),
  forceJoin: flag.optional().default(1),
});

/** What the web sends to joinConference (defaults filled in by the server). */
export type JoinBody = z.input<typeof joinConferenceBody>;

export const quitConferenceBody = z.object({
  conferenceId: conferenceIdField,
  deviceId: z.string().max(64).optional(),
});

export const updateNicknameBody = z.object({
  conferenceId: conferenceIdField,
  userConferenceName: nicknameField(NICKNAME_MAX_MEETING),
});

export const addEvaluateBody = z.object({
  conferenceId: conferenceIdField,
  score: intField.pipe(z.number().min(1, { error: 'scoreRange' }).max(5, { error: 'scoreRange' })),
  comment: z.string().trim().max(500).optional().default(''),
});

export const finishedListBody = z.object({
  page: intField.pipe(z.number().min(1)).optional().default(1),
  pageSize: intField.pipe(z.number().min(1).max(100)).optional().default(20),
});

export const conferenceStatusBody = z.object({
  conferenceId: conferenceIdField,
  deviceId: z.string().max(64).optional(),
});

export const conferenceProperties = z.object({
  confMute: z.number(),
  lockRoom: z.number(),
  asrStatus: z.number(),
  syncCalendar: z.number(),
  recordStatus: z.number(),
  recordType: z.number(),
  waitingRoom: z.number(),
});
export type ConferenceProperties = z.infer<typeof conferenceProperties>;

export const meetingInfo = z.object({
  conferenceId: z.string(),
  conferenceUri: z.string(),
  conferenceName: z.string(),
  status: z.number(),
  asrStatus: z.number(),
  confMute: z.number(),
  lockRoom: z.number(),
  translate: z.number(),
  allowInterpret: z.boolean(),
  creatorName: z.string(),
  creatorId: z.number(),
  createUserId: z.number(),
  createTime: z.number(),
  hostId: z.number(),
  hostName: z.string(),
  num: z.number(),
  /**
   * The viewer's own microphone as the host left it: 1 held muted (force-muted alone, or by a
   * forced mute of all, and not the host), 0 free to speak.
   */
  personalConfMute: z.number(),
  /** The viewer's own camera: 0 turned off by the host, 1 free to turn on. */
  personalVideoEnable: z.number(),
  timezone: z.string(),
  startTime: z.number(),
  endTime: z.number().nullable(),
  joinTime: z.number().nullable(),
  reserved: z.boolean(),
  conferenceProperties,
  recordFuncStatus: z.object({
    audioRecord: z.number(),
    videoRecord: z.number(),
    videoLabel: z.string(),
    videoReason: z.string(),
    audioReason: z.string(),
  }),
});
export type MeetingInfo = z.infer<typeof meetingInfo>;

/** Meeting list item as the server sends it; day grouping and flags are derived on the client. */
export const meetingListItem = z.object({
  meetingTitle: z.string(),
  meetingId: z.string(),
  meetingUri: z.string(),
  creator: z.string(),
  creatorId: z.number(),
  status: z.number(),
  timezone: z.string(),
  /**
   * Null (both) when the stored times cannot be shown: a meeting kept from before every time was
   * held to TIME_WINDOW_MS. Home lists it without a time.
   */
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  /** True when the end was not planned and is start plus one hour. */
  endTimeDefaulted: z.boolean(),
  finishTime: z.number().nullable(),
  asrEnabled: z.boolean(),
  joinAgent: z.number(),
  conferenceProperties,
  voteList: z.array(z.unknown()),
});
export type MeetingListItem = z.infer<typeof meetingListItem>;

export const joinPayload = z.object({
  conferenceId: z.string(),
  conferenceUri: z.string(),
  conferenceName: z.string(),
  conferenceProperties,
  asrStatus: z.number(),
  endTime: z.number().nullable(),
  hostId: z.number(),
  hostName: z.string(),
  creatorId: z.number(),
  memberId: z.number(),
  userId: z.number(),
  mediaServer: z.string(),
  mediaNode: z.string(),
  /**
   * For the `/room` handshake that follows (its `pass`): this membership and the meeting's node,
   * signed by the server and good for a minute, so the socket is let in without checking again.
   */
  roomPass: z.string(),
});
export type JoinPayload = z.infer<typeof joinPayload>;

/** A caller's membership of a meeting on one device. */
export const MEMBER_STATES = ['none', 'joined', 'left', 'replaced', 'removed'] as const;
export type MyState = (typeof MEMBER_STATES)[number];

export const conferenceStatus = z.object({
  conferenceId: z.string(),
  status: z.number(),
  num: z.number(),
  hostId: z.number(),
  /** This caller's membership on this device: none, joined, left, replaced, removed. */
  myState: z.enum(MEMBER_STATES),
});
export type ConferenceStatus = z.infer<typeof conferenceStatus>;

/** Optional: the meeting whose media node `mediaServer` should name (a member reconnecting). */
export const serverConfigQuery = z.object({
  conferenceId: z
    .string()
    .regex(/^\d{1,12}$/, 'a meeting number')
    .optional(),
});
/**
 * SPEC.md's System setting: which optional effects this deployment offers (VOICE_CHANGER,
 * AVATARS), and what runs behind the features that depend on an engine.
 */
export const systemSetting = z.object({
  /** The voice changer in the effects dialog. */
  isVVoiceEnabled: z.boolean(),
  /** Avatars in the effects dialog. */
  isVHumanEnabled: z.boolean(),
  /** production, development or test. */
  appEnv: z.string(),
  /** Where the voice changer runs: the browser (an AudioWorklet). */
  vvoiceEnv: z.string(),
  /** The translation engines interpretation uses, in the order tried. */
  interpretEnv: z.string(),
  /** The speech engine behind captions ('none': captions are off). */
  subtitleEnv: z.string(),
  /** Cameras are sent as simulcast layers. */
  useSimulcast: z.boolean(),
});
export type SystemSetting = z.infer<typeof systemSetting>;

export const serverConfig = z.object({
  webServer: z.string(),
  /** The media node: this node, or with `conferenceId` the one holding that meeting. */
  mediaServer: z.string(),
  longLink: z.string(),
  /** Where phones get the mobile app (MOBILE_APP_URL); null hides the app QR code. */
  mobileAppUrl: z.string().nullable(),
  /**
   * About's "Privacy policy" and "Terms of service" (PRIVACY_URL, TERMS_URL), only when the
   * operator set them; otherwise the app links its built-in /privacy and /terms pages.
   */
  privacyUrl: z.string().optional(),
  termsUrl: z.string().optional(),
  systemSetting,
});
export type ServerConfig = z.infer<typeof serverConfig>;

/** GET /api/getTimestamp: the server's clock (ms since 1970), for the client's offset from it. */
export const serverTime = z.object({ timestamp: z.number() });
