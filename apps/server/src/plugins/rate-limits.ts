/**
 * Rate limits, by client address and by account. Every API call counts against its client IP
 * (the real one behind a trusted proxy; this machine itself is exempt) and, once signed in,
 * against its account; a route may add a tighter limit of its own per IP (`config.rateLimit`)
 * and per account (`config.accountLimit`: the signed-in user, or the email address a sign-in or
 * code call names, so guessing one account's password from many addresses is limited too).
 * A refusal is a 429 saying when to try again; nothing the caller sent is kept half-done.
 * With several nodes the counters are in Redis, so a client counts the same on every node; while
 * Redis is unreachable calls are let through rather than refused.
 */
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { normalizePhone } from '@meet/shared';
import { AppError } from '../lib/app-error.js';
import { isLoopback } from '../lib/net.js';

export interface AccountLimit {
  /** Calls a minute. */
  max: number;
  /** Whose: the signed-in user, or the `email` (or `phone`) field of the body. */
  by: 'user' | 'email' | 'phone';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accountLimit?: AccountLimit;
  }
}

const MINUTE = 60_000;

type Limiter = (request: FastifyRequest) => Promise<{
  isAllowed: boolean;
  isExceeded?: boolean;
  ttlInSeconds?: number;
}>;

export async function registerRateLimits(
  app: FastifyInstance,
  limits: Config['limits'],
  shared?: { redisUrl: string; prefix: string },
): Promise<void> {
  let redis: Redis | undefined;
  if (shared) {
    const { Redis } = await import('ioredis');
    redis = new Redis(shared.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down) app.log.warn({ err: error }, 'Redis for rate limits is unreachable');
      down = true;
    });
    redis.on('ready', () => (down = false));
    const client = redis;
    app.addHook('onClose', async () => client.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${shared!.prefix}:rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      AppError.tooMany('rateLimitedFor', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

  const limiters = new Map<string, Limiter>();
  /**
   * One counter per purpose and size. `key` names whose calls it counts; it must depend on the
   * request only, as the limiter is made once and kept.
   */
  const limiter = (name: string, max: number, key: (r: FastifyRequest) => string): Limiter => {
    const id = `${name}:${max}`;
    let found = limiters.get(id);
    if (!found) {
      found = app.createRateLimit({
        max,
        timeWindow: MINUTE,
        keyGenerator: (r) => `${id}:${key(r)}`,
      }) as Limiter;
      limiters.set(id, found);
    }
    return found;
  };
  const check = async (limit: Limiter, request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw AppError.tooMany('rateLimitedFor', { seconds: Math.max(1, result.ttlInSeconds ?? 1) });
    }
  };
  const whoOf = (by: AccountLimit['by'], request: FastifyRequest) =>
    by === 'user'
      ? request.user?.id
      : by === 'phone'
        ? phoneOf(request.body)
        : emailOf(request.body);

  const perIp = limiter('ip', limits.apiPerIpPerMinute, (r) => r.ip);
  const perUser = limiter('user', limits.apiPerAccountPerMinute, (r) => String(r.user?.id));

  // By address before anything else is done for the request.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || isLoopback(request.ip)) return;
    await check(perIp, request);
  });

  // By account once the route has said who is calling, before the body is validated or used.
  app.addHook('preValidation', async (request) => {
    if (request.user) await check(perUser, request);
    const own = request.routeOptions.config.accountLimit;
    if (!own || whoOf(own.by, request) === undefined) return;
    const route = request.routeOptions.url ?? '';
    await check(
      limiter(`${own.by}@${route}`, own.max, (r) => String(whoOf(own.by, r))),
      request,
    );
  });
}

/** The number a code or sign-in call names, written one way however it was typed. */
function phoneOf(body: unknown): string | undefined {
  const phone = (body as { phone?: unknown } | null | undefined)?.phone;
  if (typeof phone !== 'string') return undefined;
  return normalizePhone(phone) ?? phone.trim().slice(0, 40);
}

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}
