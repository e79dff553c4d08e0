/**
 * Magic Cam (SPEC.md sections 1, 3, 4, 7, 8, 9): requests and replies of `/api/magic/*`.
 *
 * A style is a prompt with a name: the templates that ship with the product (`system`), or a
 * user's own free style (`freestyle`), which its author may publish to the community. Running a
 * style is a metered session: `getToken` (in a meeting) or `getHomePageToken` (outside one)
 * opens it and names the engine; the `/magic` socket keeps it alive and is charged per minute.
 */
import { z } from 'zod';
import { conferenceUriField, intField } from './fields.js';

/** Magic-camera status (SPEC.md section 4): the first frame request moves 1 to 2. */
export const MAGIC_STATUS = { off: 0, launching: 1, streaming: 2 } as const;
export type MagicStatus = (typeof MAGIC_STATUS)[keyof typeof MAGIC_STATUS];

/** Why a running Magic Cam stopped (SPEC.md section 8), plus `stop` for the user's own stop. */
export const MAGIC_CLOSE_REASONS = [
  'stop',
  'timeout',
  'outOfPoints',
  'serverFull',
  'wsError',
  'sysError',
  'streamFetchAbort',
  'streamFetchError',
  'streamReaderError',
] as const;
export const magicCloseReason = z.enum(MAGIC_CLOSE_REASONS);
export type MagicCloseReason = z.infer<typeof magicCloseReason>;

/**
 * The engines: `webgl` renders styles chosen from the prompt's words in the browser's WebGL
 * (no AI model; the embedded default); `stream` sends camera frames through our server to a
 * streaming image-to-image server (StreamDiffusion-style) set by MAGIC_CAM_URL.
 */
export const magicEngine = z.enum(['webgl', 'stream']);
export type MagicEngine = z.infer<typeof magicEngine>;

/** A free style's publishing state: its author's draft, then in review, then in the community. */
export const MAGIC_PUBLISH_STATUS = {
  draft: 0,
  publishing: 1,
  published: 2,
  failed: 3,
  cancelled: 4,
} as const;
export type MagicPublishStatus = (typeof MAGIC_PUBLISH_STATUS)[keyof typeof MAGIC_PUBLISH_STATUS];

/** The prompt is English words (SPEC.md section 1); this is the longest one taken. */
export const MAGIC_PROMPT_MAX = 300;
export const MAGIC_NAME_MAX = 40;
/** Celebrity names a user keeps for prompts ("in the style of …"), each at most 40 characters. */
export const MAGIC_FAMOUS_NAMES_MAX = 20;
/** A style's cover picture (multipart `cover`): png or jpeg, at most this size. */
export const MAGIC_COVER_MAX_BYTES = 2 * 1024 * 1024;
export const MAGIC_PAGE_SIZE = 20;

export const magicStyle = z.object({
  id: z.string(),
  type: z.enum(['system', 'freestyle']),
  name: z.string(),
  prompt: z.string(),
  /** A same-origin URL of its cover picture, or null when it has none. */
  cover: z.string().nullable(),
  /** Publishing state of a free style (MAGIC_PUBLISH_STATUS); system templates are published. */
  status: z.number().int(),
  /** How many people favourited or subscribed to it (the community list is sorted by it). */
  hot: z.number().int(),
  favorite: z.boolean(),
  subscribed: z.boolean(),
  /** Whether I made it (only its author publishes, cancels or deletes it). */
  mine: z.boolean(),
  creatorName: z.string().nullable(),
  createdAt: z.number(),
});
export type MagicStyle = z.infer<typeof magicStyle>;

export const magicStyleList = z.object({
  list: z.array(magicStyle),
  /** Whether another page follows (page lists only). */
  hasMore: z.boolean(),
});
export type MagicStyleList = z.infer<typeof magicStyleList>;

const promptField = z.string().trim().min(1, { error: 'magicPromptEmpty' }).max(MAGIC_PROMPT_MAX, {
  error: 'magicPromptTooLong',
});
const styleIdField = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().min(1).max(64));

/** 0 in a meeting (conferenceUri required), 1 elsewhere (SPEC.md section 7). */
export const magicTokenBody = z
  .object({
    type: intField.pipe(z.union([z.literal(0), z.literal(1)])).default(1),
    conferenceUri: conferenceUriField.optional(),
  })
  .refine((body) => body.type === 1 || !!body.conferenceUri, {
    error: 'fieldRequired',
    path: ['conferenceUri'],
  });

export const magicToken = z.object({
  /** Opaque; the `/magic` socket and the frame stream are opened with it. */
  token: z.string(),
  engine: magicEngine,
  creditsPerMinute: z.number().int(),
  /** The user's AI credits before this session's first minute. */
  balance: z.number().int(),
});
export type MagicToken = z.infer<typeof magicToken>;

/** The style in use now (SPEC.md "Magic-cam state" item/type), remembered per user. */
export const updateMagicTypeBody = z.object({
  styleId: styleIdField.optional(),
  prompt: promptField,
});
export const magicTypeReply = z.object({
  styleId: z.string().nullable(),
  prompt: z.string().nullable(),
});

export const famousNamesReply = z.object({ names: z.array(z.string()) });
export const updateFamousNamesBody = z.object({
  /** A list, or its JSON text (forms). */
  names: z
    .union([
      z.array(z.string()),
      z.string().transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'fieldInvalid' });
          return z.NEVER;
        }
      }),
    ])
    .pipe(z.array(z.string().trim().min(1).max(MAGIC_NAME_MAX)).max(MAGIC_FAMOUS_NAMES_MAX)),
});

/** publish (multipart: fields name, prompt, optional file `cover`) makes a new free style. */
export const publishMagicFields = z.object({
  name: z.string().trim().min(1, { error: 'magicNameEmpty' }).max(MAGIC_NAME_MAX),
  prompt: promptField,
});
/** republish, publish/retry, cancel, delete, subscribe(/cancel), favorite/cancel, favoriteById. */
export const magicStyleIdBody = z.object({ id: styleIdField });
/** getHotFreeStyleMagic, getMyFreeStyleMagicList, getMyFavoriteMagic: pages from 1. */
export const magicPageBody = z.object({
  page: intField.pipe(z.number().int().min(1).max(10_000)).default(1),
  pageSize: intField.pipe(z.number().int().min(1).max(100)).default(MAGIC_PAGE_SIZE),
});
export const queryMagicStatusBody = z.object({
  /** Comma-joined ids, or a list. */
  ids: z
    .union([z.array(styleIdField), z.string().transform((s) => s.split(',').filter(Boolean))])
    .pipe(z.array(z.string().min(1).max(64)).min(1).max(50)),
});
export const magicStatusReply = z.object({
  list: z.array(z.object({ id: z.string(), status: z.number().int() })),
});
