import { describe, expect, test } from 'vitest';
import type { SubtitleMessage } from '../api/captions.js';
import {
  addCaption,
  CAPTION_LINE_MS,
  expireCaptions,
  NO_CAPTIONS,
  TRANSLATED_LINE_MS,
  type CaptionLines,
} from './caption-lines.js';

/** A subtitle message: `p` partial, `f` final, `t` a final translation into Chinese. */
function msg(kind: 'p' | 'f' | 't', id: string, srcText: string, scode = 'a'): SubtitleMessage {
  return {
    id,
    scode,
    sname: `name ${scode}`,
    type: kind === 'p' ? 'asr_realtime' : kind === 'f' ? 'asr_final' : 'translate_result_final',
    status: kind === 'p' ? 'processing' : 'final',
    srcText,
    dstText: kind === 't' ? `译:${srcText}` : '',
    srcLanguage: 'en',
    dstLanguage: kind === 't' ? 'zh' : '',
    startTime: 0,
    endTime: 0,
  };
}

/** One step: a message at a time, or the clean-up at a time. */
type Step = [at: number, message: SubtitleMessage] | [at: number, 'expire'];

/** What shows: `id:text` with `*` for a final line, then `| queued ids`. */
function view(lines: CaptionLines): string {
  const shown = lines.active.map((l) => `${l.id}:${l.text}${l.final ? '*' : ''}`).join(' ');
  return lines.queue.length ? `${shown} | ${lines.queue.map((l) => l.id).join(' ')}` : shown;
}

function run(steps: Step[], interpretingSelf?: string): CaptionLines {
  return steps.reduce<CaptionLines>(
    (lines, [at, step]) =>
      step === 'expire'
        ? expireCaptions(lines, at)
        : addCaption(lines, step, at, { interpretingSelf }),
    NO_CAPTIONS,
  );
}

describe('caption lines: partials, finals, two on screen and a queue', () => {
  test.each<[string, Step[], string]>([
    ['a partial shows at once', [[0, msg('p', '1', 'hel')]], '1:hel'],
    [
      'later partials and the final of the same id replace the line in place',
      [
        [0, msg('p', '1', 'hel')],
        [100, msg('p', '1', 'hello wor')],
        [200, msg('f', '1', 'Hello world.')],
      ],
      '1:Hello world.*',
    ],
    [
      'a partial arriving after its final is ignored',
      [
        [0, msg('f', '1', 'Hello.')],
        [10, msg('p', '1', 'hel')],
      ],
      '1:Hello.*',
    ],
    [
      'a final with empty text removes the pending line',
      [
        [0, msg('p', '1', 'uh')],
        [50, msg('f', '1', '')],
      ],
      '',
    ],
    ['an empty partial shows nothing', [[0, msg('p', '1', '  ')]], ''],
    [
      'a third speaker waits in the queue',
      [
        [0, msg('p', '1', 'one', 'a')],
        [0, msg('p', '2', 'two', 'b')],
        [0, msg('p', '3', 'three', 'c')],
      ],
      '1:one 2:two | 3',
    ],
    [
      'a queued line is updated where it waits',
      [
        [0, msg('p', '1', 'one')],
        [0, msg('p', '2', 'two')],
        [0, msg('p', '3', 'thr')],
        [10, msg('f', '3', 'three')],
      ],
      '1:one 2:two | 3',
    ],
    [
      'an empty final frees a place and the queue moves up',
      [
        [0, msg('p', '1', 'one')],
        [0, msg('p', '2', 'two')],
        [0, msg('p', '3', 'three')],
        [10, msg('f', '1', '')],
      ],
      '2:two 3:three',
    ],
    [
      'an empty final of a queued line takes it out of the queue',
      [
        [0, msg('p', '1', 'one')],
        [0, msg('p', '2', 'two')],
        [0, msg('p', '3', 'thr')],
        [10, msg('f', '3', '')],
      ],
      '1:one 2:two',
    ],
    [
      'a reader with a translation language reads the translation',
      [
        [0, msg('p', '1', 'hel')],
        [100, msg('t', '1', 'Hello')],
      ],
      '1:译:Hello*',
    ],
  ])('%s', (_name, steps, expected) => {
    expect(view(run(steps))).toBe(expected);
  });

  test('a translation keeps the words as spoken as its smaller original', () => {
    const [line] = run([[0, msg('t', '1', 'Hello')]]).active;
    expect(line).toMatchObject({ text: '译:Hello', original: 'Hello', translated: true });
    const [spoken] = run([[0, msg('f', '1', 'Hello')]]).active;
    expect(spoken).toMatchObject({ text: 'Hello', original: '', translated: false });
  });

  test.each<[string, string | undefined, string]>([
    ['while I interpret, translations of my own words are not shown to me', 'me', '1:mine*'],
    ['others still read them', undefined, '1:译:mine*'],
  ])('%s', (_name, interpretingSelf, expected) => {
    const steps: Step[] = [
      [0, msg('f', '1', 'mine', 'me')],
      [10, msg('t', '1', 'mine', 'me')],
    ];
    expect(view(run(steps, interpretingSelf))).toBe(expected);
  });
});

describe('caption lines: the clean-up (6 s, 15 s for translations)', () => {
  const L = CAPTION_LINE_MS;
  const T = TRANSLATED_LINE_MS;
  test.each<[string, Step[], string]>([
    [
      'a line stays until 6 s after its last change',
      [
        [0, msg('f', '1', 'one')],
        [L - 1, 'expire'],
      ],
      '1:one*',
    ],
    [
      'and goes at 6 s',
      [
        [0, msg('f', '1', 'one')],
        [L, 'expire'],
      ],
      '',
    ],
    [
      'an update restarts its time',
      [
        [0, msg('p', '1', 'on')],
        [4000, msg('f', '1', 'one')],
        [L + 1000, 'expire'],
      ],
      '1:one*',
    ],
    [
      'a translation stays 15 s',
      [
        [0, msg('t', '1', 'one')],
        [L, 'expire'],
        [T - 1, 'expire'],
      ],
      '1:译:one*',
    ],
    [
      'and goes then',
      [
        [0, msg('t', '1', 'one')],
        [T, 'expire'],
      ],
      '',
    ],
    [
      'a partial whose final never came goes too',
      [
        [0, msg('p', '1', 'on')],
        [L, 'expire'],
      ],
      '',
    ],
    [
      'the queue moves up when lines expire, and its time starts on screen',
      [
        [0, msg('f', '1', 'one')],
        [1000, msg('f', '2', 'two')],
        [2000, msg('f', '3', 'three')],
        [L, 'expire'],
        [L + 5000, 'expire'],
      ],
      '3:three*',
    ],
    [
      'a queued line older than its lifetime is dropped unseen',
      [
        [0, msg('p', '1', 'one')],
        [0, msg('p', '2', 'two')],
        [0, msg('f', '3', 'three')],
        [3000, msg('p', '1', 'one more')],
        [3000, msg('p', '2', 'two more')],
        [L, 'expire'],
      ],
      '1:one more 2:two more',
    ],
  ])('%s', (_name, steps, expected) => {
    expect(view(run(steps))).toBe(expected);
  });

  test('nothing expired gives the same object back (no re-render)', () => {
    const lines = run([[0, msg('f', '1', 'one')]]);
    expect(expireCaptions(lines, 10)).toBe(lines);
  });
});

describe('late and unrecognised speech (issue 31)', () => {
  const delayed = (id: string): SubtitleMessage => ({ ...msg('p', id, ''), delayed: true });
  const unrecognized = (id: string): SubtitleMessage => ({
    ...msg('f', id, ''),
    recognized: false,
  });

  test('a late utterance shows as a pending line marked delayed, then its text replaces it', () => {
    let lines = addCaption(NO_CAPTIONS, delayed('u1'), 0);
    expect(lines.active).toMatchObject([{ id: 'u1', text: '', final: false, delayed: true }]);
    // A partial that comes later keeps the mark; the final clears it.
    lines = addCaption(lines, msg('p', 'u1', 'hello'), 10);
    expect(lines.active).toMatchObject([{ text: 'hello', delayed: true }]);
    lines = addCaption(lines, msg('f', 'u1', 'hello there'), 20);
    expect(lines.active[0]).toMatchObject({ text: 'hello there', final: true });
    expect(lines.active[0]!.delayed).toBeUndefined();
    // A delayed notice after the final changes nothing.
    expect(addCaption(lines, delayed('u1'), 30)).toBe(lines);
  });

  test('a partial line that becomes late keeps its words', () => {
    const lines = addCaption(addCaption(NO_CAPTIONS, msg('p', 'u1', 'so we'), 0), delayed('u1'), 5);
    expect(lines.active).toMatchObject([{ id: 'u1', text: 'so we', delayed: true }]);
  });

  test('speech that could not be recognised stays as a final line marked so, not removed', () => {
    let lines = addCaption(NO_CAPTIONS, delayed('u1'), 0);
    lines = addCaption(lines, unrecognized('u1'), 10);
    expect(lines.active).toMatchObject([{ id: 'u1', text: '', final: true, unrecognized: true }]);
    // Without a pending line it still shows.
    expect(addCaption(NO_CAPTIONS, unrecognized('u2'), 0).active).toMatchObject([
      { id: 'u2', unrecognized: true },
    ]);
    // An empty final that was recognised (no words) still takes the pending line away.
    expect(addCaption(addCaption(NO_CAPTIONS, delayed('u3'), 0), msg('f', 'u3', ''), 5)).toEqual(
      NO_CAPTIONS,
    );
  });
});
