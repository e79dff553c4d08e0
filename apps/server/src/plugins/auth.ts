/**
 * Bearer-token authentication. `authenticate` needs any signed-in account (visitors too);
 * `requireRealUser` also refuses visitors.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  const user = await request.server.services.sessions.userOf(token);
  if (!user) throw AppError.authFailed();
  request.user = user;
  request.token = token;
}

export async function requireRealUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticate(request, reply);
  if (request.user?.isVisitor) throw AppError.realLoginRequired();
}
