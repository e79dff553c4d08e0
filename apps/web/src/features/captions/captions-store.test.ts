import { afterEach, describe, expect, test, vi } from 'vitest';
import { CAPTION_CLEANUP_MS, CAPTION_LINE_MS } from '@meet/shared';
import { captionState, mySpeech, subtitle } from './captions-fixtures';
import {
  captionsReducer,
  captionsShown,
  createCaptionsStore,
  initialCaptionsState,
  stoppedFeatures,
  type CaptionsAction,
} from './captions-store';

afterEach(() => {
  vi.useRealTimers();
});

const run = (actions: CaptionsAction[], state = initialCaptionsState()) =>
  actions.reduce(captionsReducer, state);

const on: CaptionsAction[] = [
  { type: 'meeting', state: captionState() },
  { type: 'speech', speech: mySpeech() },
];

describe('captions store', () => {
  test.each([
    ['meeting on, mine on', 1, true, true],
    ['meeting off', 0, true, false],
    ['mine off', 1, false, false],
  ])('%s: captions shown = %s', (_name, asrStatus, captionsOn, shown) => {
    const s = run([
      { type: 'meeting', state: captionState({ asrStatus }) },
      { type: 'speech', speech: mySpeech({ captionsOn }) },
    ]);
    expect(captionsShown(s)).toBe(shown);
  });

  test('lines arrive only while captions are shown, and go when they stop showing', () => {
    const hidden = run([
      { type: 'meeting', state: captionState({ asrStatus: 0 }) },
      { type: 'caption', message: subtitle(), now: 0, me: '1' },
    ]);
    expect(hidden.lines.active).toHaveLength(0);
    const shown = run([...on, { type: 'caption', message: subtitle(), now: 0, me: '1' }]);
    expect(shown.lines.active.map((l) => l.text)).toEqual(['hello']);
    const off = run([{ type: 'speech', speech: mySpeech({ captionsOn: false }) }], shown);
    expect(off.lines.active).toHaveLength(0);
  });

  test('while I interpret my speech, translated lines of my own words are skipped', () => {
    const mine = subtitle({
      scode: '1',
      type: 'translate_result_final',
      status: 'final',
      dstText: 'hola',
    });
    const interpreting = run([
      on[0]!,
      { type: 'speech', speech: mySpeech({ interpretOn: true }) },
      { type: 'caption', message: mine, now: 0, me: '1' },
    ]);
    expect(interpreting.lines.active).toHaveLength(0);
    const notInterpreting = run([...on, { type: 'caption', message: mine, now: 0, me: '1' }]);
    expect(notInterpreting.lines.active.map((l) => l.text)).toEqual(['hola']);
  });

  test('4038 marks a feature stopped until a call for it goes through; the meeting can too', () => {
    const s = run([...on, { type: 'outOfPoints', feature: 'translate' }]);
    expect(stoppedFeatures(s)).toEqual(['translate']);
    expect(stoppedFeatures(run([{ type: 'pointsOk', feature: 'translate' }], s))).toEqual([]);
    const meeting = run([{ type: 'meeting', state: captionState({ stopped: ['interpret'] }) }]);
    expect(stoppedFeatures(meeting)).toEqual(['interpret']);
  });

  test.each([
    [0.5, 0.5],
    [-1, 0],
    [3, 1],
    [Number.NaN, 0.2],
  ])('the original volume %s is kept as %s', (volume, kept) => {
    expect(run([{ type: 'originalVolume', volume }]).originalVolume).toBe(kept);
  });

  test('the clean-up runs every 5 s while there are lines, and stops when there are none', () => {
    vi.useFakeTimers();
    let now = 0;
    const store = createCaptionsStore(initialCaptionsState(), () => now);
    on.forEach(store.dispatch);
    store.dispatch({
      type: 'caption',
      message: subtitle({ status: 'final', type: 'asr_final' }),
      now,
      me: '1',
    });
    expect(vi.getTimerCount()).toBe(1);
    now = CAPTION_CLEANUP_MS;
    vi.advanceTimersByTime(CAPTION_CLEANUP_MS);
    expect(store.getState().lines.active).toHaveLength(1);
    now = 2 * CAPTION_CLEANUP_MS;
    vi.advanceTimersByTime(CAPTION_CLEANUP_MS);
    expect(now).toBeGreaterThanOrEqual(CAPTION_LINE_MS);
    expect(store.getState().lines.active).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    store.dispose();
  });
});
