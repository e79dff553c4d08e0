/**
 * The multipart form of `freeStyle/publish` and `freeStyle/favorite`: fields `name` and
 * `prompt` (checked by the shared schema, NUL bytes refused like in any other body) and an
 * optional file `cover`, in any order.
 */
import type { FastifyRequest } from 'fastify';
import { findUnsafeText, isErrorKey, publishMagicFields } from '@meet/shared';
import { AppError } from '../lib/app-error.js';
import { readForm } from '../lib/multipart.js';

export interface StyleForm {
  name: string;
  prompt: string;
  cover: Buffer | undefined;
}

export async function readStyleForm(request: FastifyRequest): Promise<StyleForm> {
  const form = await readForm(request, 'cover').catch((error: unknown) => {
    // Past the upload limit: the cover is too big, which has its own words.
    if ((error as { statusCode?: number }).statusCode === 413)
      throw AppError.badRequest('magicCoverInvalid');
    throw error;
  });
  if (!form) throw AppError.badRequest('fieldRequired', { field: 'name' });
  const { fields } = form;
  const cover = form.file?.data;
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
