/**
 * One Magic Cam session while its socket is on this node: its running time is metered on the
 * app's clock. Credits pay only for a server-side engine's work (issue 31): with the stream
 * engine `start` charges the first minute and each minute that becomes due is charged to its
 * user (MAGIC_CREDITS_PER_MINUTE.stream) once — the ledger key names the session and the
 * minute, so a reconnect, a restart or another node never charges a minute twice; the in-browser
 * WebGL looks are metered (the session's time) but never charged. With the
 * stream engine it also holds the link to the streaming server and passes stylised frames on.
 * Input through `handle*`, output as events; every change runs one at a time.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAGIC_CHARGE_INTERVAL_MS,
  MAGIC_CREDITS_PER_MINUTE,
  MAGIC_FRAME_SHORT_SIDE,
  type MagicAck,
  type MagicCloseReason,
  type MagicStartRequest,
} from '@meet/shared';
import type { MagicConfig } from '../config/config.js';
import type { MagicSessionRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import type { CreditsRepository } from '../payments/credits-repository.js';
import type { SessionsRepository } from './sessions-repository.js';
import { UpstreamRelay } from './upstream-relay.js';

export interface MagicSessionEvents {
  charged: [event: { minutes: number; balance: number }];
  closed: [reason: MagicCloseReason];
  /** The socket went away: metering and the streaming link stop until it starts again. */
  paused: [];
  /** A stylised frame (stream engine). */
  frame: [jpeg: Buffer];
  /** Another socket with the same token took the session over. */
  replaced: [];
}

export interface MagicSessionDeps {
  sessions: SessionsRepository;
  credits: CreditsRepository;
  clock: Clock;
  config: MagicConfig;
  log: FastifyBaseLogger;
}

export class MagicSession extends EventEmitter<MagicSessionEvents> {
  readonly id: number;
  readonly userId: number;
  private meteredMs: number;
  private minutesPaid: number;
  private running = false;
  private lastTick = 0;
  private relay: UpstreamRelay | undefined;
  private endedWith: MagicCloseReason | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly row: MagicSessionRow,
    private readonly deps: MagicSessionDeps,
  ) {
    super();
    this.id = row.id;
    this.userId = row.userId;
    this.meteredMs = row.meteredMs;
    this.minutesPaid = row.minutesPaid;
    this.endedWith = (row.closeReason as MagicCloseReason | null) ?? undefined;
  }

  get engine() {
    return this.row.engine;
  }

  get ended(): boolean {
    return this.endedWith !== undefined;
  }

  /** Runs changes one after another (a tick never overlaps a start or a stop). */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  handleStart(request: MagicStartRequest): Promise<MagicAck> {
    return this.serial(async () => {
      if (this.endedWith) return { ok: false, reason: this.endedWith };
      if (this.running) {
        await this.setPrompt(request.prompt);
        return { ok: true, balance: await this.deps.credits.balance(this.userId) };
      }
      if (this.row.engine === 'stream') {
        const failed = await this.connect(request);
        if (failed) {
          await this.end(failed);
          return { ok: false, reason: failed };
        }
      }
      this.running = true;
      this.lastTick = this.deps.clock.now();
      await this.deps.sessions.running(this.id, request.prompt);
      if (!(await this.chargeDue())) return { ok: false, reason: 'outOfPoints' };
      return { ok: true, balance: await this.deps.credits.balance(this.userId) };
    });
  }

  handlePrompt(prompt: string): Promise<MagicAck> {
    return this.serial(async () => {
      if (this.endedWith) return { ok: false, reason: this.endedWith };
      await this.setPrompt(prompt);
      return { ok: true, balance: await this.deps.credits.balance(this.userId) };
    });
  }

  /** A camera frame (stream engine): up to the streaming server when it may go. */
  handleFrame(jpeg: Buffer): void {
    if (this.running) this.relay?.handleFrame(jpeg);
  }

  handleStop(): Promise<void> {
    return this.serial(() => this.end('stop'));
  }

  /** The socket went away: the time so far is counted, then nothing runs until a new start. */
  handlePause(): Promise<void> {
    return this.serial(async () => {
      if (this.endedWith) return;
      if (this.running) {
        this.count();
        this.running = false;
        await this.deps.sessions.saveMeter(this.id, this.meteredMs, this.minutesPaid);
      }
      this.relay?.close();
      this.relay = undefined;
      await this.deps.sessions.pause(this.id);
      this.emit('paused');
    });
  }

  /** Adds the time since the last tick and pays every minute now due. */
  tick(): Promise<void> {
    return this.serial(async () => {
      if (!this.running || this.endedWith) return;
      this.count();
      await this.deps.sessions.saveMeter(this.id, this.meteredMs, this.minutesPaid);
      await this.chargeDue();
    });
  }

  /** Ends it for a reason that is not the user's (a grace that ran out, a server stopping). */
  handleEnd(reason: MagicCloseReason): Promise<void> {
    return this.serial(() => this.end(reason));
  }

  /** Waits for what is under way (before the database goes away). */
  async settled(): Promise<void> {
    await this.queue;
  }

  private count(): void {
    const now = this.deps.clock.now();
    // A clock set back (never forward-only in tests) adds nothing rather than taking time off.
    this.meteredMs += Math.max(0, now - this.lastTick);
    this.lastTick = now;
  }

  /** Pays the minutes begun so far (the first at once); false when the credits ran out. */
  private async chargeDue(): Promise<boolean> {
    const { credits, sessions } = this.deps;
    const price = MAGIC_CREDITS_PER_MINUTE[this.row.engine === 'stream' ? 'stream' : 'webgl'];
    // Nothing on the server works for an in-browser session: there is nothing to pay for.
    if (price === 0) return true;
    const due = Math.floor(this.meteredMs / MAGIC_CHARGE_INTERVAL_MS) + 1;
    while (this.minutesPaid < due) {
      const outcome = await credits.charge({
        userId: this.userId,
        credits: price,
        reason: 'magicCam',
        ...(this.row.conferenceId !== null ? { conferenceId: this.row.conferenceId } : {}),
        minutes: 1,
        chargeKey: `magicCam:${this.id}:${this.minutesPaid}`,
      });
      if (outcome === 'insufficient') {
        await this.end('outOfPoints');
        return false;
      }
      this.minutesPaid += 1;
      await sessions.saveMeter(this.id, this.meteredMs, this.minutesPaid);
      if (outcome === 'charged') {
        this.emit('charged', {
          minutes: this.minutesPaid,
          balance: await credits.balance(this.userId),
        });
      }
    }
    return true;
  }

  private async setPrompt(prompt: string): Promise<void> {
    this.relay?.handlePrompt(prompt);
    await this.deps.sessions.setPrompt(this.id, prompt);
  }

  /** Opens the link to the streaming server; the reason it failed, if it did. */
  private async connect(request: MagicStartRequest): Promise<MagicCloseReason | undefined> {
    const { config, log } = this.deps;
    const relay = new UpstreamRelay(
      {
        url: config.camUrl!,
        readyTimeoutMs: config.readyTimeoutMs,
        frameTimeoutMs: config.frameTimeoutMs,
      },
      log,
    );
    const failed = await relay.open({
      type: 'start',
      prompt: request.prompt,
      width: request.width ?? MAGIC_FRAME_SHORT_SIDE,
      height: request.height ?? MAGIC_FRAME_SHORT_SIDE,
    });
    if (failed) return failed;
    relay.on('frame', (jpeg) => this.emit('frame', jpeg));
    relay.on('closed', (reason) => void this.handleEnd(reason).catch(() => undefined));
    this.relay = relay;
    return undefined;
  }

  private async end(reason: MagicCloseReason): Promise<void> {
    if (this.endedWith) return;
    if (this.running) this.count();
    this.running = false;
    this.endedWith = reason;
    this.relay?.close();
    this.relay = undefined;
    await this.deps.sessions.saveMeter(this.id, this.meteredMs, this.minutesPaid);
    await this.deps.sessions.end(this.id, reason);
    this.emit('closed', reason);
  }
}
