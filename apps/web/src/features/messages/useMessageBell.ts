/**
 * The Home bell's side of the message center: whether anything is unread (the red dot), kept
 * current by the `/message` socket's `new_message` pushes, which also put the message at the top
 * of an open (or cached) panel. Only accounts have a message center; a visitor has none.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMessage } from '../../message-socket/MessageSocketProvider';
import { useAuth } from '../auth/AuthProvider';
import { addMessageToCache, useUnreadCount } from './message-queries';

/** Whose messages: the cache is kept per sign-in. */
export function useMessageUser(): string {
  const { token, isRealLogin } = useAuth();
  return isRealLogin && token ? token : '';
}

export function useMessageBell() {
  const user = useMessageUser();
  const queryClient = useQueryClient();
  const unread = useUnreadCount(user, true);
  useMessage('new_message', (push) => {
    if (user) addMessageToCache(queryClient, user, push.message, push.unread);
  });
  const count = unread.data ?? 0;
  return { unread: count, hasUnread: count > 0 };
}
