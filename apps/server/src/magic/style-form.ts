/**
 * The multipart form of `freeStyle/publish` and `freeStyle/favorite`: fields `name` and
 * `prompt` (checked by the shared schema, NUL bytes refused like in any other body) and an
 * optional file `cover`, in any order.
 */
import type { FastifyRequest } from 'fastify';
import { ResultCode, findUnsafeText, isErrorKey, publishMagicFields } from '@meet/shared';
import { AppError } from '../lib/app-error.js';

export interface StyleForm {
  name: string;
  prompt: string;
  cover: Buffer | undefined;
}

export async function readStyleForm(request: FastifyRequest): Promise<StyleForm> {
  if (!request.isMultipart()) throw AppError.badRequest('fieldRequired', { field: 'name' });
  const fields: Record<string, string> = {};
  let cover: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'cover' && cover === undefined) cover = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError) throw error;
    // Past the upload limit: the cover is too big, which has its own words.
    if (status === 413) throw AppError.badRequest('magicCoverInvalid');
    throw new AppError(ResultCode.failure, 400, 'invalidUpload', {}, { cause: error });
  }
  const unsafe = findUnsafeText(fields);
  if (unsafe !== null) throw AppError.badRequest('unsafeText', { field: unsafe });
  const parsed = publishMagicFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'body';
    if (isErrorKey(issue.message)) throw AppError.badRequest(issue.message, { field });
    throw AppError.badRequest(fields[field] === undefined ? 'fieldRequired' : 'fieldInvalid', {
      field,
    });
  }
  return { ...parsed.data, cover: cover && cover.length > 0 ? cover : undefined };
}
