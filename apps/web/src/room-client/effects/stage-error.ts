/**
 * Which of the camera's effects failed (video-pipeline.ts throws, video-effects.ts turns that one
 * off): a module of its own so the pipeline's code can be fetched only when an effect is on.
 */
export type EffectStage = 'background' | 'beauty' | 'avatar' | 'magic';

/** A failure of one stage: that effect is turned off, the other may go on. */
export class StageError extends Error {
  constructor(
    readonly stage: EffectStage,
    cause: unknown,
  ) {
    super(`${stage} effect failed`, { cause });
  }
}

/** Runs one stage's work; what it throws is that stage's failure. */
export async function inStage<T>(stage: EffectStage, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StageError ? error : new StageError(stage, error);
  }
}
