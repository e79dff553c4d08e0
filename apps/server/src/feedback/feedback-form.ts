/**
 * Reading a feedback report (`/user/report`): the text fields of the form (or of a JSON/form body
 * when there is no screenshot) and the optional `screenshot` file, which must really be a PNG or
 * JPEG (its bytes are read, not its name) within FEEDBACK_SCREENSHOT_MAX_BYTES. The screenshot is
 * re-encoded, which drops its metadata (a photo's location, the camera).
 */
import type { FastifyRequest } from 'fastify';
import {
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  ResultCode,
  feedbackFields,
  findUnsafeText,
  isErrorKey,
  type FeedbackFields,
} from '@meet/shared';
import { AppError } from '../lib/app-error.js';

export interface Screenshot {
  data: Buffer;
  ext: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
}

export interface FeedbackForm {
  fields: FeedbackFields;
  screenshot: Screenshot | null;
}

/** Larger images are refused before they are decoded (a small file can unpack to a huge one). */
const MAX_PIXELS = 40_000_000;
const MAX_MB = FEEDBACK_SCREENSHOT_MAX_BYTES / (1024 * 1024);

const tooLarge = () =>
  new AppError(ResultCode.failure, 413, 'feedbackScreenshotTooLarge', { max: MAX_MB });

export async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  const raw: Record<string, unknown> = {};
  let file: Buffer | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({
        limits: { fileSize: FEEDBACK_SCREENSHOT_MAX_BYTES, fieldSize: 64 * 1024 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname === 'screenshot' && file === null) file = await part.toBuffer();
          else part.file.resume();
        } else if (!(part.fieldname in raw)) {
          // A value cut at the field size limit is longer than any valid one.
          raw[part.fieldname] = part.valueTruncated
            ? 'x'.repeat(FEEDBACK_MAX_LENGTH + 1)
            : part.value;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
      throw new AppError(ResultCode.failure, 400, 'invalidUpload', {}, { cause: error });
    }
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    Object.assign(raw, request.body);
  }

  // Multipart fields never met the check every other body goes through.
  const unsafe = findUnsafeText(raw);
  if (unsafe !== null) throw AppError.badRequest('unsafeText', { field: unsafe || 'body' });
  const parsed = feedbackFields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'body';
    if (isErrorKey(issue.message)) {
      throw AppError.badRequest(issue.message, { field, max: FEEDBACK_MAX_LENGTH });
    }
    throw AppError.badRequest(raw[field] === undefined ? 'fieldRequired' : 'fieldInvalid', {
      field,
    });
  }
  return { fields: parsed.data, screenshot: file ? await checkScreenshot(file) : null };
}

/** The screenshot, re-encoded in its own format; anything but a PNG or JPEG is refused. */
async function checkScreenshot(file: Buffer): Promise<Screenshot> {
  if (file.length > FEEDBACK_SCREENSHOT_MAX_BYTES) throw tooLarge();
  // libvips is loaded with the first image, not at start-up.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw AppError.badRequest('feedbackScreenshotType');
  }
  if (format !== 'png' && format !== 'jpeg') throw AppError.badRequest('feedbackScreenshotType');
  try {
    const image = sharp(file, { limitInputPixels: MAX_PIXELS }).rotate();
    return format === 'png'
      ? { data: await image.png().toBuffer(), ext: 'png', contentType: 'image/png' }
      : {
          data: await image.jpeg({ quality: 90 }).toBuffer(),
          ext: 'jpg',
          contentType: 'image/jpeg',
        };
  } catch {
    // A header that reads as an image over a body that does not decode.
    throw AppError.badRequest('feedbackScreenshotType');
  }
}
