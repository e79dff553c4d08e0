/**
 * Test helper for the `/message` socket: connects as a user and device the way the web does,
 * keeps every notice received, and waits for one of a given type.
 */
import { io, type Socket } from 'socket.io-client';
import type { MessageEnvelope, MessageJson } from '@meet/shared';
import type { Account } from './room-members.js';

export interface Inbox {
  socket: Socket;
  messages: MessageJson[];
  /** The first notice of this type received so far, or the next one (3 s at most). */
  next(msgType: MessageJson['msgType']): Promise<MessageJson>;
  send(messageJson: Record<string, unknown>): void;
}

export { listen } from './helper.js';

/** Opens message sockets against one app and disconnects them all at the end. */
export function inboxes(base: () => string) {
  const sockets: Socket[] = [];
  let serial = 0;

  async function open(account: Account, deviceId = 'dev'): Promise<Inbox> {
    const socket = io(`${base()}/message`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { userId: account.userId, deviceId, token: account.token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const messages: MessageJson[] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (m: MessageEnvelope) => {
      messages.push(m.messageJson);
      waiters.splice(0).forEach((w) => w());
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return {
      socket,
      messages,
      send: (messageJson) => socket.emit('message', { msgId: `m${++serial}`, messageJson }),
      next: (msgType) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${msgType} message`)), 3000);
          const check = () => {
            const found = messages.find((m) => m.msgType === msgType);
            if (found) {
              clearTimeout(timer);
              resolve(found);
            } else waiters.push(check);
          };
          check();
        }),
    };
  }

  return {
    open,
    closeAll: () => sockets.splice(0).forEach((s) => s.disconnect()),
  };
}
