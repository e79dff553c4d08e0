/**
 * The `/room` socket as a RoomClient test drives it, in place of `room-client/signaling`'s
 * Signaling: `notify` plays a server notification; every one made is in `sockets`.
 */
import type { RoomAuth, RoomNotification } from '@meet/shared';
import { Emitter } from '../room-client/emitter';
import type { SignalingEvents } from '../room-client/signaling';

export const sockets: FakeSignaling[] = [];

export class FakeSignaling extends Emitter<SignalingEvents> {
  connected = false;
  /** What the socket's handshake would carry. */
  auth: RoomAuth | undefined;
  constructor() {
    super();
    sockets.push(this);
  }
  connect(auth: RoomAuth) {
    this.auth = auth;
  }
  request() {
    return Promise.reject(new Error('not in this test'));
  }
  close() {}
  notify(n: RoomNotification) {
    this.emit('notification', n);
  }
}
