/**
 * The embedded summary engine for real: minutes made only of the transcript's own sentences, the
 * central ones picked, chapters where the topic changes (English and Chinese), at the times of
 * real lines, and fast on hours of transcript.
 */
import { describe, expect, test } from 'vitest';
import {
  EXTRACTIVE_SUMMARY_NAME,
  ExtractiveSummaryEngine,
  extractiveSummary,
} from '../src/engines/summary/extractive-summary-engine.js';
import { withoutFillers } from '../src/engines/summary/fillers.js';
import { formatClock } from '../src/engines/summary/minutes-format.js';
import { splitSentences } from '../src/engines/summary/text.js';
import type { SummaryLine } from '../src/engines/types.js';
import {
  CHINESE_TWO_TOPICS,
  ENGLISH_TWO_TOPICS,
  longMeeting,
  timed,
} from './summary-transcripts.js';

const engine = new ExtractiveSummaryEngine();

/** Each minutes line as [clock, speaker, sentence]; throws on a line of any other form. */
function minutesItems(minutes: string, heading: string): [string, string, string][] {
  const [first, ...rest] = minutes.split('\n');
  expect(first).toBe(heading);
  return rest.map((line) => {
    const match = /^- \[(\d+:\d\d(?::\d\d)?)\] (.+?)(?:: |：)(.+)$/.exec(line);
    if (!match) throw new Error(`not a key point line: ${line}`);
    return [match[1]!, match[2]!, match[3]!];
  });
}

describe('extractive minutes', () => {
  test.each([
    ['English', ENGLISH_TWO_TOPICS, 'en', 'Key points'],
    ['Chinese', CHINESE_TWO_TOPICS, 'zh', '要点'],
  ] as const)(
    'the %s minutes are made only of the transcript’s own sentences (fillers out), each with who said it and when',
    async (_, transcript, language, heading) => {
      const lines = timed(transcript);
      const { minutes } = await engine.summarize({ lines, language, title: 'Weekly' });
      const items = minutesItems(minutes, heading);
      expect(items.length).toBeGreaterThanOrEqual(2);
      for (const [clock, speaker, sentence] of items) {
        const source = lines.find(
          (l) =>
            l.speaker === speaker &&
            formatClock(l.startTime) === clock &&
            splitSentences(l.text).map(withoutFillers).includes(sentence),
        );
        expect(source, `"${sentence}" is a sentence ${speaker} said at ${clock}`).toBeDefined();
      }
      // In time order.
      const times = items.map(([, , sentence]) =>
        lines.findIndex((l) => l.text.includes(sentence)),
      );
      expect(times).toEqual([...times].sort((a, b) => a - b));
    },
  );

  test.each([
    {
      case: 'the sentence that ties the others together, not the aside',
      lines: [
        ['Ann', 'The hotel for the sales conference is booked.'],
        ['Ben', 'The sales conference hotel costs less than last year.'],
        ['Ann', 'My cat was sick this morning.'],
        ['Cy', 'Flights to the sales conference are booked too.'],
        ['Ben', 'So the sales conference hotel and flights are both booked and cost less.'],
      ],
      central: 'So the sales conference hotel and flights are both booked and cost less.',
      aside: 'My cat was sick this morning.',
    },
    {
      case: 'the substance, not greetings and small talk',
      lines: [
        ['Ann', 'Hello everyone, can you hear me?'],
        ['Ben', 'Yes, we can hear you.'],
        ['Ann', 'The server migration moved every customer database to the new cluster.'],
        ['Ben', 'Okay, thanks.'],
      ],
      central: 'The server migration moved every customer database to the new cluster.',
      aside: 'Yes, we can hear you.',
    },
    {
      case: '中文：把各句联系起来的那一句，而不是题外话',
      lines: [
        ['王芳', '销售大会的酒店已经订好了。'],
        ['李明', '销售大会的酒店比去年便宜。'],
        ['王芳', '我家的猫今天早上生病了。'],
        ['张伟', '去销售大会的机票也订好了。'],
        ['李明', '销售大会的酒店和机票都订好了，而且比去年便宜。'],
      ],
      central: '销售大会的酒店和机票都订好了，而且比去年便宜。',
      aside: '我家的猫今天早上生病了。',
    },
  ])('picks the central sentence: $case', ({ lines, central, aside }) => {
    const language = /[\u4e00-\u9fff]/.test(central) ? 'zh' : 'en';
    const { keyPoints } = extractiveSummary(timed(lines as [string, string][]), language);
    const texts = keyPoints.map((p) => p.text);
    expect(texts).toContain(central);
    expect(texts).not.toContain(aside);
  });

  test('a sentence said twice is one key point', () => {
    const said = 'The design review for the mobile app moves to Thursday afternoon.';
    const { keyPoints } = extractiveSummary(
      timed([
        ['Ann', said],
        ['Ben', 'Thursday afternoon works for the mobile app design review.'],
        ['Cy', said],
        ['Ann', 'The mobile app design review needs the new screens.'],
        ['Ben', 'The new screens for the mobile app are almost done.'],
      ]),
      'en',
    );
    expect(keyPoints.filter((p) => p.text === said).length).toBeLessThanOrEqual(1);
  });

  test('no lines, or only empty ones, make empty minutes and no chapters', async () => {
    expect(await engine.summarize({ lines: [], language: 'en', title: '' })).toEqual({
      minutes: '',
      chapters: [],
    });
    const blank = timed([
      ['Ann', '  '],
      ['Ben', ''],
    ]);
    expect(await engine.summarize({ lines: blank, language: 'en', title: '' })).toEqual({
      minutes: '',
      chapters: [],
    });
  });

  test('the same transcript, in any order, gives the same summary', async () => {
    const lines = timed(ENGLISH_TWO_TOPICS);
    const once = await engine.summarize({ lines, language: 'en', title: 'Weekly' });
    const again = await engine.summarize({
      lines: [...lines].reverse(),
      language: 'en',
      title: 'Weekly',
    });
    expect(again).toEqual(once);
  });

  test('its name says what it is', () => {
    expect(engine.name).toBe(EXTRACTIVE_SUMMARY_NAME);
    expect(engine.name).toBe('Extractive summary (TextRank)');
  });
});

describe('extractive chapters', () => {
  test.each([
    ['English', ENGLISH_TWO_TOPICS, 'en'],
    ['Chinese', CHINESE_TWO_TOPICS, 'zh'],
  ] as const)(
    'a two-topic %s meeting is two chapters, split where the topic changes and titled with their own key words, not a sentence',
    (_, transcript, language) => {
      const lines = timed(transcript);
      const { chapters } = extractiveSummary(lines, language);
      expect(chapters.map((c) => c.startTime)).toEqual([lines[0]!.startTime, lines[10]!.startTime]);
      chapters.forEach((chapter, k) => {
        const own = (k === 0 ? lines.slice(0, 10) : lines.slice(10)).flatMap((l) =>
          splitSentences(l.text),
        );
        const words = chapter.title.split(/, |、/);
        expect(words.length).toBeGreaterThanOrEqual(2);
        for (const word of words) {
          expect(
            own.some((s) => s.toLowerCase().includes(word.toLowerCase())),
            `"${word}" of "${chapter.title}" is said in chapter ${k + 1}`,
          ).toBe(true);
          if (language === 'en') expect(word).toMatch(/^\p{Lu}/u);
        }
        expect(own).not.toContain(chapter.title);
      });
      // In the transcript's language.
      expect(/[\u4e00-\u9fff]/.test(chapters[1]!.title)).toBe(language === 'zh');
    },
  );

  test('a meeting of a few lines is one chapter that starts at its first line', () => {
    const lines = timed(ENGLISH_TWO_TOPICS.slice(0, 4), 5000, 7300);
    const { chapters } = extractiveSummary(lines, 'en');
    expect(chapters).toHaveLength(1);
    expect(chapters[0]!.startTime).toBe(7300);
    expect(chapters[0]!.title).not.toBe('');
  });

  test('a one-line meeting still has minutes and a chapter', async () => {
    const line: SummaryLine = {
      speaker: 'Ann',
      text: 'We agreed to move the launch to the first week of June.',
      startTime: 4200,
    };
    const result = await engine.summarize({ lines: [line], language: 'en', title: '' });
    expect(result.minutes).toBe(`Key points\n- [00:04] Ann: ${line.text}`);
    expect(result.chapters).toEqual([{ startTime: 4200, title: 'Agreed, Move, Launch' }]);
  });
});

describe('long meetings', () => {
  test.each(['en', 'zh'] as const)(
    'two hours of %s transcript (1800 lines, eight topics) summarize in seconds at most (about 0.4 s on an idle core), with a chapter at every topic change',
    (language) => {
      const meeting = longMeeting(language, 2);
      const times = new Set(meeting.lines.map((l) => l.startTime));
      extractiveSummary(meeting.lines.slice(0, 50), language); // warm up the segmenter
      const started = performance.now();
      const { keyPoints, chapters } = extractiveSummary(meeting.lines, language);
      const elapsed = performance.now() - started;
      // A guard against a slowdown of another order (a busy CI machine takes 2-3× longer).
      expect(elapsed).toBeLessThan(4000);

      expect(chapters.length).toBeLessThanOrEqual(8);
      for (const chapter of chapters) expect(times.has(chapter.startTime)).toBe(true);
      expect(new Set(chapters.map((c) => c.startTime)).size).toBe(chapters.length);
      // Every topic change has a chapter starting within a minute of it.
      for (const start of meeting.topicStarts) {
        expect(chapters.some((c) => Math.abs(c.startTime - start) <= 60_000)).toBe(true);
      }
      // One key point for every two minutes of speech: 60 in two hours.
      expect(keyPoints.length).toBe(60);
      for (const point of keyPoints) expect(times.has(point.startTime)).toBe(true);
    },
  );

  test('times past an hour read h:mm:ss', () => {
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(65_400)).toBe('01:05');
  });
});
