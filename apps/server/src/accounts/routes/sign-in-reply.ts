/** The reply of every sign-in: a new token in the payload and the `authorization` header. */
import type { FastifyInstance } from 'fastify';
import type { LoginPayload } from '@meet/shared';
import type { UserRow } from '../../db/schema/index.js';

export async function signInPayload(
  app: FastifyInstance,
  user: UserRow,
  reply: { header(name: string, value: string): unknown },
): Promise<LoginPayload> {
  const token = await app.sessions.issue(user.id);
  reply.header('authorization', token);
  return { token, userInfo: await app.users.selfInfo(user) };
}

/** The signed-in user of a request that does not require one (null when none or a visitor). */
export async function optionalRealUser(
  app: FastifyInstance,
  authorization: string | undefined,
): Promise<{ user: UserRow; token: string } | null> {
  if (!authorization) return null;
  const token = authorization.startsWith('Bearer ')
    ? authorization.slice(7).trim()
    : authorization.trim();
  if (token.length === 0 || token.length > 200) return null;
  const user = await app.sessions.userOf(token);
  return user && !user.isVisitor ? { user, token } : null;
}
