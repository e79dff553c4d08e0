/**
 * The camera's effects (issue 15): the virtual background, the beauty filters and the avatar,
 * applied by one pipeline (video-pipeline.ts) between the raw camera and what is shown and sent.
 * While any is on, `output` is the pipeline's track, which the owner sends with replaceTrack, so
 * the others see it without a renegotiation; with all off it is the raw camera again. The avatar
 * replaces the whole picture, so while it is on the other effects are suspended (not run, since
 * nothing of them would show, but kept: they come back when the avatar goes); Magic Cam and the
 * avatar exclude each other, the later choice turning the other off. Magic Cam's stage
 * (magic-stage.ts, driven by magic-cam.ts) comes last; it and the background exclude each other.
 */
import { NO_BEAUTY, beautyIsOn, type AvatarId, type BeautifySetting } from '@meet/shared';
import { Emitter } from '../emitter';
import { videoEffectsSupported } from './effects-support';
import type { EffectMode } from './effect-mode';
import type { MagicMode } from '../magic/magic-stage';
import type { EffectStats } from './effect-stats';
import type { CameraPipeline } from './video-pipeline';
import { StageError, type EffectStage } from './stage-error';

export { effectModeOf, type EffectMode } from './effect-mode';
export type { EffectStage } from './stage-error';
export type { EffectStats } from './effect-stats';

/** The text (under `room.errors`) of each effect's failure (Magic Cam tells its own). */
export const EFFECT_FAILURES = {
  background: 'backgroundEffectsFailed',
  beauty: 'beautyEffectsFailed',
  avatar: 'avatarEffectsFailed',
} as const;

export interface VideoEffectsEvents {
  /**
   * `output` changed: a pipeline started (calls may have answered the raw track), or the last
   * effect went off and it is the raw camera again.
   */
  changed: [];
  /** One effect broke and was turned off; `output` is what is left (the raw camera, or the other). */
  failed: [stage: EffectStage];
  /**
   * An effect was turned off by another choice: Magic Cam when a background or an avatar is
   * chosen or the camera goes off (its owner ends the metered session); the avatar when Magic
   * Cam starts.
   */
  ended: [stage: EffectStage];
}

/**
 * Holds the raw track and, while an effect is on, the pipeline whose output replaces it.
 * `output` changes when a pipeline starts (`changed`) or fails (`failed`), so the owner reads it
 * after each call and on those events. Changes are applied one at a time, each to the latest
 * wish: a slider dragged through ten values while a model loads costs one reconfiguration.
 */
export class VideoEffects extends Emitter<VideoEffectsEvents> {
  private raw: MediaStreamTrack | null = null;
  private background: EffectMode | null = null;
  private beauty: BeautifySetting = NO_BEAUTY;
  private avatar: AvatarId | null = null;
  private magic: MagicMode | null = null;
  private pipeline: CameraPipeline | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  /** `canRun`: whether this browser can run the effects (effects-support.ts). */
  constructor(private readonly canRun: () => boolean = videoEffectsSupported) {
    super();
  }

  /** Whether the camera's effects can run in this browser; where not, none is applied. */
  get supported(): boolean {
    return this.canRun();
  }

  /** The track to send: the effects' output when one runs, else the raw camera. */
  get output(): MediaStreamTrack | null {
    return this.pipeline?.output ?? this.raw;
  }

  get stats(): EffectStats | undefined {
    return this.pipeline?.stats;
  }

  /** The camera's frame size, or null while there is no camera. */
  get size(): { width: number; height: number } | null {
    if (!this.raw) return null;
    const { width = 1280, height = 720 } = this.raw.getSettings();
    return { width, height };
  }

  /** A new raw camera track (or none); the old raw track is stopped. */
  input(raw: MediaStreamTrack | null): Promise<void> {
    if (raw === this.raw) return Promise.resolve();
    this.raw?.stop();
    this.raw = raw;
    if (!raw) this.endMagic();
    return this.reconcile();
  }

  /** Switches the virtual background (null: none); one turns Magic Cam off (SPEC.md section 4). */
  apply(mode: EffectMode | null): Promise<void> {
    this.background = mode;
    if (mode) this.endMagic();
    return this.reconcile();
  }

  /** Switches Magic Cam's stage (null: off); on, it turns the background off. */
  setMagic(mode: MagicMode | null): Promise<void> {
    this.magic = mode;
    if (mode) this.background = null;
    if (mode && this.avatar) {
      // Magic Cam styles the camera; a character over it would hide what is paid for.
      this.avatar = null;
      this.emit('ended', 'avatar');
    }
    return this.reconcile();
  }

  /** Switches the beauty filters (all rates zero: off). */
  setBeauty(setting: BeautifySetting): Promise<void> {
    this.beauty = setting;
    return this.reconcile();
  }

  /**
   * Shows a drawn character instead of the camera (null: the camera again). It turns Magic Cam
   * off, which would style a picture nobody sees while it is charged for.
   */
  setAvatar(id: AvatarId | null): Promise<void> {
    this.avatar = id;
    if (id) this.endMagic();
    return this.reconcile();
  }

  close(): void {
    this.closed = true;
    this.stopPipeline();
    this.raw?.stop();
    this.raw = null;
    this.removeAllListeners();
  }

  /** Queues bringing the pipeline in line with the latest wish; resolves when it has been. */
  private reconcile(): Promise<void> {
    const run = this.queue.then(() => this.update());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async update(): Promise<void> {
    const raw = this.raw;
    // Without WebGL2 an effect could only fail: a remembered one is not applied here (the
    // effects dialog says they are unavailable in this browser).
    if (this.closed || !raw || !this.anyOn() || !this.supported) {
      // The last effect went off: the raw camera is the output again.
      const shown = !this.closed && !!raw && this.pipeline?.raw === raw;
      this.stopPipeline();
      if (shown) this.emit('changed');
      return;
    }
    const config = this.avatar
      ? { background: null, beauty: NO_BEAUTY, avatar: this.avatar, magic: this.magic }
      : { background: this.background, beauty: this.beauty, avatar: null, magic: this.magic };
    const running = this.pipeline?.raw === raw ? this.pipeline : undefined;
    if (running) {
      await running.configure(config).catch((error: unknown) => this.fail(error));
      return;
    }
    this.stopPipeline();
    // The pipeline's code is fetched the first time an effect is on (most rooms never need it).
    let Pipeline: typeof CameraPipeline;
    try {
      ({ CameraPipeline: Pipeline } = await import('./video-pipeline'));
    } catch (error) {
      return this.fail(error);
    }
    if (this.closed || this.raw !== raw) return;
    const pipeline = new Pipeline(raw, (error) => {
      if (this.pipeline === pipeline) this.fail(error);
    });
    try {
      await pipeline.configure(config);
      await pipeline.start();
    } catch (error) {
      pipeline.stop();
      return this.fail(error);
    }
    this.pipeline = pipeline;
    this.emit('changed');
  }

  /** Turns the failed effect off and goes on with the other, if it is on. */
  private fail(error: unknown): void {
    const stage: EffectStage =
      error instanceof StageError
        ? error.stage
        : this.avatar
          ? 'avatar'
          : this.background
            ? 'background'
            : this.magic && !beautyIsOn(this.beauty)
              ? 'magic'
              : 'beauty';
    console.warn(`${stage} effect failed`, error instanceof StageError ? error.cause : error);
    if (stage === 'avatar') this.avatar = null;
    else if (stage === 'magic') this.magic = null;
    else if (stage === 'background') this.background = null;
    else this.beauty = NO_BEAUTY;
    this.stopPipeline();
    this.emit('failed', stage);
    if (this.anyOn()) void this.reconcile();
  }

  private anyOn(): boolean {
    return !!this.avatar || !!this.background || beautyIsOn(this.beauty) || !!this.magic;
  }

  private endMagic(): void {
    if (!this.magic) return;
    this.magic = null;
    this.emit('ended', 'magic');
  }

  private stopPipeline(): void {
    this.pipeline?.stop();
    this.pipeline = undefined;
  }
}
