/**
 * Captions, translation and interpretation as the room shows them: serializable facts only.
 * RoomClient events reach it through captions-binding.ts, call answers through
 * useCaptionActions; components read it with `useCaptions` (CaptionsContext.tsx). The store
 * owns the 5 s clean-up timer of the caption lines.
 *
 * Shape:
 *   meeting        CaptionState of the meeting (asrStatus, locked, translateAllowed, engines,
 *                  stopped), null before the join answer
 *   speech         my own MySpeech (captionsOn, speakLanguage, captionLanguage, interpretOn,
 *                  interpretTarget, interpretTone, listenLanguage), null before the join answer
 *   lines          { active, queue } of CaptionLine (packages/shared domain/caption-lines.ts):
 *                  at most 2 on screen, empty whenever captions are not shown to me
 *   interpreting   peer ids whose interpreted speech plays for me now (their voices ducked)
 *   originalVolume 0–1, the volume of a voice while its interpretation plays (default 0.2)
 *   outOfPoints    AI features a call was refused for with 4038 (cleared by the next success)
 */
import {
  addCaption,
  CAPTION_CLEANUP_MS,
  expireCaptions,
  NO_CAPTIONS,
  type AiFeature,
  type CaptionLines,
  type CaptionState,
  type MySpeech,
  type SubtitleMessage,
} from '@meet/shared';
import { DEFAULT_ORIGINAL_VOLUME, clampVolume } from './original-volume';

export interface CaptionsState {
  meeting: CaptionState | null;
  speech: MySpeech | null;
  lines: CaptionLines;
  interpreting: readonly string[];
  originalVolume: number;
  outOfPoints: readonly AiFeature[];
}

export type CaptionsAction =
  | { type: 'meeting'; state: CaptionState }
  | { type: 'speech'; speech: MySpeech }
  /** A subtitle message at `now`; `me` is my peer id (my own translated lines may be skipped). */
  | { type: 'caption'; message: SubtitleMessage; now: number; me: string | null }
  | { type: 'expire'; now: number }
  | { type: 'interpreting'; peerIds: readonly string[] }
  | { type: 'originalVolume'; volume: number }
  | { type: 'outOfPoints'; feature: AiFeature }
  /** A call for this feature went through: the credits are there again. */
  | { type: 'pointsOk'; feature: AiFeature };

export function initialCaptionsState(originalVolume = DEFAULT_ORIGINAL_VOLUME): CaptionsState {
  return {
    meeting: null,
    speech: null,
    lines: NO_CAPTIONS,
    interpreting: [],
    originalVolume: clampVolume(originalVolume),
    outOfPoints: [],
  };
}

/** Captions run in the meeting and I have them on. */
export function captionsShown(state: Pick<CaptionsState, 'meeting' | 'speech'>): boolean {
  return state.meeting?.asrStatus === 1 && !!state.speech?.captionsOn;
}

/** Features stopped for lack of the creator's AI credits, by the meeting or a refused call. */
export function stoppedFeatures(state: CaptionsState): AiFeature[] {
  const all = new Set<AiFeature>([...(state.meeting?.stopped ?? []), ...state.outOfPoints]);
  return (['translate', 'interpret'] as const).filter((f) => all.has(f));
}

/** Lines go when captions stop showing, so turning them on again starts clean. */
function keepLines(state: CaptionsState): CaptionsState {
  return captionsShown(state) || state.lines === NO_CAPTIONS
    ? state
    : { ...state, lines: NO_CAPTIONS };
}

export function captionsReducer(state: CaptionsState, action: CaptionsAction): CaptionsState {
  switch (action.type) {
    case 'meeting':
      return keepLines({ ...state, meeting: action.state });
    case 'speech':
      return keepLines({ ...state, speech: action.speech });
    case 'caption': {
      if (!captionsShown(state)) return state;
      const lines = addCaption(state.lines, action.message, action.now, {
        interpretingSelf: state.speech?.interpretOn ? action.me : null,
      });
      return lines === state.lines ? state : { ...state, lines };
    }
    case 'expire': {
      const lines = expireCaptions(state.lines, action.now);
      return lines === state.lines ? state : { ...state, lines };
    }
    case 'interpreting':
      return { ...state, interpreting: action.peerIds };
    case 'originalVolume': {
      const volume = clampVolume(action.volume);
      return volume === state.originalVolume ? state : { ...state, originalVolume: volume };
    }
    case 'outOfPoints':
      return state.outOfPoints.includes(action.feature)
        ? state
        : { ...state, outOfPoints: [...state.outOfPoints, action.feature] };
    case 'pointsOk':
      return state.outOfPoints.includes(action.feature)
        ? { ...state, outOfPoints: state.outOfPoints.filter((f) => f !== action.feature) }
        : state;
  }
}

export interface CaptionsStore {
  getState(): CaptionsState;
  dispatch(action: CaptionsAction): void;
  subscribe(listener: () => void): () => void;
  /** Stops the clean-up timer. */
  dispose(): void;
}

/** A tiny external store; the clean-up timer runs only while there are lines. */
export function createCaptionsStore(
  initial: CaptionsState = initialCaptionsState(),
  now: () => number = Date.now,
): CaptionsStore {
  let state = initial;
  const listeners = new Set<() => void>();
  let cleanup: ReturnType<typeof setInterval> | undefined;

  const follow = () => {
    const any = state.lines.active.length > 0 || state.lines.queue.length > 0;
    if (any && !cleanup)
      cleanup = setInterval(() => dispatch({ type: 'expire', now: now() }), CAPTION_CLEANUP_MS);
    else if (!any && cleanup) {
      clearInterval(cleanup);
      cleanup = undefined;
    }
  };

  const dispatch = (action: CaptionsAction) => {
    const next = captionsReducer(state, action);
    if (next === state) return;
    state = next;
    follow();
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      clearInterval(cleanup);
      cleanup = undefined;
      listeners.clear();
    },
  };
}
