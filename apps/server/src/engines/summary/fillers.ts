/**
 * The hesitations of talk in the extractive minutes (issue 31): "uh", "um", a "you know" set off
 * by commas, "嗯", a "那个" before a pause. They are taken out of a key point's sentence, and a
 * sentence that is only fillers, or a fragment of under four words once they are gone, is never
 * a key point. Only words that are fillers wherever they stand are taken out anywhere; words that
 * are also real words ("like", "那个方案", "do you know when") only where a pause sets them off.
 */

/** Hesitation sounds: fillers wherever they stand, as whole words. */
const SOUNDS_EN = ['uh', 'uhm', 'um', 'umm', 'erm', 'er', 'ah', 'eh', 'hmm', 'mm', 'mhm'];
/** Phrases that are fillers when a pause (a comma, the sentence's start or end) sets them off. */
const PHRASES_EN = [
  'you know',
  'i mean',
  'like',
  'you see',
  'sort of',
  'kind of',
  'so yeah',
  'okay',
  'ok',
  'well',
  'so',
  'yeah',
  'right',
];
/** Chinese sounds: fillers wherever they stand ("额" is not one: it is in 金额, 额外). */
const SOUNDS_ZH = ['嗯', '呃'];
/** Chinese fillers when a pause follows them (or at the sentence's start, a comma after them). */
const PHRASES_ZH = [
  '那个',
  '就是说',
  '就是',
  '然后',
  '这个',
  '好的',
  '好吧',
  '对',
  '啊',
  '吧',
  '哦',
];

/** Which words a key point must have after the fillers are gone (shorter is a fragment). */
export const MIN_KEY_POINT_WORDS = 4;

const alternation = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/ /g, '\\s+'))
    .join('|');

const PAUSE = `[,，、;；]`;
const sound = new RegExp(
  `(^|[\\s,，、])(?:${alternation(SOUNDS_EN)})(?=$|[\\s,，、.!?。！？…])`,
  'giu',
);
const phrase = new RegExp(
  `(^|${PAUSE})\\s*(?:${alternation(PHRASES_EN)})\\s*(?=${PAUSE}|[.!?…]*$)`,
  'giu',
);
const soundZh = new RegExp(`(?:${alternation(SOUNDS_ZH)})[,，、.。…]*`, 'gu');
const phraseZh = new RegExp(`(^|${PAUSE}|\\s)(?:${alternation(PHRASES_ZH)})(?=${PAUSE}|$)`, 'gu');

/**
 * The sentence with its fillers taken out, the commas they leave tidied and the first letter
 * capitalized when it was; '' when nothing but fillers was said.
 */
export function withoutFillers(sentence: string): string {
  let text = sentence;
  // Twice: "uh, um, we" loses one filler a pass where two share a comma.
  for (let pass = 0; pass < 2; pass++) {
    text = text
      .replace(sound, '$1')
      .replace(phrase, '$1')
      .replace(soundZh, '')
      .replace(phraseZh, '$1');
  }
  text = text
    .replace(/\s+([,，、.!?。！？;；])/gu, '$1')
    .replace(/([,，、;；])(?:\s*[,，、;；])+/gu, '$1')
    .replace(/^[\s,，、;；.。]+/u, '')
    .replace(/[,，、;；]+(\s*[.!?。！？…]*)$/u, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return '';
  const first = sentence.trim().charAt(0);
  return first !== first.toLowerCase() ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
