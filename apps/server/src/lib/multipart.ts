/** Reading uploads from multipart requests. */
import type { FastifyRequest } from 'fastify';
import { ResultCode } from '@meet/shared';
import { AppError } from './app-error.js';

export interface Upload {
  filename: string;
  data: Buffer;
}

/** A multipart form: its text fields (the first of each name) and the first file under one name. */
export interface Form {
  fields: Record<string, string>;
  file: Upload | null;
}

/**
 * Reads a multipart form, keeping the first file sent under `fileField` (other files are drained
 * and ignored), or null when the request is not multipart. A form that cannot be read — no
 * boundary, a wrong one, cut short — is the sender's fault: a 400, never a 500 with the parser's
 * words in it. Size limits keep their 413.
 */
export async function readForm(request: FastifyRequest, fileField: string): Promise<Form | null> {
  if (!request.isMultipart()) return null;
  const fields: Record<string, string> = {};
  let file: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === fileField && !file)
          file = { filename: part.filename, data: await part.toBuffer() };
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
  return { fields, file };
}

/** The first file sent under `field`, or null when there is none. */
export async function readUpload(request: FastifyRequest, field: string): Promise<Upload | null> {
  return (await readForm(request, field))?.file ?? null;
}
