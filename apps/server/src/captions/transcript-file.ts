/**
 * A meeting's transcript as a file members download: WebVTT (cues timed from the meeting's
 * start, each with its speaker as a voice) or plain text (a title, then "[mm:ss] Name: text").
 * Speech that could not be recognised is a line of its own, "(speech not recognized)".
 */
import { serverText, type Language, type TranscriptLine } from '@meet/shared';
import type { ConferenceRow } from '../db/schema/index.js';

export interface TranscriptFile {
  filename: string;
  contentType: string;
  body: string;
}

function clock(ms: number, withMillis: boolean): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const base = withMillis ? `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}` : '';
  return withMillis ? base : h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** Cue text may not hold "-->" or a line break; the voice tag may not hold ">". */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');
const cueText = (text: string) => oneLine(text).replace(/-->/g, '→');
const voice = (name: string) => name.replace(/[<>]/g, '');

export function transcriptFile(
  conf: Pick<ConferenceRow, 'topic' | 'startTime' | 'startedAt'>,
  lines: TranscriptLine[],
  format: 'vtt' | 'txt',
  language: Language,
): TranscriptFile {
  const origin = conf.startedAt?.getTime() ?? lines[0]?.startTime ?? conf.startTime;
  const name = serverText('transcriptFileName', language, { topic: conf.topic });
  // Speech that could not be recognised keeps its place, said so in the reader's language.
  const unheard = serverText('speechNotRecognized', language);
  const said = lines.map((l) => (l.recognized === false || !l.text ? { ...l, text: unheard } : l));
  if (format === 'vtt') {
    const cues = said.map(
      (l, i) =>
        `${i + 1}\n${clock(l.startTime - origin, true)} --> ${clock(
          Math.max(l.endTime, l.startTime + 500) - origin,
          true,
        )}\n<v ${voice(l.speakerName)}>${cueText(l.text)}`,
    );
    return {
      filename: `${name}.vtt`,
      contentType: 'text/vtt; charset=utf-8',
      body: ['WEBVTT', ...cues].join('\n\n') + '\n',
    };
  }
  const title = serverText('transcriptTitle', language, { topic: conf.topic });
  const body = said.map(
    (l) => `[${clock(l.startTime - origin, false)}] ${l.speakerName}: ${oneLine(l.text)}`,
  );
  return {
    filename: `${name}.txt`,
    contentType: 'text/plain; charset=utf-8',
    body: [title, '', ...body].join('\n') + '\n',
  };
}
