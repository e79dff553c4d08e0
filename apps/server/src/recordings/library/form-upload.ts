/**
 * The multipart calls of the records API (`/sm/updateSummaryResult`, `/sm/updateChapter`,
 * `/asr/updateAsrFile`): a `recordId` field and an `updateFile` file, in either order. The file
 * is text (minutes, or JSON): UTF-8 without NUL bytes, like every other text the API takes.
 */
import type { FastifyRequest } from 'fastify';
import { findUnsafeText, recordIdField } from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { readForm } from '../../lib/multipart.js';

export interface RecordUpload {
  recordId: string;
  /** The file's text. */
  text: string;
}

/** Reads the form; a form that is missing a part, or cannot be read, is a 400. */
export async function readRecordUpload(request: FastifyRequest): Promise<RecordUpload> {
  const form = await readForm(request, 'updateFile');
  if (!form) throw AppError.badRequest('updateFileMissing');
  const { fields } = form;
  const file = form.file?.data;
  const recordId = recordIdField.safeParse(fields.recordId);
  if (!recordId.success) {
    throw AppError.badRequest(fields.recordId === undefined ? 'fieldRequired' : 'fieldInvalid', {
      field: 'recordId',
    });
  }
  if (file === undefined) throw AppError.badRequest('updateFileMissing');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw AppError.badRequest('unsafeText', { field: 'updateFile' });
  }
  const unsafe = findUnsafeText({ ...fields, updateFile: text });
  if (unsafe !== null) throw AppError.badRequest('unsafeText', { field: unsafe });
  return { recordId: recordId.data, text };
}
