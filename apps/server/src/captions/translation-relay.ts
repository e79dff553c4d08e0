/**
 * Translations in step with captions (issue 31): while a line is still being spoken, its words
 * so far are translated once the speaker pauses (no new words for `PAUSE_MS`), or at the latest
 * every `MAX_WAIT_MS` of unbroken speech, so a reader with a caption language reads the
 * translation growing with the line instead of waiting for its end. One translation per
 * utterance and language is in flight at a time; answers that come after the line's final are
 * dropped (the final is translated at once by its own path).
 */
import type { SubtitleMessage } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TranslateEngine } from '../engines/types.js';

/** No new words for this long: the words so far are stable enough to translate. */
export const PAUSE_MS = 600;
/** Unbroken speech still gets a translation this often. */
export const MAX_WAIT_MS = 2000;

export interface RelayDeps {
  /** The translation, or null when there is none (no pair, engine error). */
  translate: (text: string, from: string, to: string) => Promise<string | null>;
  /** The languages readers want this utterance in now (never its own). */
  languages: () => string[];
  /** A new translation of the line so far is ready: send it to the readers. */
  updated: (utteranceId: string) => void;
}

interface Pending {
  from: string;
  text: string;
  /** When the words not yet translated first appeared. */
  since: number;
  timer: NodeJS.Timeout | undefined;
  /** Translation of the words so far, per language, and the words it translates. */
  done: Map<string, { src: string; dst: string }>;
  busy: Set<string>;
}

export class TranslationRelay {
  private readonly lines = new Map<string, Pending>();

  /** New words of a line being spoken. */
  partial(utteranceId: string, from: string, text: string, deps: RelayDeps): void {
    const now = Date.now();
    let line = this.lines.get(utteranceId);
    if (!line) {
      line = { from, text: '', since: now, timer: undefined, done: new Map(), busy: new Set() };
      this.lines.set(utteranceId, line);
    }
    if (line.text === text) return;
    if (line.timer === undefined) line.since = now;
    line.text = text;
    this.schedule(utteranceId, line, deps);
  }

  private schedule(utteranceId: string, line: Pending, deps: RelayDeps): void {
    clearTimeout(line.timer);
    const wait = Math.max(0, Math.min(PAUSE_MS, line.since + MAX_WAIT_MS - Date.now()));
    line.timer = setTimeout(() => this.run(utteranceId, deps), wait);
    line.timer.unref();
  }

  private run(utteranceId: string, deps: RelayDeps): void {
    const line = this.lines.get(utteranceId);
    if (!line) return;
    line.timer = undefined;
    const text = line.text;
    for (const language of deps.languages()) {
      if (line.busy.has(language) || line.done.get(language)?.src === text) continue;
      line.busy.add(language);
      void deps
        .translate(text, line.from, language)
        .catch(() => null)
        .then((dst) => {
          line.busy.delete(language);
          // The final came first: its own translation is what counts.
          if (this.lines.get(utteranceId) !== line) return;
          if (dst) {
            line.done.set(language, { src: text, dst });
            deps.updated(utteranceId);
          }
          // Words came while this one was translated: they get their turn.
          if (line.text !== text && line.timer === undefined)
            this.schedule(utteranceId, line, deps);
        });
    }
  }

  /** The words of the line so far. */
  words(utteranceId: string): string {
    return this.lines.get(utteranceId)?.text ?? '';
  }

  /** The latest translation of the line so far into `language`, or ''. */
  translation(utteranceId: string, language: string): string {
    return this.lines.get(utteranceId)?.done.get(language)?.dst ?? '';
  }

  /** A partial line as one reader reads it: with the translation so far into `language`. */
  lineFor(line: SubtitleMessage, language: string): SubtitleMessage {
    const dstText = language ? this.translation(line.id, language) : '';
    if (!dstText) return line;
    return { ...line, type: 'translate_realtime_result', dstText, dstLanguage: language };
  }

  /** The line is final (or gone): nothing more is translated for it. */
  end(utteranceId: string): void {
    const line = this.lines.get(utteranceId);
    if (!line) return;
    clearTimeout(line.timer);
    this.lines.delete(utteranceId);
  }

  close(): void {
    for (const id of [...this.lines.keys()]) this.end(id);
  }
}

/** One line into one language by the first engine with the pair; null when none can. */
export async function translateLine(
  engines: readonly TranslateEngine[],
  log: FastifyBaseLogger,
  text: string,
  from: string,
  to: string,
): Promise<string | null> {
  const engine = engines.find((e) => e.pairs.some(([a, b]) => a === from && b === to));
  if (!engine) return null;
  try {
    return (await engine.translate(text, from, to)).trim() || null;
  } catch (error) {
    log.warn({ err: error, engine: engine.name, from, to }, 'translation failed');
    return null;
  }
}

export function hasPair(engines: readonly TranslateEngine[], from: string, to: string): boolean {
  return engines.some((e) => e.pairs.some(([a, b]) => a === from && b === to));
}

/**
 * A final line a reader asked to read in `language` that comes as spoken, saying why: no engine
 * has the pair, or it was paid for and the engine failed. While credits are out it is simply
 * the line as spoken (the menu says translation stopped).
 */
export function untranslated(
  spoken: SubtitleMessage,
  language: string,
  paid: boolean,
  pair: boolean,
): SubtitleMessage {
  if (!language || (pair && !paid)) return spoken;
  return { ...spoken, dstLanguage: language, dstError: pair ? 'failed' : 'noPair' };
}
