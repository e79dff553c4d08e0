/**
 * A recording's transcript as people read it (SPEC.md: the recording view): its lines with each
 * speaker's name (see speaker-names.ts), the names the owner corrects
 * (`/asr/updateRecordMemberName`), a whole edited transcript put back (`/asr/updateAsrFile`),
 * and the lines handed to the summary engine. The lines themselves are written by the
 * transcript pass (transcripts/); this module only reads them, except for an owner's edit.
 */
import { z } from 'zod';
import { serverText, speakerName, type Language, type TranscriptEntry } from '@meet/shared';
import type { SummaryLine } from '../../engines/types.js';
import { AppError } from '../../lib/app-error.js';
import type { RecordingTranscriptRow } from '../../db/schema/index.js';
import type {
  RecordingView,
  RecordsRepository,
  TranscriptLineInput,
} from './records-repository.js';
import { speakerNamesFor } from './speaker-names.js';

const MAX_LINES = 20_000;
const MAX_SPEAKERS = 200;

const editedLine = z
  .object({
    speakerId: z.number().int().min(0).max(2_147_483_647),
    speakerName: z.string().trim().max(50).optional(),
    text: z.string().trim().min(1).max(5000),
    startTime: z.number().int().min(0).max(1e12),
    endTime: z.number().int().min(0).max(1e12),
    origin: z.enum(['captions', 'speech', 'unrecognized']).optional(),
    language: z.string().max(16).optional(),
  })
  .refine((line) => line.endTime >= line.startTime);

const editedTranscript = z.union([
  z.array(editedLine).max(MAX_LINES),
  z.object({ transcript: z.array(editedLine).max(MAX_LINES) }).transform((o) => o.transcript),
]);

/** The language most of the lines are in; lines without one are judged by their script. */
export function mainLanguage(
  rows: readonly Pick<RecordingTranscriptRow, 'language' | 'text'>[],
): string {
  const votes = new Map<string, number>();
  for (const row of rows) {
    const language = row.language || (/\p{Script=Han}/u.test(row.text) ? 'zh' : 'en');
    votes.set(language, (votes.get(language) ?? 0) + row.text.length);
  }
  let best = 'en';
  let most = 0;
  for (const [language, n] of votes) if (n > most) [best, most] = [language, n];
  return best;
}

export class RecordTranscript {
  constructor(private readonly repo: RecordsRepository) {}

  /** The transcript with speakers' names, names made up ("Speaker N") in `language`. */
  async entries(view: RecordingView, language: Language): Promise<TranscriptEntry[]> {
    const rows = await this.repo.transcript(view.row.id);
    const names = await this.namesOf(view, rows, language);
    return rows.map((row, i) => ({
      speakerId: row.speakerId,
      speakerName: names[i]!,
      // Speech the engine could not make out: its span is shown, marked so.
      text:
        row.origin === 'unrecognized' && !row.text
          ? serverText('speechNotRecognized', language)
          : row.text,
      startTime: row.startTime,
      endTime: row.endTime,
      origin: row.origin,
    }));
  }

  /** What the summary engine reads: the lines with names, and the transcript's main language. */
  async summaryInput(view: RecordingView): Promise<{ lines: SummaryLine[]; language: string }> {
    const rows = (await this.repo.transcript(view.row.id)).filter(
      (row) => row.origin !== 'unrecognized',
    );
    const language = mainLanguage(rows);
    const names = await this.namesOf(view, rows, language === 'zh' ? 'zh' : 'en');
    return {
      language,
      lines: rows.map((row, i) => ({
        speaker: names[i]!,
        text: row.text,
        startTime: row.startTime,
      })),
    };
  }

  /** Stores names for speakers (`memberInfo`: [{speakerId, name}]); a blank name is refused. */
  async nameSpeakers(view: RecordingView, memberInfo: unknown): Promise<void> {
    const parsed = z.array(speakerName).min(1).max(MAX_SPEAKERS).safeParse(memberInfo);
    if (!parsed.success) {
      const blank = parsed.error.issues.some((i) => i.message === 'speakerNameRequired');
      throw AppError.badRequest(blank ? 'speakerNameRequired' : 'fieldInvalid', {
        field: 'memberInfo',
      });
    }
    await this.repo.setSpeakerNames(view.row.id, parsed.data);
  }

  /** Replaces the transcript with an edited one (JSON: the lines, as getRecordInfo gives them). */
  async replaceFrom(view: RecordingView, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw AppError.badRequest('transcriptFileInvalid');
    }
    const parsed = editedTranscript.safeParse(json);
    if (!parsed.success) throw AppError.badRequest('transcriptFileInvalid');
    const fallbackLanguage = mainLanguage(await this.repo.transcript(view.row.id));
    const lines: TranscriptLineInput[] = parsed.data
      .map((line) => ({
        speakerId: line.speakerId,
        text: line.text,
        language: line.language ?? fallbackLanguage,
        startTime: line.startTime,
        endTime: line.endTime,
        origin: line.origin ?? 'captions',
      }))
      .sort((a, b) => a.startTime - b.startTime);
    const given = new Map<number, string>();
    for (const line of parsed.data) {
      if (line.speakerName && !given.has(line.speakerId))
        given.set(line.speakerId, line.speakerName);
    }
    await this.repo.replaceTranscript(view.row.id, lines);
    await this.repo.setSpeakerNames(
      view.row.id,
      [...given].map(([speakerId, name]) => ({ speakerId, name })),
    );
  }

  private async namesOf(
    view: RecordingView,
    rows: readonly RecordingTranscriptRow[],
    language: Language,
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const [given, members] = await Promise.all([
      this.repo.speakerNames(view.row.id),
      this.repo.memberNames(view.row.id),
    ]);
    return speakerNamesFor(rows, given, members, view.row.startedAt.getTime(), (n) =>
      serverText('speakerNumbered', language, { n }),
    );
  }
}
