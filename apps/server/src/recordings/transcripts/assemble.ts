/**
 * A recording's transcript (recording_transcript): the meeting's caption lines re-timed to the
 * recording, plus what the speech engine hears where no caption line of that member holds it.
 * With the members' own tracks (voice-tracks.ts), each track is heard as live captions hear the
 * member, and an utterance is left to the member's caption line when one covers it. Without them
 * (a stored recording's transcript made again: only the mix is left), the mixed audio's stretches
 * no caption line covers are heard, each utterance given to the member who was talking most
 * during it (talking timeline) or to 0 when nobody was. Speech the engine could not make out is
 * a line of its own (`unrecognized`, no text), never a gap. A pure function of its inputs, so the
 * caller may run it again and replace the rows (replaceTranscript).
 */
import type { Engines } from '../../engines/types.js';
import { PcmWavFile } from './pcm-wav-file.js';
import { speechPass, type Span, type SpeechSource } from './speech-pass.js';
import { TalkTimeline, type TimelineEvent } from './talk-timeline.js';
import type { CaptionSource, TranscriptLine } from './transcript-store.js';
import type { VoiceAudio } from './voice-tracks.js';

export type { Span } from './speech-pass.js';
export type { TimelineEvent } from './talk-timeline.js';
export { loadTranscriptSources, replaceTranscript } from './transcript-store.js';

export type { CaptionSource, TranscriptLine };

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
  /** Each member's own voice (16 kHz WAV); heard instead of the mix when there are any. */
  voices?: readonly VoiceAudio[];
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
  /** Of those, the ones members' caption lines held (not heard again). */
  captioned: number;
  /** Lines of speech the engine could not make out. */
  unrecognized: number;
  /** What was heard: each member's own track, or the mix. */
  source: 'voices' | 'mix' | '';
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

  const voices = input.voices ?? [];
  const useVoices = voices.length > 0;
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
    captioned: 0,
    unrecognized: 0,
    source: '',
    elapsedMs: 0,
  };
  const finish = (lines: TranscriptLine[]) => {
    report.elapsedMs = Math.round(performance.now() - began);
    return { lines: lines.sort(byTime), report };
  };

  const audioPath = input.audioPath;
  const skip: SpeechPassOutcome | undefined =
    !useVoices && uncovered.length === 0
      ? 'not-needed'
      : !useVoices && !audioPath
        ? 'no-audio'
        : !asr
          ? 'no-speech-engine'
          : !asr.languages.includes(language)
            ? 'language-not-recognized'
            : undefined;
  if (skip || !asr) {
    report.speechPass = skip ?? 'no-speech-engine';
    // The language is kept when it is the reason.
    if (skip !== 'language-not-recognized') report.language = '';
    return finish(captionLines);
  }

  const files: PcmWavFile[] = [];
  try {
    for (const file of useVoices ? voices.map((v) => v.audioPath) : [audioPath!]) {
      files.push(await PcmWavFile.open(file));
    }
    let sources: SpeechSource[];
    if (useVoices) {
      report.source = 'voices';
      sources = voices.map((voice, i) => {
        const own = captionLines.filter((l) => l.speakerId === voice.userId);
        return {
          audio: files[i]!,
          offsetMs: voice.offsetMs,
          speakerOf: () => voice.userId,
          covered: (span: Span) => heldBy(own, span),
          voice: `recording:${voice.userId}`,
        };
      });
    } else {
      report.source = 'mix';
      const timeline = new TalkTimeline(input.events, input.startedAt, input.stoppedAt);
      sources = [
        {
          audio: files[0]!,
          offsetMs: 0,
          spans: uncovered,
          speakerOf: (start, end) => timeline.speakerOf(start, end),
        },
      ];
    }
    const pass = await speechPass({ sources, vad, asr, language });
    report.scannedMs = pass.scannedMs;
    report.utterances = pass.found;
    report.captioned = pass.skipped;
    const speechLines: TranscriptLine[] = [];
    for (const u of pass.utterances) {
      const startTime = Math.min(durationMs, Math.max(0, u.start));
      const endTime = Math.max(startTime, Math.min(durationMs, u.end));
      if (endTime <= startTime && u.start >= durationMs) continue;
      speechLines.push({
        speakerId: u.speakerId,
        text: u.text,
        language,
        startTime,
        endTime,
        origin: u.recognized ? 'speech' : 'unrecognized',
      });
    }
    report.speechLines = speechLines.filter((l) => l.origin === 'speech').length;
    report.unrecognized = speechLines.length - report.speechLines;
    return finish([...captionLines, ...speechLines]);
  } finally {
    await Promise.all(files.map((f) => f.close()));
  }
}

/** A member's caption lines (widened by the margin) cover at least half of the utterance. */
function heldBy(lines: readonly TranscriptLine[], span: Span): boolean {
  const length = Math.max(1, span.end - span.start);
  let covered = 0;
  for (const l of lines) {
    const start = Math.max(span.start, l.startTime - COVER_MARGIN_MS);
    const end = Math.min(span.end, l.endTime + COVER_MARGIN_MS);
    covered += Math.max(0, end - start);
  }
  return covered >= length / 2;
}
