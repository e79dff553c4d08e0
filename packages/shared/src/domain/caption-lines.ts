/**
 * The caption lines a reader sees (SPEC.md sections 4, 5 and 9): at most two on screen, the
 * rest waiting in a queue; a partial line is replaced by the later partials and the final of
 * the same utterance; an empty final takes its pending line away, unless it is speech that could
 * not be recognised, which stays, marked so; a late utterance shows as a pending line marked
 * delayed until its text comes (issue 31); lines go after 6 s (15 s for
 * a translation), checked every 5 s. A reader with a translation language reads the translation
 * with the words as spoken under it. Pure: the caller passes the time.
 */
import type { SubtitleMessage } from '../api/captions.js';

/** A line as spoken stays this long after its last change (SPEC.md section 9). */
export const CAPTION_LINE_MS = 6000;
/** A translation result stays longer: it is read after the words it translates. */
export const TRANSLATED_LINE_MS = 15000;
/** Lines on screen at once; more wait in the queue. */
export const CAPTION_MAX_ACTIVE = 2;
/** How often old lines are cleared. */
export const CAPTION_CLEANUP_MS = 5000;

export interface CaptionLine {
  /** The utterance's id: every partial and its final share it. */
  id: string;
  /** The speaker's member (peer) id and name. */
  speakerId: string;
  speakerName: string;
  /** What the reader reads: the translation when there is one, else the words as spoken. */
  text: string;
  /** The words as spoken, shown smaller under a translation; '' when `text` is them. */
  original: string;
  final: boolean;
  translated: boolean;
  /** Why the line could not be translated into the language the reader asked, when it could not. */
  untranslated?: { reason: 'noPair' | 'failed'; language: string };
  /** Recognition is behind: the text is still to come (issue 31); `text` may be ''. */
  delayed?: boolean;
  /** Final, but the speech could not be recognised: `text` is '', the reader is told so. */
  unrecognized?: boolean;
  /** Since when the line counts toward its lifetime: its last change, or when it came on screen. */
  since: number;
}

export interface CaptionLines {
  /** On screen, oldest first, at most CAPTION_MAX_ACTIVE. */
  active: readonly CaptionLine[];
  /** Waiting for a place on screen, oldest first. */
  queue: readonly CaptionLine[];
}

export const NO_CAPTIONS: CaptionLines = { active: [], queue: [] };

export interface CaptionOptions {
  /**
   * My own member id while my speech is interpreted: translated lines of my own words are not
   * shown back to me (SPEC.md section 5, "own interpreted-result subtitles… are ignored").
   */
  interpretingSelf?: string | null;
}

export function lifetimeOf(line: Pick<CaptionLine, 'translated'>): number {
  return line.translated ? TRANSLATED_LINE_MS : CAPTION_LINE_MS;
}

function lineOf(message: SubtitleMessage, now: number): CaptionLine {
  const translated = message.dstText.trim() !== '';
  return {
    id: message.id,
    speakerId: message.scode,
    speakerName: message.sname,
    text: translated ? message.dstText : message.srcText,
    original: translated ? message.srcText : '',
    final: message.status === 'final',
    translated,
    ...(message.dstError && {
      untranslated: { reason: message.dstError, language: message.dstLanguage },
    }),
    ...(message.status !== 'final' && message.delayed && { delayed: true }),
    ...(message.status === 'final' && message.recognized === false && { unrecognized: true }),
    since: now,
  };
}

/** Fills free places on screen from the queue; a line coming on screen starts its time then. */
function promote(active: CaptionLine[], queue: CaptionLine[], now: number): CaptionLines {
  while (active.length < CAPTION_MAX_ACTIVE && queue.length > 0)
    active.push({ ...queue.shift()!, since: now });
  return { active, queue };
}

/** The lines after one subtitle message arrived. */
export function addCaption(
  lines: CaptionLines,
  message: SubtitleMessage,
  now: number,
  options: CaptionOptions = {},
): CaptionLines {
  const final = message.status === 'final';
  const isTranslation = message.type.startsWith('translate');
  if (options.interpretingSelf && message.scode === options.interpretingSelf && isTranslation)
    return lines;
  const active = [...lines.active];
  const queue = [...lines.queue];
  const at = active.findIndex((l) => l.id === message.id);
  const waiting = queue.findIndex((l) => l.id === message.id);
  const current = at >= 0 ? active[at] : waiting >= 0 ? queue[waiting] : undefined;

  const unrecognized = final && message.recognized === false;
  if (!final && message.delayed && !current?.final) {
    // Late: a pending line for the utterance, keeping the words it already has.
    const next = current ? { ...current, delayed: true, since: now } : lineOf(message, now);
    if (at >= 0) active[at] = next;
    else if (waiting >= 0) queue[waiting] = next;
    else if (active.length < CAPTION_MAX_ACTIVE) active.push(next);
    else queue.push(next);
    return { active, queue };
  }
  if (final && message.srcText.trim() === '' && !unrecognized) {
    // Nothing was recognized after all: the pending line goes, the next one takes its place.
    if (!current) return lines;
    if (at >= 0) active.splice(at, 1);
    else queue.splice(waiting, 1);
    return promote(active, queue, now);
  }
  // A partial has nothing to show yet, or comes late after its final: nothing changes.
  if ((message.srcText.trim() === '' && !unrecognized) || (!final && current?.final)) return lines;

  // A partial of a line already late stays marked late until its final.
  const next = { ...lineOf(message, now), ...(!final && current?.delayed && { delayed: true }) };
  if (at >= 0) active[at] = next;
  else if (waiting >= 0) queue[waiting] = next;
  else if (active.length < CAPTION_MAX_ACTIVE) active.push(next);
  else queue.push(next);
  return { active, queue };
}

/**
 * The clean-up: lines on screen past their lifetime go and the queue moves up; a queued line
 * that waited longer than its lifetime is stale and goes unseen.
 */
export function expireCaptions(lines: CaptionLines, now: number): CaptionLines {
  const alive = (l: CaptionLine) => now - l.since < lifetimeOf(l);
  const active = lines.active.filter(alive);
  const queue = lines.queue.filter(alive);
  if (active.length === lines.active.length && queue.length === lines.queue.length) return lines;
  return promote(active, queue, now);
}
