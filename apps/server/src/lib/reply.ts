/** Success replies in the API's envelope. */
import type { FastifyRequest } from 'fastify';
import { ResultCode, formatMessage } from '@meet/shared';
import { requestLanguage } from './language.js';

export function ok<T>(request: FastifyRequest, payload: T) {
  return {
    code: ResultCode.success,
    msg: formatMessage('success', requestLanguage(request)),
    payload,
  };
}
