/** A stand-in for a socket.io client socket, driven by tests (connect, drop, server pushes). */
import { MESSAGE_EVENT, type MessageAuth, type MessageJson } from '@meet/shared';
import type { MessageSocketLike } from './message-socket';
import { parseServerEnvelope } from './server-envelope';

type Listener = (...args: never[]) => void;

export class FakeSocket implements MessageSocketLike {
  connected = false;
  reconnectionEnabled = true;
  readonly sent: unknown[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  private readonly managerListeners = new Map<string, Listener[]>();

  constructor(readonly auth: MessageAuth) {}

  /** Pushes are read as the real socket reads them. */
  read(raw: unknown) {
    return parseServerEnvelope(raw);
  }

  readonly io = {
    on: (event: string, listener: Listener) => {
      this.managerListeners.set(event, [...(this.managerListeners.get(event) ?? []), listener]);
      return this.io;
    },
    reconnection: (value: boolean) => {
      this.reconnectionEnabled = value;
      return this.io;
    },
  };

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    if (event === MESSAGE_EVENT) this.sent.push(args[0]);
    return this;
  }

  disconnect() {
    if (!this.connected) return this;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** The connection (or a reconnection) succeeds. */
  serverConnect() {
    this.connected = true;
    this.fire('connect');
  }

  /** The network drops; socket.io would now try to reconnect. */
  drop(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** The server refuses the handshake with this reply code (its `connect_error`). */
  refuse(code: number) {
    this.connected = false;
    this.fire('connect_error', Object.assign(new Error('refused'), { data: { code } }));
  }

  push(messageJson: MessageJson | Record<string, unknown>, msgId = 'server-1') {
    this.fire(MESSAGE_EVENT, { msgId, messageJson });
  }

  reconnectFailed() {
    for (const listener of this.managerListeners.get('reconnect_failed') ?? [])
      (listener as () => void)();
  }

  /** The `messageJson` of everything the client sent, oldest first. */
  sentJson(): unknown[] {
    return this.sent.map((envelope) => (envelope as { messageJson: unknown }).messageJson);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args);
  }
}
