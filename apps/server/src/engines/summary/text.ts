/**
 * Text handling of the extractive summary: transcript lines cut into sentences, and sentences
 * turned into content words (lower-cased and lightly stemmed English; Chinese words found by
 * Intl.Segmenter's dictionary), with the stop words of stop-words.ts removed.
 */
import { CHINESE_STOP_WORDS, ENGLISH_STOP_WORDS, LEADING_FILLERS } from './stop-words.js';

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'inc',
  'ltd',
  'co',
  'approx',
  'dept',
  'fig',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Full-width terminators end a sentence where they stand. */
const WIDE_END = /[。！？…]/;
/** ASCII ones end it before whitespace, a Chinese character or the end of the line. */
const NARROW_END = /[.!?]/;
const CLOSERS = /[”’"'」』）)\]]/;

/**
 * The sentences of a line, trimmed, in order. A full stop after an abbreviation ("Mr.") or an
 * initial ("J.") does not end one. A line without punctuation (as speech engines write it) is one
 * sentence.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (!WIDE_END.test(ch) && !NARROW_END.test(ch)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < text.length && (WIDE_END.test(text[j + 1]!) || NARROW_END.test(text[j + 1]!)))
      j++;
    while (j + 1 < text.length && CLOSERS.test(text[j + 1]!)) j++;
    const next = text[j + 1];
    let ends = WIDE_END.test(ch) || next === undefined || /\s/.test(next) || CJK.test(next);
    if (ends && ch === '.' && j === i) {
      const word = /([\p{L}.]+)\.$/u.exec(text.slice(start, i + 1))?.[1] ?? '';
      // "Mr.", an initial "J.", or dotted "U.S." / "e.g.".
      if (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word) || word.includes('.'))
        ends = false;
    }
    if (ends) {
      const sentence = text.slice(start, j + 1).trim();
      if (sentence) sentences.push(sentence);
      start = j + 1;
    }
    i = j + 1;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * A light English stemmer (a few of Porter's rules) so that "tests", "testing" and "tested", or
 * "release", "released" and "releasing", count as one word.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);
  let cut = false;
  if (w.endsWith('ing') && w.length > 5 && /[aeiouy]/.test(w.slice(0, -3))) {
    w = w.slice(0, -3);
    cut = true;
  } else if (w.endsWith('ed') && w.length > 4 && /[aeiouy]/.test(w.slice(0, -2))) {
    w = w.slice(0, -2);
    cut = true;
  }
  // "planned" → "plann" → "plan"; "running" → "run".
  if (cut && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 4) w = `${w.slice(0, -1)}i`;
  return w;
}

const segmenters = new Map<string, Intl.Segmenter>();

function wordSegmenter(language: string): Intl.Segmenter {
  // ICU's word breaking finds Chinese words with its dictionary whatever the locale; the locale
  // only decides the rest.
  const locale = language.startsWith('zh') ? 'zh' : 'en';
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/** The content words of a sentence, in order, normalized (duplicates kept). */
export function contentWords(sentence: string, language: string): string[] {
  return contentWordForms(sentence, language).map((w) => w.word);
}

export interface WordForm {
  word: string;
  form: string;
}

/**
 * The content words of a sentence, in order, each normalized (`word`, what is counted) and as it
 * was said, lower-cased (`form`, what a title shows: a stem such as "releas" is no word).
 */
export function contentWordForms(sentence: string, language: string): WordForm[] {
  const words: WordForm[] = [];
  for (const part of wordSegmenter(language).segment(sentence.toLowerCase())) {
    if (!part.isWordLike) continue;
    const form = part.segment.replace(/[’‘]/g, "'");
    if (CJK.test(form)) {
      // Single characters are mostly particles and pronouns, or words ICU did not join.
      if (form.length >= 2 && !CHINESE_STOP_WORDS.has(form)) words.push({ word: form, form });
      continue;
    }
    if (/^[\d.,:]+$/.test(form) || form.length < 2 || ENGLISH_STOP_WORDS.has(form)) continue;
    const bare = form.replace(/'+$/, '');
    words.push({ word: /^[a-z']+$/.test(form) ? stem(bare) : form, form: bare });
  }
  return words;
}

/** How many words a sentence has (Chinese words as Intl.Segmenter finds them). */
export function wordCount(sentence: string, language: string): number {
  let count = 0;
  for (const part of wordSegmenter(language).segment(sentence)) if (part.isWordLike) count++;
  return count;
}

/** The transcript's script: Chinese when most letters are Chinese characters. */
export function looksChinese(text: string): boolean {
  let cjk = 0;
  let latin = 0;
  for (const ch of text) {
    if (CJK.test(ch)) cjk++;
    else if (/[A-Za-z]/.test(ch)) latin++;
  }
  // A Chinese character carries about as much as a short English word.
  return cjk * 3 > latin;
}

const alternation = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/ /g, '\\s+'))
    .join('|');
// A filler ends at punctuation or a space; a Chinese filler of two characters or more may run
// straight into the next word ("然后我们…"), a single character may not ("好消息" is no filler).
const FILLER_PATTERN = new RegExp(
  `^(?:(?:${alternation(LEADING_FILLERS)})[\\s,，、.。!！]+|(?:${alternation(
    LEADING_FILLERS.filter((f) => CJK.test(f) && f.length >= 2),
  )})(?=[\\u3400-\\u9fff]))+`,
  'iu',
);

/**
 * A sentence made into a title: leading fillers and trailing punctuation dropped, the first
 * letter capitalized, and cut at a word boundary (with '…') when longer than `maxLength`.
 */
export function titleOf(sentence: string, maxLength: number): string {
  let text = sentence.trim();
  const stripped = text.replace(FILLER_PATTERN, '');
  // A sentence that is only fillers keeps them (it would otherwise vanish).
  if (stripped.trim()) text = stripped.trim();
  text = text.replace(/[\s,，、;；:：.。!！?？…]+$/u, '');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if ([...text].length <= maxLength) return text;
  const chars = [...text];
  const chinese = looksChinese(text);
  let cut = chars.slice(0, maxLength).join('');
  if (!chinese) {
    const space = cut.lastIndexOf(' ');
    if (space > maxLength / 2) cut = cut.slice(0, space);
  }
  return `${cut.replace(/[\s,，、;；:：.。!！?？]+$/u, '')}…`;
}
