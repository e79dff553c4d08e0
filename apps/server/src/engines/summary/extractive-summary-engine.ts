/**
 * SUMMARY_ENGINE=extractive (the embedded default): minutes and chapters made only of the
 * transcript's own words, never invented text. Key points are the most central sentences by
 * TextRank (with the most central of each topic first, and near-repeats left out), shown with who
 * said them, in time order, their fillers taken out; fragments and filler-only sentences are
 * never points, and there is one point for about every two minutes of speech (three at least
 * when the meeting has them). Chapters come from topic segmentation (TextTiling-like); each
 * starts at its first line and is titled with its key words (chapter-title.ts). Deterministic,
 * and fast: two hours of transcript in well under a second.
 */
import type { LanguageCode, SummaryEngine, SummaryLine } from '../types.js';
import {
  contentWordForms,
  looksChinese,
  splitSentences,
  titleOf,
  wordCount,
  type WordForm,
} from './text.js';
import { keyWordTitles } from './chapter-title.js';
import { MIN_KEY_POINT_WORDS, withoutFillers } from './fillers.js';
import { localCentrality, sentenceGraph, textRank, type SentenceGraph } from './textrank.js';
import { topicSegments } from './topic-segmentation.js';
import { formatMinutes, type KeyPoint } from './minutes-format.js';
import type { Chapter } from './chapter-repair.js';

export const EXTRACTIVE_SUMMARY_NAME = 'Extractive summary (TextRank)';

/** SPEC.md's chapters: a handful, each a real stretch of the meeting. */
export const MAX_CHAPTERS = 8;
/** One key point for this much speech (issue 31), at least MIN_KEY_POINTS, at most MAX. */
export const SPEECH_PER_KEY_POINT_MS = 2 * 60_000;
export const MIN_KEY_POINTS = 3;
export const MAX_KEY_POINTS = 60;
/** A line whose end is not known is taken to last this long a word (150 words a minute). */
const MS_PER_WORD = 400;
/** A chapter is at least this many lines (a 20-line meeting has at most two). */
const MIN_CHAPTER_LINES = 5;
/** Lines on each side of a gap that topic segmentation compares (about a third of a chapter). */
const MIN_WINDOW = 5;
const MAX_WINDOW = 20;
/** Title lengths in characters. */
const TITLE_MAX = { en: 60, zh: 20 } as const;
/** In a long meeting, a word in more than this share of the sentences is no topic word… */
const COMMON_WORD_SHARE = 0.2;
/** …(in a short one, every shared word counts). */
const COMMON_WORDS_FROM = 60;
/** Two key points sharing this share of the shorter one's words say the same thing. */
const NEAR_REPEAT = 0.7;

export interface ExtractiveSummary {
  keyPoints: KeyPoint[];
  chapters: Chapter[];
}

interface Sentence {
  line: number;
  text: string;
  /** Distinct content word ids, ascending. */
  words: Int32Array;
}

/** The key points and chapters of a transcript (lines in any order; empty ones are skipped). */
export function extractiveSummary(
  input: readonly SummaryLine[],
  language: LanguageCode,
): ExtractiveSummary {
  const lines = input
    .map((line, index) => ({ ...line, text: line.text.trim(), index }))
    .filter((line) => line.text !== '')
    .sort((a, b) => a.startTime - b.startTime || a.index - b.index);
  if (lines.length === 0) return { keyPoints: [], chapters: [] };
  const lang = transcriptLanguage(lines, language);
  const chinese = lang === 'zh';

  const vocabulary = new Map<string, number>();
  const idOf = (word: string) => {
    let id = vocabulary.get(word);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(word, id);
    }
    return id;
  };
  const sentences: Sentence[] = [];
  /** Each line's content word ids, repeats kept (topic segmentation counts them). */
  const lineWords: Int32Array[] = [];
  /** Each line's first sentence; lineStart[lines.length] = sentences.length. */
  const lineStart: number[] = [];
  /** Each sentence's content words as said, for the chapter titles. */
  const forms: WordForm[][] = [];
  lines.forEach((line, l) => {
    lineStart.push(sentences.length);
    const all: number[] = [];
    for (const text of splitSentences(line.text)) {
      const found = contentWordForms(text, lang);
      forms.push(found);
      const ids = found.map((w) => idOf(w.word));
      all.push(...ids);
      sentences.push({ line: l, text, words: Int32Array.from(new Set(ids)).sort() });
    }
    lineWords.push(Int32Array.from(all));
  });
  lineStart.push(sentences.length);

  const graph = sentenceGraph(
    sentences.map((s) => s.words),
    vocabulary.size,
    sentences.length >= COMMON_WORDS_FROM ? COMMON_WORD_SHARE : 1,
  );
  const scores = textRank(graph);

  const times = lines.map((l) => l.startTime);
  const span = times[times.length - 1]! - times[0]!;
  const minUnits = Math.max(MIN_CHAPTER_LINES, Math.ceil(lines.length / (2 * MAX_CHAPTERS)));
  const segmentStarts = topicSegments(lineWords, times, vocabulary.size, {
    maxSegments: MAX_CHAPTERS,
    minUnits,
    // At least a second apart: chapter times are shown, edited and kept unique as whole seconds.
    minSpan: Math.max(1000, span / (2 * MAX_CHAPTERS)),
    window: Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, Math.round(minUnits / 3))),
  });

  const titleMax = chinese ? TITLE_MAX.zh : TITLE_MAX.en;
  const chapterRanges: [number, number][] = segmentStarts.map((first, k) => [
    lineStart[first]!,
    lineStart[segmentStarts[k + 1] ?? lines.length]!,
  ]);
  const titles = keyWordTitles(
    chapterRanges.map(([from, to]) => forms.slice(from, to).flat()),
    lang,
    titleMax,
  );
  const chapters: Chapter[] = segmentStarts.map((first, k) => ({
    startTime: lines[first]!.startTime,
    // A chapter with no content word at all (only greetings) is named by its sentence.
    title: titles[k] || chapterTitle(sentences, graph, ...chapterRanges[k]!, titleMax),
  }));

  const last = lines[lines.length - 1]!;
  const speechMs = span + wordCount(last.text, lang) * MS_PER_WORD;
  const keyPoints = pickKeyPoints(sentences, graph, scores, chapterRanges, {
    chinese,
    lang,
    wanted: Math.round(speechMs / SPEECH_PER_KEY_POINT_MS),
  }).map((i) => {
    const sentence = sentences[i]!;
    const line = lines[sentence.line]!;
    return {
      speaker: line.speaker,
      text: withoutFillers(sentence.text),
      startTime: line.startTime,
    };
  });
  return { keyPoints, chapters };
}

/** The language given, or when none is, Chinese or English by the transcript's script. */
function transcriptLanguage(lines: readonly { text: string }[], language: LanguageCode): string {
  if (language) return language.toLowerCase().startsWith('zh') ? 'zh' : language.toLowerCase();
  return looksChinese(lines.map((l) => l.text).join('')) ? 'zh' : 'en';
}

/** The most central sentence of sentences [from, to), preferring one that needs no cutting. */
function chapterTitle(
  sentences: readonly Sentence[],
  graph: SentenceGraph,
  from: number,
  to: number,
  maxLength: number,
): string {
  const centrality = localCentrality(graph, from, to);
  const order = Array.from({ length: to - from }, (_, k) => from + k);
  // Sentences of two content words or more make titles; "Budget." alone does not.
  const substantial = order.filter((i) => sentences[i]!.words.length >= 2);
  const ranked = (substantial.length ? substantial : order).sort(
    (a, b) => centrality[b - from]! - centrality[a - from]! || a - b,
  );
  const whole = ranked
    .slice(0, 3)
    .find((i) => [...titleOf(sentences[i]!.text, Infinity)].length <= maxLength);
  return titleOf(sentences[whole ?? ranked[0]!]!.text, maxLength);
}

function overlap(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared / Math.min(a.length, b.length);
}

/**
 * Indices of the key-point sentences, in time order: `wanted` of them by the meeting's length,
 * but MIN_KEY_POINTS at least when there are that many, and never a fragment.
 */
function pickKeyPoints(
  sentences: readonly Sentence[],
  graph: SentenceGraph,
  scores: Float64Array,
  chapters: readonly [number, number][],
  { chinese, lang, wanted: byLength }: { chinese: boolean; lang: string; wanted: number },
): number[] {
  const all = sentences.map((_, i) => i);
  // A fragment ("he was", "um, you know") or a sentence of fillers is never a point. Asked only
  // of the sentences the choice reaches: segmenting every one again would double the work.
  const readable = (i: number) =>
    wordCount(withoutFillers(sentences[i]!.text), lang) >= MIN_KEY_POINT_WORDS;
  // A key point says something: three content words (two Chinese words) at least…
  const minWords = chinese ? 2 : 3;
  let candidates = all.filter((i) => sentences[i]!.words.length >= minWords);
  if (candidates.length === 0) candidates = all.filter((i) => sentences[i]!.words.length > 0);
  // …and, unless nothing does, shares words with another sentence (an aside is no key point).
  const connected = candidates.filter((i) => graph.start[i + 1]! > graph.start[i]!);
  if (connected.length > 0) candidates = connected;
  if (candidates.length === 0) return [];
  const byScore = [...candidates].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const wanted = Math.min(MAX_KEY_POINTS, Math.max(MIN_KEY_POINTS, byLength));

  const chosen: number[] = [];
  const tryAdd = (i: number) => {
    if (!readable(i)) return;
    const s = sentences[i]!;
    const repeat = chosen.some(
      (c) => sentences[c]!.text === s.text || overlap(sentences[c]!.words, s.words) >= NEAR_REPEAT,
    );
    if (!repeat && !chosen.includes(i)) chosen.push(i);
  };
  // Every topic gets its most central sentence, then the most central of all fill the list.
  if (chapters.length > 1) {
    for (const [from, to] of chapters) {
      if (chosen.length >= wanted) break;
      const best = byScore.find((i) => i >= from && i < to && readable(i));
      if (best !== undefined) tryAdd(best);
    }
  }
  for (const i of byScore) {
    if (chosen.length >= wanted) break;
    tryAdd(i);
  }
  return chosen.sort((a, b) => a - b);
}

export class ExtractiveSummaryEngine implements SummaryEngine {
  readonly name = EXTRACTIVE_SUMMARY_NAME;

  async summarize(input: {
    lines: readonly SummaryLine[];
    language: LanguageCode;
    title: string;
  }): Promise<{ minutes: string; chapters: Chapter[] }> {
    const { keyPoints, chapters } = extractiveSummary(input.lines, input.language);
    const language = transcriptLanguage(input.lines, input.language);
    return { minutes: formatMinutes(keyPoints, language), chapters };
  }

  async close(): Promise<void> {}
}
