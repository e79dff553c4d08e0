/**
 * The link from one Magic Cam session to the streaming image-to-image server (MAGIC_CAM_URL):
 * a WebSocket speaking protocol/magic-stream.ts's upstream part. Camera frames go up only when
 * they are big enough to be a real picture and fewer than MAX_IN_FLIGHT are waiting for their
 * stylised answer (others are dropped, never queued); stylised frames come out as `frame`
 * events. It closes with a reason when the server is not ready in time, refuses, goes silent
 * while frames are waiting, or goes away.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAGIC_MIN_FRAME_BYTES,
  upstreamEvent,
  type MagicCloseReason,
  type UpstreamRequest,
} from '@meet/shared';

/** Frames sent and not yet answered; beyond this a new frame is dropped. */
export const MAX_IN_FLIGHT = 2;

export interface UpstreamRelayEvents {
  frame: [jpeg: Buffer];
  closed: [reason: MagicCloseReason];
}

export interface UpstreamSettings {
  url: string;
  readyTimeoutMs: number;
  frameTimeoutMs: number;
}

export class UpstreamRelay extends EventEmitter<UpstreamRelayEvents> {
  private socket: WebSocket | undefined;
  private ready = false;
  private done = false;
  private inFlight = 0;
  /** Since when a sent frame has waited for an answer (undefined: nothing is waiting). */
  private waitingSince: number | undefined;
  private watchdog: NodeJS.Timeout | undefined;

  constructor(
    private readonly settings: UpstreamSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  /**
   * Connects and sends `start`; resolves undefined once the server is ready, or the reason it
   * is not (then the link is closed and no `closed` event follows).
   */
  open(start: Extract<UpstreamRequest, { type: 'start' }>): Promise<MagicCloseReason | undefined> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (reason: MagicCloseReason | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (reason) this.shut();
        else this.startWatchdog();
        resolve(reason);
      };
      const timer = setTimeout(() => settle('timeout'), this.settings.readyTimeoutMs);
      let socket: WebSocket;
      try {
        socket = new WebSocket(this.settings.url);
      } catch (error) {
        this.log.warn({ err: error }, 'the magic stream server address is not usable');
        settle('sysError');
        return;
      }
      this.socket = socket;
      socket.binaryType = 'arraybuffer';
      socket.addEventListener('open', () => this.send(start));
      socket.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') {
          if (this.ready) this.received(Buffer.from(event.data as ArrayBuffer));
          return;
        }
        const parsed = parseEvent(event.data);
        if (!parsed) {
          this.log.warn('the magic stream server sent a message it should not');
          return;
        }
        if (parsed.type === 'ready') {
          this.ready = true;
          settle(undefined);
        } else if (!settled) {
          settle(parsed.reason);
        } else {
          this.fail(parsed.reason);
        }
      });
      socket.addEventListener('error', () => undefined);
      socket.addEventListener('close', () => {
        if (!settled) settle('sysError');
        else this.fail('sysError');
      });
    });
  }

  /** A camera frame: forwarded when it may be, else dropped. True when it went up. */
  handleFrame(jpeg: Buffer): boolean {
    if (!this.ready || this.done || jpeg.length <= MAGIC_MIN_FRAME_BYTES) return false;
    if (this.inFlight >= MAX_IN_FLIGHT) return false;
    this.inFlight += 1;
    this.waitingSince ??= Date.now();
    this.socket?.send(jpeg);
    return true;
  }

  handlePrompt(prompt: string): void {
    if (this.ready && !this.done) this.send({ type: 'prompt', prompt });
  }

  /** Ends the link (telling the server to stop); no `closed` event. Safe to call twice. */
  close(): void {
    if (this.done) return;
    if (this.ready) this.send({ type: 'stop' });
    this.shut();
  }

  private received(jpeg: Buffer): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.waitingSince = this.inFlight > 0 ? Date.now() : undefined;
    this.emit('frame', jpeg);
  }

  private send(message: UpstreamRequest): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private startWatchdog(): void {
    const every = Math.max(20, Math.min(1000, this.settings.frameTimeoutMs / 4));
    this.watchdog = setInterval(() => {
      if (
        this.waitingSince !== undefined &&
        Date.now() - this.waitingSince > this.settings.frameTimeoutMs
      ) {
        this.fail('timeout');
      }
    }, every);
    this.watchdog.unref();
  }

  private fail(reason: MagicCloseReason): void {
    if (this.done) return;
    this.shut();
    this.emit('closed', reason);
  }

  private shut(): void {
    this.done = true;
    clearInterval(this.watchdog);
    const socket = this.socket;
    if (socket && socket.readyState !== WebSocket.CLOSED) socket.close();
  }
}

function parseEvent(text: string) {
  try {
    const parsed = upstreamEvent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
