/**
 * The app's one MessageSocket, given to React: it connects MESSAGE_CONNECT_DELAY_MS after there
 * are credentials (a real sign-in or a visitor account) and disconnects when they go (sign-out,
 * token removed). When the server ends it because its sign-in ended elsewhere (a logout, a
 * password reset), that is an authentication failure (SPEC.md section 4, "Auth"): the reason is
 * shown, the local sign-in cleared and the user sent to sign-in. `useMessageSocket` gives screens
 * `onMessage`/`send`; `useMessage` subscribes a component for as long as it is mounted.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGE_CONNECT_DELAY_MS, type MessageAuth } from '@meet/shared';
import { signInLost } from '../api/client';
import i18n from '../i18n/i18n';
import { authStore } from '../features/auth/auth-store';
import { toast } from '../ui/toast-store';
import type { ServerMsgType } from './envelope';
import type { MessageHandler } from './message-dispatcher';
import { MessageSocket } from './message-socket';

const MessageSocketContext = createContext<MessageSocket | null>(null);

export interface MessageSocketProviderProps {
  /** Who connects; null while nobody is signed in. */
  auth: MessageAuth | null;
  children: ReactNode;
  /** The socket to use instead of a real one (tests). */
  socket?: MessageSocket;
}

export function MessageSocketProvider({ auth, children, socket }: MessageSocketProviderProps) {
  // One instance for the provider's life: handlers registered on it survive sign-in changes.
  const [instance] = useState(() => socket ?? new MessageSocket());
  const userId = auth?.userId;
  const deviceId = auth?.deviceId;
  const token = auth?.token;

  useEffect(() => {
    if (userId === undefined || deviceId === undefined || token === undefined) return;
    const timer = setTimeout(
      () => instance.start({ userId, deviceId, token }),
      MESSAGE_CONNECT_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      instance.stop();
    };
  }, [instance, userId, deviceId, token]);

  useEffect(
    () =>
      instance.onSignedOut((key, ended) => {
        // A sign-in this tab already left (its own sign-out, another tab's newer sign-in, read
        // afresh) is no news.
        authStore.refresh();
        if (authStore.getSnapshot().token !== ended.token) return;
        toast.error(i18n.t(`errors.${key}`));
        signInLost(ended.token);
      }),
    [instance],
  );

  return <MessageSocketContext.Provider value={instance}>{children}</MessageSocketContext.Provider>;
}

export function useMessageSocket(): MessageSocket {
  const socket = useContext(MessageSocketContext);
  if (!socket) throw new Error('useMessageSocket must be used inside <MessageSocketProvider>');
  return socket;
}

/** Calls `handler` for every `msgType` message while the component is mounted. */
export function useMessage<T extends ServerMsgType>(msgType: T, handler: MessageHandler<T>): void {
  const socket = useMessageSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () => socket.onMessage(msgType, (message, envelope) => latest.current(message, envelope)),
    [socket, msgType],
  );
}
