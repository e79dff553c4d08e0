/**
 * The one error handler: every failure becomes `{ code, msg, key, payload }` with the right
 * HTTP status, a message from the catalogue in the request's language, and the catalogue key so
 * a client can tell outcomes apart without reading text. Only real faults are 5xx.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResultCode, formatMessage, isErrorKey, type ErrorKey } from '@meet/shared';
import { AppError } from '../lib/app-error.js';
import { requestLanguage } from '../lib/language.js';
import { isDatabaseUnavailable } from '../db/db-errors.js';

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

function valueAt(body: unknown, instancePath: string): unknown {
  let value = body;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

interface Outcome {
  key: ErrorKey;
  params?: Record<string, string | number>;
}

function validationOutcome(request: FastifyRequest, error: FastifyError): Outcome {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const field = fieldName(issue.instancePath);
    const message = issue.message ?? '';
    if (isErrorKey(message)) {
      return { key: message, params: { field, max: String(issue.params.maximum ?? '') } };
    }
    const missing = valueAt(request.body, issue.instancePath) === undefined;
    return { key: missing ? 'fieldRequired' : 'fieldInvalid', params: { field } };
  }
  return { key: 'invalidRequest', params: { detail: error.message } };
}

/**
 * A database refusing a value (SQLSTATE class 22, "data exception": a number out of range, a
 * malformed value) is the request's fault, not a fault of ours; its text never goes out.
 */
function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply: FastifyReply) => {
    const send = (
      status: number,
      outcome: Outcome,
      code: number = ResultCode.failure,
      payload: unknown = null,
    ) =>
      reply.status(status).send({
        code,
        msg: formatMessage(outcome.key, requestLanguage(request), outcome.params),
        key: outcome.key,
        payload,
      });
    if (error instanceof AppError) {
      return send(
        error.statusCode,
        { key: error.key, params: error.params },
        error.code,
        error.payload,
      );
    }
    if (error.validation) return send(400, validationOutcome(request, error));
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'database refused a value');
      return send(400, { key: 'invalidRequest', params: { detail: 'a value is out of range' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 413) return send(413, { key: 'fileTooLarge' });
      if (status === 429) return send(429, { key: 'rateLimited' });
      return send(status, { key: 'invalidRequest', params: { detail: error.message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unreachable');
      return send(503, { key: 'databaseUnavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, { key: 'serverError' });
  });
}
