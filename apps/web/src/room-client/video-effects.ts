/**
 * The camera's effects (issue 15): the virtual background and the beauty filters, applied by one
 * pipeline (video-pipeline.ts) between the raw camera and what is shown and sent. While either is
 * on, `output` is the pipeline's track, which the owner sends with replaceTrack, so the others
 * see it without a renegotiation; with both off it is the raw camera again.
 */
import { NO_BEAUTY, beautyIsOn, type BeautifySetting } from '@meet/shared';
import { Emitter } from './emitter';
import { type EffectMode } from './background-stage';
import { CameraPipeline, StageError, type EffectStage, type EffectStats } from './video-pipeline';

export { effectModeOf, type EffectMode } from './background-stage';
export type { EffectStage, EffectStats } from './video-pipeline';

export interface VideoEffectsEvents {
  /** A pipeline started: `output` is its track now (calls may have answered the raw one). */
  changed: [];
  /** One effect broke and was turned off; `output` is what is left (the raw camera, or the other). */
  failed: [stage: EffectStage];
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
  private pipeline: CameraPipeline | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  /** The track to send: the effects' output when one runs, else the raw camera. */
  get output(): MediaStreamTrack | null {
    return this.pipeline?.output ?? this.raw;
  }

  get stats(): EffectStats | undefined {
    return this.pipeline?.stats;
  }

  /** A new raw camera track (or none); the old raw track is stopped. */
  input(raw: MediaStreamTrack | null): Promise<void> {
    if (raw === this.raw) return Promise.resolve();
    this.raw?.stop();
    this.raw = raw;
    return this.reconcile();
  }

  /** Switches the virtual background (null: none). */
  apply(mode: EffectMode | null): Promise<void> {
    this.background = mode;
    return this.reconcile();
  }

  /** Switches the beauty filters (all rates zero: off). */
  setBeauty(setting: BeautifySetting): Promise<void> {
    this.beauty = setting;
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
    if (this.closed || !raw || (!this.background && !beautyIsOn(this.beauty))) {
      this.stopPipeline();
      return;
    }
    const config = { background: this.background, beauty: this.beauty };
    const running = this.pipeline?.raw === raw ? this.pipeline : undefined;
    if (running) {
      await running.configure(config).catch((error: unknown) => this.fail(error));
      return;
    }
    this.stopPipeline();
    const pipeline = new CameraPipeline(raw, (error) => {
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
      error instanceof StageError ? error.stage : this.background ? 'background' : 'beauty';
    console.warn(`${stage} effect failed`, error instanceof StageError ? error.cause : error);
    if (stage === 'background') this.background = null;
    else this.beauty = NO_BEAUTY;
    this.stopPipeline();
    this.emit('failed', stage);
    if (this.background || beautyIsOn(this.beauty)) void this.reconcile();
  }

  private stopPipeline(): void {
    this.pipeline?.stop();
    this.pipeline = undefined;
  }
}
