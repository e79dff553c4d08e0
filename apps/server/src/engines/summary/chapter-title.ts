/**
 * Chapter titles of the extractive engine (issue 31): the chapter's key words rather than one of
 * its sentences, whose first is often a greeting or a garbled recognition. A word scores by how
 * often the chapter says it and how much it belongs to this chapter rather than to all of them
 * (TF-IDF over the chapters); the top ones, in the order first said, make the title — Title
 * Cased in English ("Release, Installer, Crash"), joined by "、" in Chinese, whose words come
 * from the same segmenter as the ranking (Intl.Segmenter).
 */
import type { WordForm } from './text.js';

/** Key words a title names. */
export const TITLE_WORDS = 3;

interface Counted {
  count: number;
  /** Where the chapter first says it (the title keeps that order). */
  first: number;
  /** How the word was said, and how often each way (the title shows the commonest). */
  forms: Map<string, number>;
}

/** A chapter's content words (in the order said) counted. */
function countWords(words: readonly WordForm[]): Map<string, Counted> {
  const counted = new Map<string, Counted>();
  words.forEach(({ word, form }, at) => {
    let entry = counted.get(word);
    if (!entry) counted.set(word, (entry = { count: 0, first: at, forms: new Map() }));
    entry.count += 1;
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
  });
  return counted;
}

const titleCase = (word: string) => word.replace(/(^|[-'])(\p{L})/gu, (m) => m.toUpperCase());

/**
 * A title for each chapter (given as its content words, from text.ts's contentWordForms, in the
 * order said) from its key words; '' for a chapter with no content word at all (the caller
 * falls back to a sentence).
 */
export function keyWordTitles(
  chapters: readonly (readonly WordForm[])[],
  language: string,
  maxLength: number,
): string[] {
  const chinese = language.startsWith('zh');
  const counts = chapters.map(countWords);
  const chaptersWith = new Map<string, number>();
  for (const counted of counts)
    for (const word of counted.keys()) chaptersWith.set(word, (chaptersWith.get(word) ?? 0) + 1);

  return counts.map((counted) => {
    const score = (word: string, c: Counted) =>
      c.count * Math.log(1 + chapters.length / chaptersWith.get(word)!);
    const ranked = [...counted.entries()].sort(
      ([a, x], [b, y]) => score(b, y) - score(a, x) || x.first - y.first,
    );
    // A word said once is a key word only when the chapter has nothing said more often.
    const repeated = ranked.filter(([, c]) => c.count > 1);
    const top = (repeated.length >= 2 ? repeated : ranked)
      .slice(0, TITLE_WORDS)
      .sort(([, x], [, y]) => x.first - y.first)
      .map(([, c]) => [...c.forms.entries()].sort((a, b) => b[1] - a[1])[0]![0]);
    const words = chinese ? top : top.map(titleCase);
    const separator = chinese ? '、' : ', ';
    // Fewer words rather than a cut one when the title would be too long.
    while (words.length > 1 && [...words.join(separator)].length > maxLength) words.pop();
    return words.join(separator);
  });
}
