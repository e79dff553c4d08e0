/** Reading uploads from multipart requests. */
import type { FastifyRequest } from 'fastify';
import { ResultCode } from '@meet/shared';
import { AppError } from './app-error.js';

export interface Upload {
  filename: string;
  data: Buffer;
}

/**
 * The first file sent under `field` (other parts are drained and ignored), or null when there
 * is none. A form that cannot be read — no boundary, a wrong one, cut short — is the sender's
 * fault: a 400, never a 500 with the parser's words in it. Size limits keep their 413.
 */
export async function readUpload(request: FastifyRequest, field: string): Promise<Upload | null> {
  if (!request.isMultipart()) return null;
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === field && !upload) {
        upload = { filename: part.filename, data: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || status === 413) throw error;
    throw new AppError(ResultCode.failure, 400, 'invalidUpload', {}, { cause: error });
  }
  return upload;
}
