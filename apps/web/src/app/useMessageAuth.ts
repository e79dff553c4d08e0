/**
 * The credentials of the `/message` socket: the token, the device id, and the signed-in user's
 * id. A real login's id comes with its user info; a visitor's is asked for once per token (the
 * token alone is opaque to the client).
 */
import { useQuery } from '@tanstack/react-query';
import type { MessageAuth } from '@meet/shared';
import { userApi } from '../api/user-api';
import { useAuth } from '../features/auth/AuthProvider';
import { ensureDeviceId } from '../features/meetings/join-session';

export function useMessageAuth(): MessageAuth | null {
  const { token, isRealLogin, user } = useAuth();
  const visitorId = useQuery({
    queryKey: ['visitorUserId', token],
    queryFn: async () => (await userApi.getUserInfo()).userId,
    enabled: !!token && !isRealLogin,
    staleTime: Infinity,
  });
  if (!token) return null;
  const userId = isRealLogin
    ? user && 'userId' in user
      ? user.userId
      : undefined
    : visitorId.data;
  if (userId === undefined) return null;
  return { userId, deviceId: ensureDeviceId(), token };
}
