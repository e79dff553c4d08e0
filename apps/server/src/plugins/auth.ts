/**
 * Bearer-token authentication. `authenticate` needs any signed-in account (visitors too);
 * `requireRealUser` also refuses visitors. A route folder whose routes all need an account adds
 * one of them once (`app.addHook('onRequest', authenticate)`); its routes read the account
 * through `signedInUser`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw AppError.authFailed();
  const user = await request.server.sessions.userOf(token);
  if (!user) throw AppError.authFailed();
  request.user = user;
  request.token = token;
}

export async function requireRealUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticate(request, reply);
  if (request.user?.isVisitor) throw AppError.realLoginRequired();
}

/**
 * The account of a request that passed `authenticate` or `requireRealUser` (its route's or its
 * folder's). Without one the route forgot to authenticate: a programming error, not a 401.
 */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error(`${request.method} ${request.url} did not authenticate`);
  return request.user;
}
