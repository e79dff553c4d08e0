/**
 * The `/room` socket as a RoomClient test drives it, in place of `room-client/signaling`'s
 * Signaling: `notify` plays a server notification; every one made is in `sockets`.
 */
import type { RoomNotification } from '@meet/shared';
import { Emitter } from '../room-client/emitter';
import type { SignalingEvents } from '../room-client/signaling';

export const sockets: FakeSignaling[] = [];

export class FakeSignaling extends Emitter<SignalingEvents> {
  connected = false;
  constructor() {
    super();
    sockets.push(this);
  }
  connect() {}
  request() {
    return Promise.reject(new Error('not in this test'));
  }
  close() {}
  notify(n: RoomNotification) {
    this.emit('notification', n);
  }
}
