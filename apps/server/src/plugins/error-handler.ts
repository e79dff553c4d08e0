/**
 * The one error handler: every failure becomes `{ code, msg, payload: null }` with the right
 * HTTP status and a message from the catalogue in the request's language. Only real faults are 5xx.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResultCode, formatMessage, isErrorKey } from '@meet/shared';
import { AppError } from '../lib/app-error.js';
import { requestLanguage } from '../lib/language.js';

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

function validationMessage(request: FastifyRequest, error: FastifyError): string {
  const language = requestLanguage(request);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const field = fieldName(issue.instancePath);
    const message = issue.message ?? '';
    if (isErrorKey(message)) {
      return formatMessage(message, language, { field, max: String(issue.params.maximum ?? '') });
    }
    const missing = valueAt(request.body, issue.instancePath) === undefined;
    return formatMessage(missing ? 'fieldRequired' : 'fieldInvalid', language, { field });
  }
  return formatMessage('invalidRequest', language, { detail: error.message });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply: FastifyReply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        code: error.code,
        msg: formatMessage(error.key, language, error.params),
        payload: error.payload,
      });
    }
    if (error.validation) {
      return reply
        .status(400)
        .send({ code: ResultCode.failure, msg: validationMessage(request, error), payload: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key =
        status === 413 ? 'fileTooLarge' : status === 429 ? 'rateLimited' : 'invalidRequest';
      return reply.status(status).send({
        code: ResultCode.failure,
        msg: formatMessage(key, language, { detail: error.message }),
        payload: null,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      code: ResultCode.failure,
      msg: formatMessage('serverError', language),
      payload: null,
    });
  });
}
