/**
 * Who is connected to the `/message` socket, by user and device, and pushing notices to them.
 * One connection per user and device: a newer one replaces the older, which is told so.
 * Other features (polls, the message center, recordings) push through `sendToUsers`.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGE_EVENT, type MessageEnvelope, type MessageJson } from '@meet/shared';
import type { Socket } from 'socket.io';

export function envelope<T extends MessageJson>(messageJson: T): MessageEnvelope<T> {
  return { msgId: randomUUID(), messageJson };
}

export class MessageHub {
  /** userId → deviceId → socket */
  private readonly sockets = new Map<number, Map<string, Socket>>();

  /** Registers a connection; returns the one it replaced, if any. */
  add(userId: number, deviceId: string, socket: Socket): Socket | undefined {
    let devices = this.sockets.get(userId);
    if (!devices) this.sockets.set(userId, (devices = new Map()));
    const previous = devices.get(deviceId);
    devices.set(deviceId, socket);
    return previous === socket ? undefined : previous;
  }

  remove(userId: number, deviceId: string, socket: Socket): void {
    const devices = this.sockets.get(userId);
    if (devices?.get(deviceId) !== socket) return;
    devices.delete(deviceId);
    if (devices.size === 0) this.sockets.delete(userId);
  }

  send(socket: Socket, json: MessageJson): void {
    socket.emit(MESSAGE_EVENT, envelope(json));
  }

  /** Sends to every connected device of these users (optionally one device only). */
  sendToUsers(userIds: Iterable<number>, json: MessageJson, deviceId?: string): number {
    let sent = 0;
    for (const userId of userIds) {
      for (const [device, socket] of this.sockets.get(userId) ?? []) {
        if (deviceId !== undefined && device !== deviceId) continue;
        this.send(socket, json);
        sent++;
      }
    }
    return sent;
  }

  isConnected(userId: number): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }
}
