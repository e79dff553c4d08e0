/**
 * The shape of the extractive minutes (issue 31) on transcripts as the product makes them
 * (speaker, time, text): the LibriVox clips' reference texts from Debian's pocketsphinx-testdata,
 * read by two readers with the hesitations and fragments a recognizer writes down, and a
 * ten-minute meeting dialogue written as espeak-ng would speak it. Key points scale with the
 * length of speech (one per two minutes, three at least), are never fragments or fillers, keep
 * who said them; chapter titles are the chapter's own key words, never its first sentence.
 */
import { describe, expect, test } from 'vitest';
import {
  ExtractiveSummaryEngine,
  extractiveSummary,
} from '../src/engines/summary/extractive-summary-engine.js';
import { withoutFillers } from '../src/engines/summary/fillers.js';
import { splitSentences, wordCount } from '../src/engines/summary/text.js';
import type { SummaryLine } from '../src/engines/types.js';
import { SAMPLE_RATE, librivoxClips } from './engine-servers/librivox.js';

/** The LibriVox clips read in turn by two readers, a hesitation or a fragment between them. */
function librivoxReading(pauseMs: number): SummaryLine[] {
  const asides = ['Uh, um.', 'He was', 'You know, yes.', 'Um, rather.', 'Okay.'];
  const lines: SummaryLine[] = [];
  let at = 1000;
  librivoxClips().forEach((clip, i) => {
    const speaker = i % 2 === 0 ? 'Elinor' : 'Marianne';
    lines.push({ speaker, text: `${clip.text}.`, startTime: at });
    at += Math.round((clip.pcm.length / SAMPLE_RATE) * 1000);
    lines.push({ speaker: i % 2 === 0 ? 'Marianne' : 'Elinor', text: asides[i]!, startTime: at });
    at += pauseMs;
  });
  return lines;
}

/** [speaker, seconds, text]: a ten-minute meeting, an office move then hiring (from 5:00). */
const DIALOGUE: readonly (readonly [string, number, string])[] = [
  ['Anna', 2, 'Hello everyone, um, can you hear me?'],
  ['Ben', 8, 'Yes.'],
  ['Anna', 15, 'Uh, so the first topic is the office move in March.'],
  ['Ben', 35, 'The new office lease starts on the first of March.'],
  ['Chen', 60, 'Um, you know, the movers need the office floor plan by February.'],
  ['Anna', 80, 'Right.'],
  ['Ben', 95, 'I will send the floor plan for the new office to the movers this week.'],
  ['Chen', 125, 'The network cables in the new office are, uh, not installed yet.'],
  ['Anna', 150, 'The landlord installs the office network cables before the move.'],
  ['Ben', 180, 'Uh huh.'],
  ['Chen', 200, 'Desks and chairs for the new office arrive on the last day of February.'],
  ['Anna', 230, 'Um, okay, so the office move budget is twelve thousand dollars.'],
  ['Ben', 260, 'The office move budget covers the movers, the desks and the network.'],
  ['Anna', 290, 'I mean, yeah.'],
  ['Anna', 300, 'The second topic is hiring two engineers for the support team.'],
  ['Chen', 325, 'The support team needs the two engineers before the product launch.'],
  ['Ben', 350, 'Um, we posted the engineer job ad on three hiring sites last week.'],
  ['Chen', 380, 'Forty people applied for the support engineer jobs so far.'],
  ['Anna', 410, 'You know, like.'],
  ['Ben', 425, 'The hiring interviews for the support engineers start on Monday.'],
  ['Chen', 455, 'Each support engineer candidate does a short coding test in the interview.'],
  ['Anna', 490, 'The support team lead joins every hiring interview.'],
  ['Ben', 520, 'Uh, we make the engineer job offers by the end of the month.'],
  ['Chen', 555, 'The new support engineers start two weeks before the launch.'],
  ['Anna', 585, 'Thanks everyone, that is all for today.'],
];

const dialogue = (): SummaryLine[] =>
  DIALOGUE.map(([speaker, seconds, text]) => ({ speaker, text, startTime: seconds * 1000 }));

const FILLER = /(^|[\s,])(uh|um|you know|i mean)([\s,.!?]|$)|嗯|呃/i;

function expectReadablePoints(lines: readonly SummaryLine[], language: 'en' | 'zh') {
  const { keyPoints } = extractiveSummary(lines, language);
  const speakers = new Set(lines.map((l) => l.speaker));
  for (const point of keyPoints) {
    expect(
      wordCount(point.text, language),
      `"${point.text}" is no fragment`,
    ).toBeGreaterThanOrEqual(4);
    expect(point.text, `"${point.text}" has no filler`).not.toMatch(FILLER);
    // Said by the person the transcript names, at the time of one of their lines.
    expect(speakers.has(point.speaker)).toBe(true);
    expect(lines.some((l) => l.speaker === point.speaker && l.startTime === point.startTime)).toBe(
      true,
    );
  }
  return keyPoints;
}

describe('how many key points', () => {
  test('a ten-minute meeting has five key points, one for every two minutes of speech', () => {
    const lines = dialogue();
    expect(lines.at(-1)!.startTime).toBeGreaterThanOrEqual(9.5 * 60_000);
    expect(expectReadablePoints(lines, 'en')).toHaveLength(5);
  });

  test('a one-minute LibriVox reading has three key points, the least a meeting that has them gets', () => {
    const lines = librivoxReading(1500);
    const speech = lines.at(-1)!.startTime - lines[0]!.startTime;
    expect(speech).toBeGreaterThan(30_000);
    expect(speech).toBeLessThan(90_000);
    expect(expectReadablePoints(lines, 'en')).toHaveLength(3);
  });

  test('the same reading spread over ten minutes gets no invented points: only its real sentences', () => {
    const lines = librivoxReading(120_000);
    const points = expectReadablePoints(lines, 'en');
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points.length).toBeLessThanOrEqual(librivoxClips().length);
    const said = librivoxClips().map((c) => `${c.text}.`);
    for (const point of points) expect(said).toContain(point.text);
  });
});

describe('what a key point is', () => {
  test.each([
    ['Uh, um, we should ship on Friday, you know.', 'We should ship on Friday.'],
    ['You know, like, the budget is fine.', 'The budget is fine.'],
    ['Um.', ''],
    ['I mean, yeah.', ''],
    // Words that are only fillers where a pause sets them off stay where they mean something.
    ['Do you know when it ships?', 'Do you know when it ships?'],
    ['I like the plan, um, a lot.', 'I like the plan, a lot.'],
    ['嗯，那个，我们周一发布吧。', '我们周一发布吧。'],
    ['那个方案的金额不错。', '那个方案的金额不错。'],
  ])('fillers out: %j → %j', (said, kept) => {
    expect(withoutFillers(said)).toBe(kept);
  });

  test('fragments and fillers are never points, and fillers are taken out of the points', () => {
    const points = expectReadablePoints(dialogue(), 'en');
    const texts = points.map((p) => p.text);
    for (const aside of ['Yes.', 'Right.', 'Uh huh.', 'I mean, yeah.', 'You know, like.'])
      expect(texts).not.toContain(aside);
    // Chen's line as it was said had "Um, you know," before it.
    const movers = expectReadablePoints(dialogue().slice(2, 8), 'en').map((p) => p.text);
    expect(movers).toContain('The movers need the office floor plan by February.');
  });

  test('in Chinese, 嗯 and a pausing 那个 go, and a point keeps its speaker', () => {
    const lines: SummaryLine[] = [
      ['王芳', '嗯，那个，我们先讨论新办公室的搬家。'],
      ['李明', '嗯。'],
      ['王芳', '新办公室的租约三月一日开始。'],
      ['李明', '那个，搬家公司二月底之前需要新办公室的平面图。'],
      ['张伟', '对。'],
      ['张伟', '呃，新办公室的网线还没有安装好。'],
      ['王芳', '房东在搬家之前安装新办公室的网线。'],
    ].map(([speaker, text], i) => ({ speaker: speaker!, text: text!, startTime: i * 9000 }));
    const points = expectReadablePoints(lines, 'zh');
    expect(points.length).toBe(3);
    for (const point of points) expect(point.text).not.toMatch(/^(嗯|那个|呃)/);
    expect(points.map((p) => p.text)).not.toContain('嗯。');
  });

  test('the minutes name the speaker on every line', async () => {
    const { minutes } = await new ExtractiveSummaryEngine().summarize({
      lines: dialogue(),
      language: 'en',
      title: 'Office move',
    });
    const items = minutes.split('\n').slice(1);
    expect(items).toHaveLength(5);
    for (const item of items) expect(item).toMatch(/^- \[\d\d:\d\d\] (Anna|Ben|Chen): \S/);
  });
});

describe('chapter titles', () => {
  test.each([
    ['the ten-minute dialogue', dialogue],
    ['the LibriVox reading', () => librivoxReading(1500)],
  ])(
    '%s: each title is key words of its own chapter, Title Cased, not its first sentence',
    (_, make) => {
      const lines = make();
      const { chapters } = extractiveSummary(lines, 'en');
      expect(chapters.length).toBeGreaterThanOrEqual(1);
      chapters.forEach((chapter, k) => {
        const end = chapters[k + 1]?.startTime ?? Infinity;
        const own = lines.filter((l) => l.startTime >= chapter.startTime && l.startTime < end);
        const text = own.map((l) => l.text.toLowerCase()).join(' ');
        const words = chapter.title.split(', ');
        expect(words.length).toBeGreaterThanOrEqual(2);
        for (const word of words) {
          expect(word).toMatch(/^\p{Lu}\p{Ll}/u);
          expect(text, `"${word}" is said in the chapter`).toMatch(
            new RegExp(`\\b${word.toLowerCase()}\\b`),
          );
        }
        const first = splitSentences(own[0]!.text)[0]!;
        expect(chapter.title).not.toBe(first);
        expect(chapter.title).not.toBe(first.replace(/[.?!]$/, ''));
      });
    },
  );

  test('the dialogue is two chapters, named for the office move and for hiring', () => {
    const { chapters } = extractiveSummary(dialogue(), 'en');
    expect(chapters).toHaveLength(2);
    expect(chapters[0]!.title).toMatch(/Office/);
    expect(chapters[1]!.title).toMatch(/Support|Engineer|Hiring/);
  });

  test('a Chinese chapter is named with words from Intl.Segmenter, joined by 、', () => {
    const lines: SummaryLine[] = [
      '我们先讨论新办公室的搬家。',
      '新办公室的租约三月一日开始。',
      '搬家公司需要新办公室的平面图。',
      '新办公室的网线还没有安装好。',
      '房东在搬家之前安装网线。',
    ].map((text, i) => ({ speaker: '王芳', text, startTime: i * 9000 }));
    const [chapter] = extractiveSummary(lines, 'zh').chapters;
    const words = chapter!.title.split('、');
    expect(words.length).toBeGreaterThanOrEqual(2);
    const all = lines.map((l) => l.text).join('');
    for (const word of words) expect(all).toContain(word);
    expect(chapter!.title).not.toBe(lines[0]!.text.replace(/。$/, ''));
  });
});
