/**
 * Magic Cam (SPEC.md sections 1, 4, 7, 8): the controller the UI uses, in a meeting or outside
 * one. `start` opens a metered session (getToken names the engine), starts it on the `/magic`
 * socket and puts the magic stage into the camera's effects; `status` goes 0 → 1 → 2 with the
 * first stylised frame, `charged` tells each minute paid, and `closed` why it stopped. Input
 * through methods, output as typed events; it holds the effects it styles, never its owner.
 */
import {
  MAGIC_FRAME_TIMEOUT_MS,
  MAGIC_STATUS,
  parseMagicPrompt,
  type MagicCloseReason,
  type MagicEngine,
  type MagicLook,
  type MagicStatus,
  type MagicToken,
} from '@meet/shared';
import { Emitter } from '../emitter';
import { MagicRefusal } from './magic-refusal';
import { MagicSession, magicUrl } from './magic-session';
import type { MagicMode } from './magic-stage';
import { MagicStream } from './magic-stream';
import type { VideoEffects } from '../effects/video-effects';

export interface MagicCamDeps {
  /** Opens a metered session: magicApi.getToken(conferenceUri) in a meeting, magicApi.getHomePageToken() elsewhere. */
  getToken: () => Promise<MagicToken>;
  /** The origin of the /magic socket and stream (the meeting's media node in a room; same origin elsewhere). */
  serverUrl?: string;
}

export interface MagicCamEvents {
  status: [status: MagicStatus];
  closed: [reason: MagicCloseReason];
  charged: [event: { minutes: number; balance: number }];
}

/** How often the watchdog looks for a stalled picture. */
const WATCHDOG_MS = 1000;
/**
 * A broken stylised stream is reported this much later, so that when the server closed the
 * session (and so the stream) its own reason, which comes on the socket, is the one shown.
 */
const STREAM_FAILURE_GRACE_MS = 500;

export class MagicCam extends Emitter<MagicCamEvents> {
  private currentStatus: MagicStatus = MAGIC_STATUS.off;
  private currentEngine: MagicEngine | null = null;
  private currentPrompt: string | null = null;
  private currentBalance: number | null = null;
  private perMinute: number | null = null;
  private session: MagicSession | undefined;
  private stream: MagicStream | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private lastFrameAt = 0;
  /** Which start the async work belongs to: a stop or a newer start makes older work void. */
  private run = 0;
  private starting = false;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly effects: VideoEffects,
    private readonly deps: MagicCamDeps,
  ) {
    super();
    this.unsubscribe = [
      effects.on('failed', (stage) => {
        if (stage === 'magic') void this.finish('sysError');
      }),
      // A background was chosen or the camera went off: Magic Cam stops as if the user had.
      effects.on('ended', (stage) => {
        if (stage === 'magic') void this.finish('stop');
      }),
    ];
  }

  get status(): MagicStatus {
    return this.currentStatus;
  }
  get engine(): MagicEngine | null {
    return this.currentEngine;
  }
  get prompt(): string | null {
    return this.currentPrompt;
  }
  /** AI credits left, as the token and the latest charge said (null before the first start). */
  get balance(): number | null {
    return this.currentBalance;
  }
  get creditsPerMinute(): number | null {
    return this.perMinute;
  }

  /**
   * Rejects (charging nothing) when the prompt has no look the in-browser engine knows (a
   * MagicRefusal 'magicPromptUnknown'), the camera is off ('magicNoCamera'), this browser cannot
   * run the camera's effects ('magicUnavailable': no WebGL2, so nothing styled would be shown)
   * or getToken refuses (ApiError 4038 magicOutOfPoints). Anything after that arrives as `closed`.
   */
  async start(prompt: string): Promise<void> {
    if (this.currentStatus !== MAGIC_STATUS.off) return this.setPrompt(prompt);
    if (!this.effects.supported) throw new MagicRefusal('magicUnavailable');
    const text = prompt.trim();
    const size = this.effects.size;
    if (!size) throw new MagicRefusal('magicNoCamera');
    const run = ++this.run;
    this.starting = true;
    let token: MagicToken;
    try {
      token = await this.deps.getToken();
    } finally {
      if (run === this.run) this.starting = false;
    }
    if (run !== this.run) return;
    this.currentEngine = token.engine;
    this.currentBalance = token.balance;
    this.perMinute = token.creditsPerMinute;
    const look = parseMagicPrompt(text);
    if (token.engine === 'webgl' && !look) throw new MagicRefusal('magicPromptUnknown');
    this.currentPrompt = text;
    this.setStatus(MAGIC_STATUS.launching);

    const session = new MagicSession(token.token, this.deps.serverUrl);
    this.session = session;
    session.on('charged', (event) => {
      this.currentBalance = event.balance;
      this.emit('charged', event);
    });
    session.on('closed', (reason) => void this.finish(reason));
    const stream = token.engine === 'stream';
    const ack = await session.start({ prompt: text, ...(stream ? size : {}) });
    if (run !== this.run) return;
    if (!ack.ok) return this.finish(ack.reason);
    this.currentBalance = ack.balance;
    this.lastFrameAt = performance.now();
    this.watchdog = setInterval(() => this.checkFrames(run), WATCHDOG_MS);
    await this.effects.setMagic(
      stream ? this.streamMode(run, token.token, size) : this.glMode(run, look!),
    );
  }

  /** A new prompt for the running session (off: starts it); refused like `start`. */
  async setPrompt(prompt: string): Promise<void> {
    if (this.currentStatus === MAGIC_STATUS.off) return this.start(prompt);
    const text = prompt.trim();
    const look = parseMagicPrompt(text);
    if (this.currentEngine === 'webgl' && !look) throw new MagicRefusal('magicPromptUnknown');
    const run = this.run;
    const ack = await this.session!.setPrompt(text);
    if (run !== this.run) return;
    if (!ack.ok) return this.finish(ack.reason);
    this.currentPrompt = text;
    if (this.currentEngine === 'webgl') await this.effects.setMagic(this.glMode(run, look!));
  }

  /** The user stops: nothing more is charged. */
  async stop(): Promise<void> {
    if (this.starting) {
      // The token is still being fetched: that start is dropped.
      this.run += 1;
      this.starting = false;
      return;
    }
    await this.finish('stop');
  }

  close(): void {
    this.run += 1;
    clearInterval(this.watchdog);
    this.session?.close();
    this.session = undefined;
    this.stream?.close();
    this.stream = undefined;
    if (this.currentStatus !== MAGIC_STATUS.off) void this.effects.setMagic(null);
    this.currentStatus = MAGIC_STATUS.off;
    this.unsubscribe.forEach((off) => off());
    this.removeAllListeners();
  }

  private glMode(run: number, look: MagicLook): MagicMode {
    return { engine: 'webgl', look, onFrame: () => this.framed(run) };
  }

  private streamMode(
    run: number,
    token: string,
    size: { width: number; height: number },
  ): MagicMode {
    const session = this.session!;
    const stream = new MagicStream({
      url: magicUrl(this.deps.serverUrl, `/api/magic/stream?token=${encodeURIComponent(token)}`),
      ...size,
      send: (jpeg) => session.sendFrame(jpeg),
    });
    this.stream = stream;
    stream.on('failed', (reason) => {
      setTimeout(() => {
        if (run === this.run) void this.finish(reason);
      }, STREAM_FAILURE_GRACE_MS);
    });
    stream.start();
    return { engine: 'stream', frames: stream, onFrame: () => this.framed(run) };
  }

  /** A stylised frame went out: the first one moves launching to streaming. */
  private framed(run: number): void {
    if (run !== this.run) return;
    this.lastFrameAt = performance.now();
    if (this.currentStatus === MAGIC_STATUS.launching) this.setStatus(MAGIC_STATUS.streaming);
  }

  private checkFrames(run: number): void {
    if (run !== this.run) return;
    if (performance.now() - this.lastFrameAt > MAGIC_FRAME_TIMEOUT_MS) void this.finish('timeout');
  }

  /** Ends the running session: the stage goes, the server is told (a stop) or left. */
  private async finish(reason: MagicCloseReason): Promise<void> {
    if (this.currentStatus === MAGIC_STATUS.off) return;
    this.run += 1;
    clearInterval(this.watchdog);
    const { session, stream } = this;
    this.session = undefined;
    this.stream = undefined;
    stream?.close();
    this.setStatus(MAGIC_STATUS.off);
    this.emit('closed', reason);
    await Promise.all([
      this.effects.setMagic(null),
      reason === 'stop' ? session?.stop() : session?.close(),
    ]);
  }

  private setStatus(status: MagicStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.emit('status', status);
  }
}
