/**
 * A recording's transcript (recording_transcript): the meeting's caption lines re-timed to the
 * recording, plus — where no caption line covers the audio (captions were off) — what the speech
 * engine hears in the recording's mixed audio, each utterance given to the member who was talking
 * most during it (talking timeline) or to 0 when nobody was. A pure function of its inputs, so
 * the caller may run it again and replace the rows (replaceTranscript).
 */
import type { Engines } from '../engines/types.js';
import { PcmWavFile } from './pcm-wav-file.js';
import { speechPass, type Span } from './speech-pass.js';
import { TalkTimeline, type TimelineEvent } from './talk-timeline.js';

export type { Span } from './speech-pass.js';
export type { TimelineEvent } from './talk-timeline.js';
export { loadTranscriptSources, replaceTranscript } from './transcript-store.js';

/** A caption line of the meeting (caption_lines), times in server ms. */
export interface CaptionSource {
  speakerId: number;
  text: string;
  language: string;
  startTime: number;
  endTime: number;
}

/** A row of recording_transcript (without its recording). */
export interface TranscriptLine {
  /** A user id, or 0 when the speech pass could not tell who spoke. */
  speakerId: number;
  text: string;
  language: string;
  /** Milliseconds from the recording's start. */
  startTime: number;
  endTime: number;
  origin: 'captions' | 'speech';
}

export interface AssembleInput {
  /** When the recording started and stopped (server ms); its audio starts at `startedAt`. */
  startedAt: number;
  stoppedAt: number;
  /** The meeting's caption lines (those outside the recording are left out here). */
  captions: readonly CaptionSource[];
  /** The recording's timeline; its talk_start / talk_stop rows say who spoke when. */
  events: readonly TimelineEvent[];
  /** The recording's mixed audio: 16 kHz mono 16-bit WAV from `startedAt`; null when none. */
  audioPath: string | null;
  engines: Pick<Engines, 'asr' | 'vad'>;
  /** The meeting's language when there are no captions to tell (e.g. what members speak). */
  language?: string;
}

/** Why the speech pass did or did not run. */
export type SpeechPassOutcome =
  | 'done'
  /** Caption lines cover the whole recording. */
  | 'not-needed'
  | 'no-audio'
  | 'no-speech-engine'
  /** The speech engine does not recognize the meeting's language. */
  | 'language-not-recognized';

export interface AssembleReport {
  durationMs: number;
  captionLines: number;
  speechLines: number;
  /** The parts of the recording no caption line covers (ms from its start). */
  uncovered: Span[];
  speechPass: SpeechPassOutcome;
  /** The language the speech pass listened for ('' when it had none). */
  language: string;
  /** Audio the speech pass read, and the utterances its voice activity detector found. */
  scannedMs: number;
  utterances: number;
  /** Wall time of the whole assembly. */
  elapsedMs: number;
}

/** Caption times are the live pipeline's; the mixed audio may be off by a little. */
export const COVER_MARGIN_MS = 750;
/** A stretch without captions shorter than this holds no utterance worth a pass. */
export const MIN_UNCOVERED_MS = 1000;

/** [0, durationMs) minus the caption lines (each widened by the margin), gaps long enough. */
export function uncoveredSpans(
  lines: readonly { startTime: number; endTime: number }[],
  durationMs: number,
): Span[] {
  const covered = lines
    .map((l) => ({
      start: Math.max(0, l.startTime - COVER_MARGIN_MS),
      end: Math.min(durationMs, l.endTime + COVER_MARGIN_MS),
    }))
    .sort((a, b) => a.start - b.start);
  const gaps: Span[] = [];
  let at = 0;
  for (const c of covered) {
    if (c.start > at) gaps.push({ start: at, end: c.start });
    at = Math.max(at, c.end);
  }
  if (at < durationMs) gaps.push({ start: at, end: durationMs });
  return gaps.filter((g) => g.end - g.start >= MIN_UNCOVERED_MS);
}

/** The most common language of the lines (ties: the one met first), '' when none. */
export function mostCommonLanguage(lines: readonly { language: string }[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) if (l.language) counts.set(l.language, (counts.get(l.language) ?? 0) + 1);
  let best = '';
  let most = 0;
  for (const [language, n] of counts) if (n > most) [best, most] = [language, n];
  return best;
}

const byTime = (a: TranscriptLine, b: TranscriptLine) =>
  a.startTime - b.startTime ||
  a.endTime - b.endTime ||
  (a.origin === b.origin ? 0 : a.origin === 'captions' ? -1 : 1) ||
  a.speakerId - b.speakerId ||
  (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

export async function assembleTranscript(
  input: AssembleInput,
): Promise<{ lines: TranscriptLine[]; report: AssembleReport }> {
  const began = performance.now();
  const durationMs = Math.max(0, Math.round(input.stoppedAt - input.startedAt));
  const captionLines: TranscriptLine[] = [];
  for (const c of input.captions) {
    const text = c.text.trim();
    if (!text || c.endTime < input.startedAt || c.startTime > input.stoppedAt) continue;
    const startTime = Math.round(Math.max(0, c.startTime - input.startedAt));
    const endTime = Math.round(Math.min(durationMs, c.endTime - input.startedAt));
    captionLines.push({
      speakerId: c.speakerId,
      text,
      language: c.language,
      startTime,
      endTime: Math.max(startTime, endTime),
      origin: 'captions',
    });
  }

  const uncovered = uncoveredSpans(captionLines, durationMs);
  const { asr, vad } = input.engines;
  const language = mostCommonLanguage(captionLines) || input.language || asr?.languages[0] || '';
  const report: AssembleReport = {
    durationMs,
    captionLines: captionLines.length,
    speechLines: 0,
    uncovered,
    speechPass: 'done',
    language,
    scannedMs: 0,
    utterances: 0,
    elapsedMs: 0,
  };
  const finish = (lines: TranscriptLine[]) => {
    report.elapsedMs = Math.round(performance.now() - began);
    return { lines: lines.sort(byTime), report };
  };

  const audioPath = input.audioPath;
  const skip: SpeechPassOutcome | undefined =
    uncovered.length === 0
      ? 'not-needed'
      : !audioPath
        ? 'no-audio'
        : !asr
          ? 'no-speech-engine'
          : !asr.languages.includes(language)
            ? 'language-not-recognized'
            : undefined;
  if (skip || !asr || !audioPath) {
    report.speechPass = skip ?? 'no-speech-engine';
    // The language is kept when it is the reason.
    if (skip !== 'language-not-recognized') report.language = '';
    return finish(captionLines);
  }

  const timeline = new TalkTimeline(input.events, input.startedAt, input.stoppedAt);
  const audio = await PcmWavFile.open(audioPath);
  try {
    const pass = await speechPass({
      audio,
      spans: uncovered,
      vad,
      asr,
      language,
      speakerOf: (start, end) => timeline.speakerOf(start, end),
    });
    report.scannedMs = pass.scannedMs;
    report.utterances = pass.found;
    report.speechLines = pass.utterances.length;
    const speechLines = pass.utterances.map((u): TranscriptLine => ({
      speakerId: u.speakerId,
      text: u.text,
      language,
      startTime: u.start,
      endTime: Math.min(durationMs, u.end),
      origin: 'speech',
    }));
    return finish([...captionLines, ...speechLines]);
  } finally {
    await audio.close();
  }
}
