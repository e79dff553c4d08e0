/**
 * Cloud recordings, their sharing and access requests, AI minutes, and the message center
 * (SPEC.md sections 3, 4 and 7: Records, `/conference/startRecord|stopRecord`, `/sm/*`,
 * `/asr/*`, `/message/getMessages`).
 */
import { z } from 'zod';
import { conferenceUriField, intField, timeField } from './fields.js';
import { messageItem } from '../protocol/message-schema.js';

export const RECORD_TYPES = ['audio', 'video'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
/** SPEC.md's recordType numbers in meeting info: 1 audio, 2 video (0 none). */
export const RECORD_TYPE_NUMBER: Record<RecordType, number> = { audio: 1, video: 2 };

/** speech: the active speaker large with up to 5 side tiles; grid: up to 9 equal tiles. */
export const RECORD_LAYOUTS = ['speech', 'grid'] as const;
export type RecordLayout = (typeof RECORD_LAYOUTS)[number];

export const RECORD_STATUSES = ['recording', 'processing', 'ready', 'failed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** Who may open a recording: only its owner, people the owner let in, or anyone with the link. */
export const SHARE_SCOPES = ['private', 'applicants', 'link'] as const;
export type ShareScope = (typeof SHARE_SCOPES)[number];

/** Access request states (SPEC.md section 4). */
export const APPLY_STATUS = {
  none: 0,
  pending: 1,
  approved: 2,
  denied: 3,
  expired: 4,
} as const;

export const startRecordBody = z.object({
  conferenceUri: conferenceUriField,
  recordType: z.enum(RECORD_TYPES).optional().default('video'),
  layout: z.enum(RECORD_LAYOUTS).optional().default('speech'),
});

export const stopRecordBody = z.object({ conferenceUri: conferenceUriField });

export const recordIdField = z.string().trim().min(1).max(64);
export const recordIdBody = z.object({ recordId: recordIdField });
export const recordUuidBody = z.object({ uuid: recordIdField });

export const myRecordsBody = z
  .object({
    pageNum: intField.pipe(z.number().int().min(1).max(100000)).optional().default(1),
    pageSize: intField.pipe(z.number().int().min(1).max(100)).optional().default(20),
  })
  .optional();

export const updateRecordNameBody = z.object({
  recordId: recordIdField,
  newRecordName: z.string().trim().min(1, { error: 'recordNameRequired' }).max(100),
  conferenceUri: z.string().max(64).optional(),
});

export const setShareScopeBody = z.object({
  recordId: recordIdField,
  shareScope: z.enum(SHARE_SCOPES),
});

export const applyBody = z.object({
  recordId: recordIdField,
  reason: z.string().trim().max(500).optional().default(''),
});

export const getApplyBody = z.object({
  recordId: recordIdField,
  permissionRequestId: z.string().trim().min(1).max(64),
});

export const updateApplyBody = getApplyBody.extend({
  /** 2 approve, 3 deny. */
  status: intField.pipe(z.union([z.literal(2), z.literal(3)])),
});

/** `memberInfo`: the speakers' new names, as a JSON string (form) or an array. */
export const updateRecordMemberNameBody = z.object({
  recordId: recordIdField,
  conferenceUri: z.string().max(64).optional(),
  memberInfo: z.union([
    z.string().transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'fieldInvalid' });
        return z.NEVER;
      }
    }),
    z.array(z.unknown()),
  ]),
});

export const speakerName = z.object({
  speakerId: intField,
  name: z.string().trim().min(1, { error: 'speakerNameRequired' }).max(50),
});

export const chapter = z.object({ startTime: z.number().int().min(0), title: z.string() });
export type Chapter = z.infer<typeof chapter>;

export const recordListItem = z.object({
  recordId: z.string(),
  name: z.string(),
  status: z.enum(RECORD_STATUSES),
  /** 0–100 while processing. */
  progress: z.number(),
  /** What processing is doing now, for the owner. */
  stage: z.string(),
  recordType: z.enum(RECORD_TYPES),
  layout: z.enum(RECORD_LAYOUTS),
  /** Seconds. */
  duration: z.number(),
  /** Bytes. */
  size: z.number(),
  /** When recording began (ms). */
  startTime: z.number(),
  /** Signed links (no header needed); absent when there is no such file. */
  videoUrl: z.string().optional(),
  audioUrl: z.string().optional(),
  previewImg: z.string(),
  conferenceId: z.string(),
  conferenceName: z.string(),
  /** The caller owns it; otherwise it was shared with them. */
  isOwner: z.boolean(),
  shareScope: z.enum(SHARE_SCOPES),
});
export type RecordListItem = z.infer<typeof recordListItem>;

export const recordsReply = z.object({
  list: z.array(recordListItem),
  pageNum: z.number(),
  /** Storage used and allowed, in bytes (the caller's own recordings). */
  usedBytes: z.number(),
  quotaBytes: z.number(),
});

export const transcriptEntry = z.object({
  speakerId: z.number(),
  speakerName: z.string(),
  text: z.string(),
  /** Milliseconds from the start of the recording. */
  startTime: z.number(),
  endTime: z.number(),
  /** captions, or speech (the engine's pass over the recording where captions were off). */
  origin: z.string(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntry>;

/** A request to see a recording, as its owner sees it on the recording's page. */
export const accessRequestItem = z.object({
  permissionRequestId: z.string(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  reason: z.string(),
  status: z.number(),
  /** When it was made (ms). */
  createTime: z.number(),
});
export type AccessRequestItem = z.infer<typeof accessRequestItem>;

export const recordInfo = recordListItem.extend({
  transcript: z.array(transcriptEntry),
  minutes: z.string(),
  chapters: z.array(chapter),
  /** The engine that wrote the minutes and chapters ('' when none yet). */
  summaryEngine: z.string(),
  summaryStatus: z.enum(['none', 'processing', 'ready', 'failed']),
  /** The caller's access request, when they are not the owner (SPEC.md's apply states). */
  applyStatus: z.number(),
  ownerName: z.string(),
  /** For the owner only: requests waiting for their answer, oldest first. */
  accessRequests: z.array(accessRequestItem).optional(),
});
export type RecordInfo = z.infer<typeof recordInfo>;

/** What someone without access learns of a recording (enough to ask for it). */
export const recordTeaser = z.object({
  recordId: z.string(),
  name: z.string(),
  ownerName: z.string(),
  applyStatus: z.number(),
  /** Always false here: the caller may not see it (yet). */
  access: z.literal(false),
});

export const applyDetail = z.object({
  permissionRequestId: z.string(),
  status: z.number(),
  reason: z.string(),
  applicantName: z.string(),
  /** Who asks, for the owner to know them by ('' for the applicant themself or no email). */
  applicantEmail: z.string().optional(),
  recordInfo: z.object({
    recordId: z.string(),
    filename: z.string(),
    previewImg: z.string(),
    duration: z.number(),
    startTime: z.number(),
  }),
});
export type ApplyDetail = z.infer<typeof applyDetail>;

export const summaryRemainReply = z.object({
  /** Summaries left this month (null: no limit). */
  remainTimes: z.number().nullable(),
  engine: z.string(),
});

// Message center entries (messageItem, whose content is one of the infos below) are described
// in protocol/message-schema.ts, with the socket that pushes them.

export const getMessagesBody = z
  .object({
    /** The ctime of the oldest message already shown: the page after it. */
    messageTime: timeField.optional(),
    pageSize: intField.pipe(z.number().int().min(1).max(50)).optional().default(10),
  })
  .optional();

export const messagesReply = z.object({ list: z.array(messageItem), unread: z.number() });

export const markReadBody = z.object({
  /** These messages, or every message when absent. */
  messageIds: z.array(intField).max(200).optional(),
});

/** What markRead answers: the unread count left. */
export const markReadReply = z.object({ unread: z.number() });

/** The parsed `content` of a message (SPEC.md section 3: Apply info, record notices, Business info). */
export const messageContent = z.discriminatedUnion('pushType', [
  z.object({
    pushType: z.literal('apply'),
    recordId: z.string(),
    permissionRequestId: z.string(),
    /** request: someone asks the owner; approved / denied: the owner's answer, to the applicant. */
    subType: z.enum(['request', 'approved', 'denied']),
    /** Who asked and for what, as they were when the message was sent (absent on older ones). */
    applicantName: z.string().optional(),
    applicantEmail: z.string().optional(),
    recordName: z.string().optional(),
  }),
  z.object({
    pushType: z.literal('record'),
    recordId: z.string(),
    /** Processing finished: ready, or failed. */
    status: z.enum(['ready', 'failed']),
    name: z.string(),
  }),
  z.object({ pushType: z.literal('business'), cover: z.string(), detail: z.string() }),
]);
export type MessageContent = z.infer<typeof messageContent>;
