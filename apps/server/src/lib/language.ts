/** Which language a request's `msg` should be in: its `language` field, header, or Accept-Language. */
import type { FastifyRequest } from 'fastify';
import type { Language } from '@meet/shared';

function pick(value: unknown): Language | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const v = value.toLowerCase();
  return v.startsWith('zh') || v === 'cn' ? 'zh' : v.startsWith('en') ? 'en' : undefined;
}

/**
 * Validation replaces the body with its parsed form (unknown fields such as `language` dropped),
 * so the app computes this once before validation and keeps it on the request.
 */
export function requestLanguage(request: FastifyRequest): Language {
  if (request.language) return request.language;
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return (
    pick(body && typeof body === 'object' ? body.language : undefined) ??
    pick(query?.language) ??
    pick(request.headers.language) ??
    pick(request.headers['accept-language']?.split(',')[0]) ??
    'en'
  );
}
