/**
 * Feedback from the avatar menu (SPEC.md section 7, `/user/report`): what happened, an optional
 * screenshot, and who sent it from which client. Sent as a multipart form; the operator reads
 * them back through `GET /admin/feedback`.
 */
import { z } from 'zod';

/** "What happened" is at most this many characters (trimmed). */
export const FEEDBACK_MAX_LENGTH = 2000;
/** A screenshot is at most this many bytes… */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
/** …and one of these image types. */
export const FEEDBACK_SCREENSHOT_TYPES = ['image/png', 'image/jpeg'] as const;
/** The operator's list gives this many reports a page, newest first. */
export const FEEDBACK_PAGE_SIZE = 50;

/** The form's text fields (the file is `screenshot`). Common fields come along and are ignored. */
export const feedbackFields = z.object({
  content: z
    .string({ error: 'feedbackEmpty' })
    .trim()
    .min(1, { error: 'feedbackEmpty' })
    .max(FEEDBACK_MAX_LENGTH, { error: 'feedbackTooLong' }),
  /** The user's email as the client knows it; the account's own wins when it has one. */
  email: z.string().trim().max(254).optional(),
  /** `web/3.10.3`, as every call sends it. */
  version: z.string().trim().max(64).optional(),
  /** The browser's user agent (the device). */
  useragent: z.string().trim().max(512).optional(),
});
export type FeedbackFields = z.infer<typeof feedbackFields>;

export const feedbackReply = z.object({ id: z.number() });

/** One report as the operator sees it. */
export const feedbackItem = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  email: z.string(),
  content: z.string(),
  clientVersion: z.string(),
  device: z.string(),
  /** Where the operator fetches the screenshot (with the same token), or null. */
  screenshotUrl: z.string().nullable(),
  createdAt: z.number(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackListQuery = z.object({
  /** Reports older than this id (the last one of the previous page). */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const feedbackList = z.object({ list: z.array(feedbackItem), hasMore: z.boolean() });
export type FeedbackList = z.infer<typeof feedbackList>;
