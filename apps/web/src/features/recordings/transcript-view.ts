/**
 * The transcript as the record page shows it, as pure functions: its speakers (for renaming;
 * SPEC.md section 5: a speaker's name is required), and the line being spoken at a time.
 */
import type { ErrorKey, TranscriptEntry } from '@meet/shared';
import type { SpeakerRename } from '../../api/records-api';

/** Each speaker once, in the order they first speak, with the name the transcript shows. */
export function speakersOf(transcript: readonly TranscriptEntry[]): SpeakerRename[] {
  const seen = new Map<number, string>();
  for (const line of transcript)
    if (!seen.has(line.speakerId)) seen.set(line.speakerId, line.speakerName);
  return [...seen].map(([speakerId, name]) => ({ speakerId, name }));
}

export type SpeakerCheck =
  { ok: true; renames: SpeakerRename[] } | { ok: false; speakerId: number; error: ErrorKey };

/** The names to send (trimmed, only those changed), or the first speaker left without one. */
export function checkSpeakerNames(
  before: readonly SpeakerRename[],
  edited: readonly SpeakerRename[],
): SpeakerCheck {
  const old = new Map(before.map((s) => [s.speakerId, s.name]));
  const renames: SpeakerRename[] = [];
  for (const speaker of edited) {
    const name = speaker.name.trim();
    if (!name) return { ok: false, speakerId: speaker.speakerId, error: 'speakerNameRequired' };
    if (name !== old.get(speaker.speakerId)) renames.push({ speakerId: speaker.speakerId, name });
  }
  return { ok: true, renames };
}

/** The index of the line spoken at `ms`: the last line that began at or before it, or -1. */
export function currentLine(transcript: readonly TranscriptEntry[], ms: number): number {
  let current = -1;
  for (const [index, line] of transcript.entries()) {
    if (line.startTime > ms) break;
    current = index;
  }
  return current;
}
