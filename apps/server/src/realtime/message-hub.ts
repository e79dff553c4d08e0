/**
 * Who is connected to the `/message` socket, by user and device, and pushing notices to them.
 * One connection per user and device: a newer one replaces the older, which is told so.
 * Other features (polls, the message center, recordings) push through `sendToUsers`.
 *
 * Each socket is also in socket.io rooms named after its user and device, and notices go to
 * those rooms: with several nodes (the Redis adapter) they reach the user's sockets on every
 * node, and a newer connection on one node replaces the older one on another.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGE_EVENT, type MessageEnvelope, type MessageJson } from '@meet/shared';
import type { Namespace, Socket } from 'socket.io';

const userRoom = (userId: number) => `u:${userId}`;
const deviceRoom = (userId: number, deviceId: string) => `d:${userId}:${deviceId}`;

export function envelope<T extends MessageJson>(messageJson: T): MessageEnvelope<T> {
  return { msgId: randomUUID(), messageJson };
}

export class MessageHub {
  /** userId → deviceId → socket */
  private readonly sockets = new Map<number, Map<string, Socket>>();
  private nsp: Namespace | undefined;

  /** The namespace notices go out through (set once the sockets are up). */
  attach(nsp: Namespace): void {
    this.nsp = nsp;
  }

  /**
   * Registers a connection. An older one of the same user and device is told it was replaced
   * and closed, on this node or any other.
   */
  add(userId: number, deviceId: string, socket: Socket): void {
    let devices = this.sockets.get(userId);
    if (!devices) this.sockets.set(userId, (devices = new Map()));
    const previous = devices.get(deviceId);
    devices.set(deviceId, socket);
    if (previous && previous !== socket) {
      this.send(previous, { msgType: 'new_connection_replace' });
      previous.disconnect(true);
    }
    void socket.join([userRoom(userId), deviceRoom(userId, deviceId)]);
    // Other nodes' sockets of this device (none here: the one above has left its rooms).
    const others = this.nsp?.in(deviceRoom(userId, deviceId)).except(socket.id);
    others?.emit(MESSAGE_EVENT, envelope({ msgType: 'new_connection_replace' }));
    others?.disconnectSockets(true);
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

  /**
   * Sends to every connected device of these users (optionally one device only), on every node.
   * Returns how many of this node's sockets it went to.
   */
  sendToUsers(userIds: Iterable<number>, json: MessageJson, deviceId?: string): number {
    let sent = 0;
    const rooms: string[] = [];
    for (const userId of userIds) {
      rooms.push(deviceId === undefined ? userRoom(userId) : deviceRoom(userId, deviceId));
      for (const device of this.sockets.get(userId)?.keys() ?? []) {
        if (deviceId === undefined || device === deviceId) sent++;
      }
    }
    if (rooms.length > 0) this.nsp?.to(rooms).emit(MESSAGE_EVENT, envelope(json));
    return sent;
  }

  isConnected(userId: number): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }
}
