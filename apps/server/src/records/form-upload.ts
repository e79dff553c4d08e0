/**
 * The multipart calls of the records API (`/sm/updateSummaryResult`, `/sm/updateChapter`,
 * `/asr/updateAsrFile`): a `recordId` field and an `updateFile` file, in either order. The file
 * is text (minutes, or JSON): UTF-8 without NUL bytes, like every other text the API takes.
 */
import type { FastifyRequest } from 'fastify';
import { ResultCode, findUnsafeText, recordIdField } from '@meet/shared';
import { AppError } from '../lib/app-error.js';

export interface RecordUpload {
  recordId: string;
  /** The file's text. */
  text: string;
}

/** Reads the form; a form that is missing a part, or cannot be read, is a 400. */
export async function readRecordUpload(request: FastifyRequest): Promise<RecordUpload> {
  if (!request.isMultipart()) throw AppError.badRequest('updateFileMissing');
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'updateFile' && file === undefined) file = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || status === 413) throw error;
    throw new AppError(ResultCode.failure, 400, 'invalidUpload', {}, { cause: error });
  }
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
