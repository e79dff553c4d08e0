/**
 * Magic Cam's in-browser engine (SPEC.md section 1 "Magic Cam"; ARCHITECTURE.md "AI engines"):
 * which look a prompt asks for. The embedded default has no AI model: it renders a fixed set of
 * looks in WebGL, chosen by words of the prompt (English or Chinese, any case), tinted by a
 * colour word, and limited to the background or to the person by scope words. A prompt with
 * no look word is not renderable by it, and the UI says so instead of pretending.
 */

export const MAGIC_LOOKS = [
  'watercolor',
  'comic',
  'sketch',
  'oil',
  'neon',
  'pixel',
  'vintage',
  'noir',
  'popArt',
  'thermal',
] as const;
export type MagicLookName = (typeof MAGIC_LOOKS)[number];

/** What the in-browser engine renders for a prompt. */
export interface MagicLook {
  /** The main look, then at most one more drawn over it, in the prompt's order. */
  looks: MagicLookName[];
  /** A colour mixed in (0..255 each), or none. */
  tint: [number, number, number] | null;
  /** What is styled: the whole frame, only the background, or only the person. */
  scope: 'all' | 'background' | 'person';
  /** The vocabulary words found, in the prompt's order. */
  matched: string[];
}

/**
 * The words of each look. English words are matched whole (a plural `s` allowed), after
 * hyphens and underscores become spaces; Chinese ones anywhere in the text.
 */
const LOOK_WORDS: Record<MagicLookName, readonly string[]> = {
  watercolor: ['watercolor', 'watercolour', '水彩'],
  comic: ['comic', 'cartoon', 'anime', '漫画', '卡通', '动漫'],
  sketch: ['sketch', 'pencil', 'drawing', '素描', '铅笔'],
  oil: ['oil', 'painting', 'van gogh', '油画'],
  neon: ['neon', 'cyberpunk', '霓虹', '赛博朋克'],
  pixel: ['pixel', '8 bit', '8bit', 'retro game', '像素'],
  vintage: ['vintage', 'sepia', 'old photo', '复古', '怀旧', '老照片'],
  noir: ['noir', 'black and white', 'black & white', 'monochrome', '黑白'],
  popArt: ['pop art', 'popart', 'warhol', '波普'],
  thermal: ['thermal', 'infrared', '热成像'],
};

/**
 * "painting" and "drawing" say little on their own ("watercolor painting", "pencil drawing"):
 * they choose a look only when no other look is named.
 */
const WEAK_WORDS = new Set(['painting', 'drawing']);

const TINTS: readonly { words: readonly string[]; rgb: [number, number, number] }[] = [
  { words: ['red', '红'], rgb: [230, 40, 40] },
  { words: ['orange', '橙'], rgb: [255, 140, 0] },
  { words: ['yellow', '黄'], rgb: [255, 220, 0] },
  { words: ['green', '绿'], rgb: [40, 200, 70] },
  { words: ['blue', '蓝'], rgb: [40, 110, 255] },
  { words: ['purple', '紫'], rgb: [150, 60, 220] },
  { words: ['pink', '粉'], rgb: [255, 105, 180] },
  { words: ['gold', 'golden', '金'], rgb: [212, 175, 55] },
];

/** "only me", "only my face", "me only", 只有我, 仅人物 …: only the person is styled. */
const PERSON_ONLY = [
  /(?<![a-z0-9])only\s+(?:the\s+|my\s+)?(?:me|myself|person|face)(?![a-z0-9])/,
  /(?<![a-z0-9])(?:me|myself|person|face)\s+only(?![a-z0-9])/,
  /[只仅].{0,2}(?:我|人物)/,
];
const BACKGROUND_WORDS = ['background', '背景'];

const CJK = /[\u3400-\u9fff]/;

interface Hit {
  word: string;
  at: number;
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `word` first occurs in `text` (already normalised), or -1. */
function find(text: string, word: string): number {
  if (CJK.test(word)) return text.indexOf(word);
  const pattern = new RegExp(`(?<![a-z0-9])${escape(word)}(?:s|es)?(?![a-z0-9])`);
  return pattern.exec(text)?.index ?? -1;
}

function firstHit(text: string, words: readonly string[]): Hit | null {
  let best: Hit | null = null;
  for (const word of words) {
    const at = find(text, word);
    if (at >= 0 && (!best || at < best.at)) best = { word, at };
  }
  return best;
}

/** The look, tint and scope a prompt asks for; null when it names no look this engine has. */
export function parseMagicPrompt(prompt: string): MagicLook | null {
  const text = prompt.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();

  const strong: (Hit & { look: MagicLookName })[] = [];
  const weak: (Hit & { look: MagicLookName })[] = [];
  for (const look of MAGIC_LOOKS) {
    const words = LOOK_WORDS[look];
    const hit = firstHit(
      text,
      words.filter((w) => !WEAK_WORDS.has(w)),
    );
    const soft = firstHit(
      text,
      words.filter((w) => WEAK_WORDS.has(w)),
    );
    if (hit) strong.push({ ...hit, look });
    else if (soft) weak.push({ ...soft, look });
  }
  const found = (strong.length ? strong : weak).sort((a, b) => a.at - b.at).slice(0, 2);
  if (!found.length) return null;

  let tint: (Hit & { rgb: [number, number, number] }) | null = null;
  for (const colour of TINTS) {
    const hit = firstHit(text, colour.words);
    if (hit && (!tint || hit.at < tint.at)) tint = { ...hit, rgb: colour.rgb };
  }

  const person = PERSON_ONLY.map((pattern) => pattern.exec(text)).find(Boolean);
  const background = person ? null : firstHit(text, BACKGROUND_WORDS);
  const scopeHit: Hit | null = person
    ? { word: person[0], at: person.index }
    : (background ?? null);

  const matched = [...found, ...(tint ? [tint] : []), ...(scopeHit ? [scopeHit] : [])]
    .sort((a, b) => a.at - b.at)
    .map((hit) => hit.word);
  return {
    looks: found.map((hit) => hit.look),
    tint: tint ? [...tint.rgb] : null,
    scope: person ? 'person' : background ? 'background' : 'all',
    matched,
  };
}
