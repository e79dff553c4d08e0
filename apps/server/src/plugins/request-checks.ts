/**
 * The first of the checks on a parsed request, so a flood of bad input is refused as what it is:
 * the request's language, an absent POST body taken as `{}`, and no NUL bytes or lone surrogates
 * in any field before a schema or the database sees them.
 */
import type { FastifyInstance } from 'fastify';
import { findUnsafeText } from '@meet/shared';
import { AppError } from '../lib/app-error.js';
import { requestLanguage } from '../lib/language.js';
import { isMultipartRequest } from './uploads.js';

export function registerRequestChecks(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('language', null);
  app.addHook('preValidation', async (request) => {
    request.language = requestLanguage(request);
    // A call without a body is a call with no fields: optional ones take their defaults, and a
    // missing required one is named.
    if (request.method === 'POST' && request.body == null && !isMultipartRequest(request)) {
      request.body = {};
    }
    for (const value of [request.body, request.query, request.params]) {
      const path = findUnsafeText(value);
      if (path !== null) throw AppError.badRequest('unsafeText', { field: path || 'body' });
    }
  });
}
