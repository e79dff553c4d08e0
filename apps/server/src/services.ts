/**
 * How the app's parts reach each other: each plugin of `composition/` decorates the Fastify
 * instance with what it builds (`provide`), declares those decorations' types beside it
 * (`declare module 'fastify'`), and names the plugins it reads from; route handlers read them off
 * `app` (or `request.server`). Here: what every request carries once the auth hook ran.
 */
import type { FastifyInstance } from 'fastify';
import type { UserRow } from './db/schema/index.js';
import type { Language } from '@meet/shared';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
    language: Language | null;
  }
}

/** Decorates the app with a plugin's parts, each once (Fastify refuses a second decoration). */
export function provide<K extends keyof FastifyInstance>(
  app: FastifyInstance,
  parts: Pick<FastifyInstance, K>,
): void {
  for (const [name, value] of Object.entries(parts)) app.decorate(name, value);
}
